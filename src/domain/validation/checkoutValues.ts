import { DEFAULT_PLAN } from '../plans';
import type { CheckoutValues } from './checkout';

/**
 * The form's starting values: every field empty, consulta_avulsa chosen. Apart from the rules
 * (./checkout.ts, on yup) so the checkout renders its form without loading them.
 */
export const emptyCheckoutValues = (): CheckoutValues => ({
  selectedPlan: DEFAULT_PLAN,
  name: '',
  cpfCnpj: '',
  email: '',
  phone: '',
  mobilePhone: '',
  postalCode: '',
  address: '',
  addressNumber: '',
  addressComplement: '',
  province: '',
  city: '',
  state: '',
  creditCard: { holderName: '', number: '', expiryMonth: '', expiryYear: '', ccv: '' },
});
