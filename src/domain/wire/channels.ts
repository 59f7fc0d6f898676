/** Partners, branches and resellers as the API answers them (spec section 3). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, RecordVersion, Timestamp, WireObject } from './answers';

export const Partner = WireObject({
  id: Type.Integer(),
  nome: Type.String(),
  cnpj: Type.String({ description: '14 characters (digits, or letters and digits for an alphanumeric CNPJ)' }),
  email: Type.String(),
  agencia: Nullable(Type.String()),
  conta: Nullable(Type.String()),
  digito: Nullable(Type.String()),
  pix: Nullable(Type.String()),
  ativo: Type.Boolean(),
  logotipo: Nullable(Type.String({ description: "The logo's URL (cacheable, public)" })),
  data_registro: Timestamp,
  versao: RecordVersion,
});
export type Partner = Static<typeof Partner>;

/** A partner as a branch user reads it: without its bank details (administrators and the partner itself see them). */
export const PartnerView = Type.Composite(
  [Type.Omit(Partner, ['agencia', 'conta', 'digito', 'pix']), Type.Partial(Type.Pick(Partner, ['agencia', 'conta', 'digito', 'pix']))],
  { additionalProperties: false },
);
export type PartnerView = Static<typeof PartnerView>;

/** A partner in a form's picker (GET /api/partners/options). */
export const PartnerOption = WireObject({ id: Type.Integer(), nome: Type.String(), ativo: Type.Boolean() });
export type PartnerOption = Static<typeof PartnerOption>;

export const Branch = WireObject({
  id: Type.Integer(),
  id_parceiro: Type.Integer(),
  titulo: Type.String(),
  apelido: Nullable(Type.String()),
  endereco: Nullable(Type.String()),
  email: Type.String(),
  ativo: Type.Boolean(),
  data_registro: Timestamp,
  parceiro: WireObject({ nome: Type.String() }),
  versao: RecordVersion,
});
export type Branch = Static<typeof Branch>;

/** A branch in a form's picker (GET /api/branches/options). */
export const BranchOption = WireObject({ id: Type.Integer(), id_parceiro: Type.Integer(), titulo: Type.String(), ativo: Type.Boolean() });
export type BranchOption = Static<typeof BranchOption>;

export const Reseller = WireObject({
  id: Type.Integer(),
  id_parceiro: Type.Integer(),
  id_filial: Type.Integer(),
  nome: Type.String(),
  cpf: Type.String({ description: '11 digits' }),
  cargo: Nullable(Type.String()),
  email: Type.String(),
  pix: Nullable(Type.String()),
  ativo: Type.Boolean(),
  data_registro: Timestamp,
  parceiro_nome: Type.String(),
  filial_titulo: Type.String(),
  versao: RecordVersion,
});
export type Reseller = Static<typeof Reseller>;
