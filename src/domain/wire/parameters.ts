/** The site's parameters and their history as the API answers them ('Configurações do Sistema'). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, RecordVersion, Timestamp, WireObject } from './answers';

export const Parameter = WireObject({
  id: Type.Integer(),
  parametro: Type.String(),
  valor: Type.String(),
  descricao: Nullable(Type.String()),
  tipo: Type.String({ description: 'url, number, email or text' }),
  atualizado_em: Timestamp,
  versao: RecordVersion,
});
export type Parameter = Static<typeof Parameter>;

/** One recorded change of a parameter. */
export const ParameterChange = WireObject({
  id: Type.Integer(),
  valor_anterior: Nullable(Type.String()),
  valor_novo: Type.String(),
  alterado_por: WireObject({ tipo: Type.String(), id: Type.Integer(), nome: Type.String() }),
  alterado_em: Timestamp,
});
export type ParameterChange = Static<typeof ParameterChange>;
