import { object, string, type InferType } from './yup';
import { cardBrand, ccvLength, currentYear, fullExpiryYear, isExpiryInFuture, isValidCardNumber } from '../cards';
import { CHECKOUT_MAX_DIGITS, CHECKOUT_MAX_TEXT, CHECKOUT_VALIDATION as V } from '../checkout';
import { isValidCnpj, isValidCpfOrCnpj, normalizeCpfOrCnpj, onlyDigits } from '../documents';
import { PLAN_IDS } from '../plans';
import { UF_CODES } from '../ufs';
import { emailAddress } from './email';
import { freeText, wasGiven } from './text';

/**
 * A field sent as digits only: masks and spaces typed in the form are stripped before any rule runs.
 * Text or a number only: a list or an object is refused with the field's message, not read as digits.
 */
const digits = (invalid: string) =>
  string()
    .typeError(invalid)
    .transform((value: unknown, original: unknown) => (original == null ? '' : typeof value === 'string' ? onlyDigits(value) : value));

const text = (requiredMessage: string) => freeText().required(requiredMessage).max(CHECKOUT_MAX_TEXT, V.tooLong);

/** Rules that only judge a value once something was typed (empty values get the "required" message alone). */
const filled = (value: string | undefined): value is string => !!value;

const PHONE_LENGTHS = [10, 11];

/**
 * The checkout's rules (spec section 5): the form validates with this schema (one toast per failing
 * field) and POST /api/payment validates the body with the same one, so both always agree.
 */
export const checkoutSchema = object({
  selectedPlan: string()
    .required(V.planRequired)
    .oneOf([...PLAN_IDS], V.planRequired),
  name: text(V.nameRequired),
  // Digits for a CPF; a CNPJ may carry letters (the alphanumeric CNPJ), kept upper case.
  cpfCnpj: string()
    .transform((value: unknown) => normalizeCpfOrCnpj(typeof value === 'string' ? value : String(value ?? '')))
    .required(V.cpfCnpjRequired)
    .max(CHECKOUT_MAX_DIGITS.cpfCnpj, V.cpfCnpjInvalid)
    .test('cpf-cnpj', V.cpfCnpjInvalid, (value) => !filled(value) || isValidCpfOrCnpj(value))
    // The buyer becomes the plan's beneficiary, a person: a valid CNPJ is refused with its own message.
    .test('person', V.cpfCnpjCompany, (value) => !filled(value) || !isValidCnpj(value)),
  email: emailAddress(string().trim().required(V.emailRequired), V.emailInvalid).max(CHECKOUT_MAX_TEXT, V.emailInvalid),
  phone: digits(V.phoneInvalid)
    .required(V.phoneRequired)
    .max(CHECKOUT_MAX_DIGITS.phone, V.phoneInvalid)
    .test('phone', V.phoneInvalid, (value) => !filled(value) || PHONE_LENGTHS.includes(value.length)),
  mobilePhone: digits(V.mobilePhoneInvalid)
    .max(CHECKOUT_MAX_DIGITS.phone, V.mobilePhoneInvalid)
    .test('mobile-phone', V.mobilePhoneInvalid, function (value) {
      return filled(value) ? PHONE_LENGTHS.includes(value.length) : !wasGiven(this.originalValue);
    }),
  postalCode: digits(V.postalCodeInvalid)
    .required(V.postalCodeRequired)
    .test('cep', V.postalCodeInvalid, (value) => !filled(value) || value.length === CHECKOUT_MAX_DIGITS.postalCode),
  address: text(V.addressRequired),
  addressNumber: freeText().required(V.addressNumberRequired).max(20, V.tooLong),
  addressComplement: freeText().max(CHECKOUT_MAX_TEXT, V.tooLong),
  province: text(V.provinceRequired),
  city: text(V.cityRequired),
  state: string()
    .trim()
    .uppercase()
    .required(V.stateRequired)
    .test('state-length', V.stateLength, (value) => !filled(value) || value.length === 2)
    .test('state-uf', V.stateInvalid, (value) => !filled(value) || value.length !== 2 || UF_CODES.includes(value)),
  creditCard: object({
    holderName: text(V.holderNameRequired),
    number: digits(V.cardNumberInvalid)
      .required(V.cardNumberRequired)
      .max(CHECKOUT_MAX_DIGITS.cardNumber, V.cardNumberInvalid)
      .test('card-number', V.cardNumberInvalid, (value) => !filled(value) || isValidCardNumber(value)),
    expiryMonth: digits(V.expiryMonthInvalid)
      .required(V.expiryMonthRequired)
      .max(CHECKOUT_MAX_DIGITS.expiryMonth, V.expiryMonthInvalid)
      .test('month-range', V.expiryMonthInvalid, (value) => !filled(value) || (Number(value) >= 1 && Number(value) <= 12))
      .test('month-expired', V.cardExpired, function (value) {
        if (!filled(value)) return true;
        const year = fullExpiryYear(String(this.parent.expiryYear ?? ''));
        // A past year is the year's own error; this one judges the months of the current year.
        return year !== currentYear() || isExpiryInFuture(Number(value), year);
      }),
    expiryYear: digits(V.expiryYearInvalid)
      .required(V.expiryYearRequired)
      .max(CHECKOUT_MAX_DIGITS.expiryYear, V.expiryYearInvalid)
      .test('year-format', V.expiryYearInvalid, (value) => {
        if (!filled(value)) return true;
        if (value.length !== 2 && value.length !== 4) return false;
        return fullExpiryYear(value) <= currentYear() + 20;
      })
      .test('year-expired', V.cardExpired, (value) => !filled(value) || fullExpiryYear(value) >= currentYear()),
    ccv: digits(V.ccvInvalid)
      .required(V.ccvRequired)
      .max(CHECKOUT_MAX_DIGITS.ccv, V.ccvInvalid)
      .test('ccv', V.ccvInvalid, function (value) {
        if (!filled(value)) return true;
        const brand = cardBrand(String(this.parent.number ?? ''));
        return brand ? value.length === ccvLength(brand) : value.length === 3 || value.length === 4;
      }),
  }),
});

/** Longer than this, a `rev` is surely no reseller's id (those have ten digits at most). */
const LONGEST_REV = 20;

/**
 * POST /api/payment: the form's fields plus the sales link's reseller reference (checked, never
 * trusted). A `rev` too long to be an id is dropped, not refused: a malformed link sells without a
 * reseller (server/services/payments/resellerLink.ts), and a refusal would stop every payment from it.
 */
export const paymentRequestSchema = checkoutSchema.shape({
  rev: string()
    .trim()
    .transform((value: string | null | undefined) => (value && value.length > LONGEST_REV ? null : value))
    .nullable()
    .optional(),
});

/** Paying by Pix: the same buyer's fields, without the card (hidden and not required). */
export const pixCheckoutSchema = checkoutSchema.omit(['creditCard']);
/** POST /api/payment/pix */
export const pixPaymentRequestSchema = paymentRequestSchema.omit(['creditCard']);

export type CheckoutValues = InferType<typeof checkoutSchema>;
export type PixPaymentRequest = InferType<typeof pixPaymentRequestSchema>;
export type PaymentRequest = InferType<typeof paymentRequestSchema>;

/** The card holder as the spec's payload (`creditCardHolderInfo`) and the gateway's charge carry it. */
export interface CardHolderInfo {
  name: string;
  email: string;
  cpfCnpj: string;
  postalCode: string;
  addressNumber: string;
  addressComplement: string;
  phone: string;
  mobilePhone: string;
}
