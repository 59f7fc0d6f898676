/** Beneficiaries as the API answers them (spec sections 3 and 7). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, WireObject } from './answers';

/**
 * A beneficiary. `holder` is the holder's CPF on a dependent and null on a holder; the sales
 * channel names are null when staff created it.
 */
export const Beneficiary = WireObject({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  cpf: Type.String({ description: '11 digits (14 for a company that bought before CNPJs were refused)' }),
  birthday: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  paymentType: Type.String({ description: 'S (Recorrente) or A (Consulta)' }),
  serviceType: Type.String({ description: 'G, P, GP, GS or GSP' }),
  holder: Nullable(Type.String({ description: "The holder's CPF (dependents only)" })),
  isActive: Type.Boolean(),
  planFromSale: Type.Boolean({
    description: 'Sold through the checkout: payment and service types follow the paid plan, and only administrators change them',
  }),
  nome_revendedor: Nullable(Type.String()),
  nome_filial: Nullable(Type.String()),
  nome_parceiro: Nullable(Type.String()),
});
export type Beneficiary = Static<typeof Beneficiary>;

/** GET /api/beneficiaries: one page of holders, each followed by its dependents (X-Total-Count counts holders). */
export const BeneficiaryPage = Type.Array(Beneficiary);

/** POST /api/beneficiaries (201) and PUT /api/beneficiaries/:uuid: the spec's success and message, and the record as saved. */
export const BeneficiarySaveAnswer = WireObject({ success: Type.Boolean(), message: Type.String(), beneficiary: Beneficiary });
export type BeneficiarySaveAnswer = Static<typeof BeneficiarySaveAnswer>;

/** DELETE /api/beneficiaries/:uuid: the status flipped, and the new state. */
export const BeneficiaryStatusAnswer = WireObject({ success: Type.Boolean(), message: Type.String(), isActive: Type.Boolean() });
export type BeneficiaryStatusAnswer = Static<typeof BeneficiaryStatusAnswer>;
