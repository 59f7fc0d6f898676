/** The address lookup by CEP as the API answers it (GET /api/cep/:cep). */
import { Type, type Static } from '@sinclair/typebox';
import { WireObject } from './answers';

/** An address as the forms fill it: street, neighbourhood, city and UF. */
export const CepAddress = WireObject({
  cep: Type.String({ description: '8 digits' }),
  street: Type.String(),
  neighbourhood: Type.String(),
  city: Type.String(),
  state: Type.String({ description: 'UF, two letters' }),
});
export type CepAddress = Static<typeof CepAddress>;
