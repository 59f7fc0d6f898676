import { object, string, type InferType } from './yup';
import { tooLongMessage } from '../fieldMessages';
import {
  BENEFICIARY_MESSAGES as M,
  BENEFICIARY_TYPES,
  DEFAULT_PAYMENT_TYPE,
  DEFAULT_SERVICE_TYPE,
  PAYMENT_TYPE_CODES,
  SERVICE_TYPE_CODES,
  type Beneficiary,
  type BeneficiaryType,
} from '../beneficiaries';
import { saoPauloToday } from '../calendar';
import { formatCep, formatPhone, isValidCpf, onlyDigits } from '../documents';
import { isUf } from '../ufs';
import { emailAddress } from './email';
import { freeText, normalizeText, wasGiven } from './text';

/**
 * The create and edit rules of spec section 5 (plus CPF check digits, digits-only documents and the
 * 27 UFs). The forms validate with these schemas and the server validates the request bodies with
 * the very same ones, so both say the same thing.
 */

// Transforms must survive any JSON a client sends (objects, numbers): yup's own trim() would throw.
const absentAsEmpty = (value: unknown, original: unknown) => (original === null || original === undefined ? '' : value);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const upperCased = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);
const digitsOnly = (value: unknown, original: unknown) =>
  original === null || original === undefined ? '' : typeof value === 'string' ? onlyDigits(value) : value;

const text = (field: string, max: number) =>
  freeText().typeError(M.invalidValue).transform(absentAsEmpty).transform(normalizeText).max(max, tooLongMessage(field, max));

/**
 * Digits only; when given, between `min` and `max` digits. A value without a digit ('abc') is
 * refused, not read as no value: that would erase the one stored.
 */
const optionalDigits = (min: number, max: number, message: string) =>
  string()
    .typeError(message)
    .transform(digitsOnly)
    .test('digits', message, function (value) {
      return value ? value.length >= min && value.length <= max : !wasGiven(this.originalValue);
    });

/** A real calendar date (yyyy-mm-dd) from 1900 up to today in São Paulo. */
export function isValidBirthday(value: string | undefined, now: Date = new Date()): boolean {
  if (!value) return true;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && year >= 1900 && value <= saoPauloToday(now);
}

/** A code from a fixed list; on create an absent or empty code means the default. */
const codeField = (codes: readonly string[], message: string, fallback?: string) => {
  const schema = string()
    .typeError(message)
    .transform((value, original) => (fallback && (original === null || original === '') ? fallback : value))
    .oneOf([...codes], message);
  return fallback ? schema.default(fallback) : schema;
};

/**
 * The fields create and edit share. On edit an absent field stays as it is; on create absent
 * payment and service types take the spec's defaults (S and G).
 */
const sharedFields = (emailMessage: string, withDefaults: boolean) => ({
  name: text('Nome', 150).required(M.nameRequired),
  birthday: string()
    .typeError(M.birthdayInvalid)
    .transform(absentAsEmpty)
    .transform(trimmed)
    .required(M.birthdayRequired)
    .test('birthday', M.birthdayInvalid, (value) => isValidBirthday(value)),
  phone: optionalDigits(10, 11, M.phoneInvalid),
  email: emailAddress(text('Email', 200), emailMessage),
  zipCode: optionalDigits(8, 8, M.zipCodeInvalid),
  address: text('Endereço', 200),
  city: text('Cidade', 100),
  state: string()
    .typeError(M.stateInvalid)
    .transform(absentAsEmpty)
    .transform(trimmed)
    .transform(upperCased)
    .test('uf', M.stateInvalid, (value) => !value || isUf(value)),
  paymentType: codeField(PAYMENT_TYPE_CODES, M.paymentTypeInvalid, withDefaults ? DEFAULT_PAYMENT_TYPE : undefined),
  serviceType: codeField(SERVICE_TYPE_CODES, M.serviceTypeInvalid, withDefaults ? DEFAULT_SERVICE_TYPE : undefined),
});

