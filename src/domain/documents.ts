/** Brazilian document helpers: digits-only normalisation, check digits and display masks. */
import { isValidCnpj, normalizeCnpj } from './cnpj';

export { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

export const onlyDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + Number(digits[index]) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CPF's first nine digits. */
export function cpfCheckDigits(base9: string): string {
  const first = checkDigit(base9, CPF_WEIGHTS_1);
  return `${first}${checkDigit(base9 + first, CPF_WEIGHTS_2)}`;
}

export function isValidCpf(value: string | null | undefined): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** A CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) with valid check digits. */
export function isValidCpfOrCnpj(value: string | null | undefined): boolean {
  const document = normalizeCnpj(value);
  return /^\d{11}$/.test(document) ? isValidCpf(document) : isValidCnpj(document);
}

/** A CPF's digits, or a CNPJ's characters (letters kept): how either is sent and stored. */
export const normalizeCpfOrCnpj = normalizeCnpj;

function applyMask(digits: string, pattern: string): string {
  let result = '';
  let index = 0;
  for (const char of pattern) {
    if (index >= digits.length) break;
    if (char === '0') result += digits[index++];
    else result += char;
  }
  return result;
}

export const formatCpf = (value: string | null | undefined) => applyMask(onlyDigits(value).slice(0, 11), '000.000.000-00');
export const formatCep = (value: string | null | undefined) => applyMask(onlyDigits(value).slice(0, 8), '00000-000');
export function formatPhone(value: string | null | undefined): string {
  const digits = onlyDigits(value).slice(0, 11);
  return applyMask(digits, digits.length > 10 ? '(00) 00000-0000' : '(00) 0000-0000');
}
