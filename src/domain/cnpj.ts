/**
 * The CNPJ, numeric or alphanumeric (Receita Federal, from July 2026): twelve characters 0-9 or A-Z,
 * then two numeric check digits. Each character is worth its ASCII code minus 48 ('0' → 0, 'A' → 17),
 * with the usual weights and modulo 11, so an all-digit CNPJ checks exactly as before. Shared by the
 * browser and the server; CNPJs are kept normalised (upper case, no punctuation).
 */

const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Upper case without punctuation or spaces: '12.abc.345/01de-35' → '12ABC34501DE35'. */
export const normalizeCnpj = (value: string | null | undefined): string => (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

function checkDigit(base: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + (base.charCodeAt(index) - 48) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a CNPJ's first twelve characters. */
export function cnpjCheckDigits(base12: string): string {
  const base = normalizeCnpj(base12);
  const first = checkDigit(base, WEIGHTS_1);
  return `${first}${checkDigit(base + first, WEIGHTS_2)}`;
}

export function isValidCnpj(value: string | null | undefined): boolean {
  const cnpj = normalizeCnpj(value);
  if (!SHAPE.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** 12.ABC.345/01DE-35, as far as the value goes. */
export function formatCnpj(value: string | null | undefined): string {
  const cnpj = normalizeCnpj(value).slice(0, 14);
  const separators: Record<number, string> = { 2: '.', 5: '.', 8: '/', 12: '-' };
  return [...cnpj].map((char, index) => (separators[index] ?? '') + char).join('');
}
