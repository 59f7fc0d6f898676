import { nationalPhoneDigits } from '../../../domain/phones';

/**
 * The masks a TextField can carry. Their Maskito options live in a chunk of their own
 * (maskitoOptions.ts), fetched when a masked field first renders, so the checkout's first load stays light.
 */
export type MaskName = 'cpf' | 'cnpj' | 'cpfCnpj' | 'phone' | 'cep' | 'cardNumber' | 'expiryMonth' | 'expiryYear' | 'ccv';

const DIGIT = /\d/;
const ALPHANUMERIC = /[0-9A-Z]/;

/** What each mask accepts and how many such characters at most (the spec counts digits, not punctuation). */
const UNMASKED_LIMITS: Record<MaskName, { keep: RegExp; max: number }> = {
  cpf: { keep: DIGIT, max: 11 },
  cnpj: { keep: ALPHANUMERIC, max: 14 },
  cpfCnpj: { keep: ALPHANUMERIC, max: 14 },
  phone: { keep: DIGIT, max: 11 },
  cep: { keep: DIGIT, max: 8 },
  cardNumber: { keep: DIGIT, max: 16 },
  expiryMonth: { keep: DIGIT, max: 2 },
  expiryYear: { keep: DIGIT, max: 4 },
  ccv: { keep: DIGIT, max: 4 },
};

/** Until its mask arrives a field keeps only what the mask would accept, up to its maximum. */
export function limitUnmasked(mask: MaskName, value: string): string {
  const { keep, max } = UNMASKED_LIMITS[mask];
  return [...(mask === 'phone' ? nationalPhoneDigits(value) : value.toUpperCase())]
    .filter((char) => keep.test(char))
    .slice(0, max)
    .join('');
}