export const beneficiaryCreateSchema = object({
  beneficiaryType: string()
    .typeError(M.typeRequired)
    .required(M.typeRequired)
    .oneOf([...BENEFICIARY_TYPES], M.typeRequired),
  cpf: string()
    .typeError(M.cpfInvalid)
    .transform(digitsOnly)
    .required(M.cpfRequired)
    .test('cpf', M.cpfInvalid, (value) => !value || isValidCpf(value)),
  holder: string()
    .typeError(M.holderInvalid)
    .transform(digitsOnly)
    .when('beneficiaryType', {
      is: 'dependente',
      then: (schema) =>
        schema
          .required(M.holderRequired)
          .test('cpf', M.holderInvalid, (value) => !value || isValidCpf(value))
          .test('differs', M.holderSameAsCpf, function differs(value) {
            return !value || value !== onlyDigits(String(this.parent.cpf ?? ''));
          }),
      // A holder has no holder: whatever was sent is dropped.
      otherwise: (schema) => schema.strip(),
    }),
  ...sharedFields(M.createEmailInvalid, true),
});

export const beneficiaryEditSchema = object(sharedFields(M.editEmailInvalid, false));

export type BeneficiaryCreateInput = InferType<typeof beneficiaryCreateSchema>;
export type BeneficiaryEditInput = InferType<typeof beneficiaryEditSchema>;

/** The create form's values: what the user typed, masks included. */
export interface BeneficiaryCreateValues {
  beneficiaryType: BeneficiaryType;
  holder: string;
  name: string;
  cpf: string;
  birthday: string;
  phone: string;
  email: string;
  zipCode: string;
  address: string;
  city: string;
  state: string;
  paymentType: string;
  serviceType: string;
}

export type BeneficiaryEditValues = Omit<BeneficiaryCreateValues, 'beneficiaryType' | 'holder' | 'cpf'>;

export const EMPTY_CREATE_VALUES: BeneficiaryCreateValues = {
  beneficiaryType: 'titular',
  holder: '',
  name: '',
  cpf: '',
  birthday: '',
  phone: '',
  email: '',
  zipCode: '',
  address: '',
  city: '',
  state: '',
  paymentType: DEFAULT_PAYMENT_TYPE,
  serviceType: DEFAULT_SERVICE_TYPE,
};

/** The POST body of spec section 7: CPF, phone, CEP and holder as digits; `general` is part of the contract. */
export function toCreatePayload(values: BeneficiaryCreateValues) {
  return {
    name: values.name.trim(),
    cpf: onlyDigits(values.cpf),
    birthday: values.birthday,
    beneficiaryType: values.beneficiaryType,
    holder: values.beneficiaryType === 'dependente' ? onlyDigits(values.holder) : '',
    phone: onlyDigits(values.phone),
    email: values.email.trim(),
    zipCode: onlyDigits(values.zipCode),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state,
    paymentType: values.paymentType,
    serviceType: values.serviceType,
    general: '',
  };
}
export type BeneficiaryCreatePayload = ReturnType<typeof toCreatePayload>;

/** The edit form's first values: phone and CEP shown with their masks, as the fields show what is typed. */
export function editValuesOf(beneficiary: Beneficiary): BeneficiaryEditValues {
  return {
    name: beneficiary.name,
    birthday: beneficiary.birthday ?? '',
    phone: formatPhone(beneficiary.phone),
    email: beneficiary.email ?? '',
    zipCode: formatCep(beneficiary.zipCode),
    address: beneficiary.address ?? '',
    city: beneficiary.city ?? '',
    state: beneficiary.state ?? '',
    paymentType: beneficiary.paymentType,
    serviceType: beneficiary.serviceType,
  };
}

/** The PUT body: phone and CEP as digits. */
export function toEditPayload(values: BeneficiaryEditValues) {
  return {
    name: values.name.trim(),
    birthday: values.birthday,
    phone: onlyDigits(values.phone),
    email: values.email.trim(),
    zipCode: onlyDigits(values.zipCode),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state,
    paymentType: values.paymentType,
    serviceType: values.serviceType,
  };
}
export type BeneficiaryEditPayload = ReturnType<typeof toEditPayload>;
