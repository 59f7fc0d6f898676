import type { Beneficiary } from '../domain/beneficiaries';

/** A beneficiary as the API answers it: a holder created by staff with only the required fields, changed by `overrides`. */
export const beneficiaryRecord = (overrides: Partial<Beneficiary> = {}): Beneficiary => ({
  id: 1,
  uuid: 'b-1',
  name: 'Titular',
  cpf: '52998224725',
  birthday: null,
  phone: null,
  email: null,
  zipCode: null,
  address: null,
  city: null,
  state: null,
  paymentType: 'S',
  serviceType: 'G',
  holder: null,
  isActive: true,
  planFromSale: false,
  nome_revendedor: null,
  nome_filial: null,
  nome_parceiro: null,
  ...overrides,
});
