/** Payment-card helpers shared by the checkout form and the server: Luhn check, brand, mask, expiry. */
import { saoPauloClock } from './calendar';
import { onlyDigits } from './documents';

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Elo', 'Amex', 'Hipercard'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * The gateway's documented test cards. 4444 4444 4444 4444 is its example of an approved card and
 * does not pass the Luhn check, so these numbers skip it (the other two are its refused cards).
 */
export const GATEWAY_TEST_CARDS = {
  approved: '4444444444444444',
  refusedMastercard: '5184019740373151',
  refusedVisa: '4916561358240741',
} as const;
const TEST_CARD_NUMBERS: readonly string[] = Object.values(GATEWAY_TEST_CARDS);

export const CARD_NUMBER_MIN_LENGTH = 13;
export const CARD_NUMBER_MAX_LENGTH = 16;

/** The Luhn (mod 10) check digit rule every card number follows. */
export function passesLuhn(value: string): boolean {
  const digits = onlyDigits(value);
  if (!digits) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isGatewayTestCard = (value: string) => TEST_CARD_NUMBERS.includes(onlyDigits(value));

/** A plausible card number: 13 to 16 digits and a valid Luhn check (or one of the gateway's test cards). */
export function isValidCardNumber(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length < CARD_NUMBER_MIN_LENGTH || digits.length > CARD_NUMBER_MAX_LENGTH) return false;
  return isGatewayTestCard(digits) || passesLuhn(digits);
}

/** Six-digit prefix ranges (inclusive) of Elo and Hipercard, after Braintree's credit-card-type tables. */
const ELO_RANGES: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
const HIPERCARD_PREFIXES = [606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609, 637612];

function inRanges(prefix: number, ranges: ReadonlyArray<readonly [number, number]>) {
  return ranges.some(([from, to]) => prefix >= from && prefix <= to);
}

/** The card's brand from its first digits, or null while it cannot be told (or is none of ours). */
export function cardBrand(value: string): CardBrand | null {
  const digits = onlyDigits(value);
  if (digits.length < 2) return null;
  // Elo and Hipercard live inside Visa's and Mastercard's ranges, so their six-digit prefixes go first.
  if (digits.length >= 6) {
    const prefix = Number(digits.slice(0, 6));
    if (inRanges(prefix, ELO_RANGES)) return 'Elo';
    if (HIPERCARD_PREFIXES.includes(prefix)) return 'Hipercard';
  }
  if (/^3[47]/.test(digits)) return 'Amex';
  const first4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'Mastercard';
  if (digits.startsWith('4')) return 'Visa';
  return null;
}

/** Card security code length: 4 digits for Amex, 3 for the others. */
export const ccvLength = (brand: CardBrand | null) => (brand === 'Amex' ? 4 : 3);

/** Groups of four while typing (Amex: 4-6-5, as printed on the card). */
export function formatCardNumber(value: string): string {
  const digits = onlyDigits(value).slice(0, CARD_NUMBER_MAX_LENGTH);
  if (cardBrand(digits) === 'Amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export const lastFourDigits = (value: string) => onlyDigits(value).slice(-4);

/** Two-digit years are read as 20YY, as printed on cards. */
export function fullExpiryYear(value: string): number {
  const digits = onlyDigits(value);
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

/** True when the card still works in the given month (a card is valid through the end of its month, São Paulo time). */
export function isExpiryInFuture(month: number, year: number, now: Date = new Date()): boolean {
  const current = saoPauloClock(now);
  return year > current.year || (year === current.year && month >= current.month);
}

/** The current year in São Paulo. */
export const currentYear = (now: Date = new Date()) => saoPauloClock(now).year;
