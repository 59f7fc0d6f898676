/** Payment-card helpers shared by the checkout form and the server: Luhn check, brand, grouping, expiry. */
import creditCardType from 'credit-card-type';
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

/** credit-card-type's names of the brands we take (Hiper, Itaú's other brand, goes as Hipercard, as the gateway lists it). */
const BRAND_OF_TYPE: Readonly<Record<string, CardBrand>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  'american-express': 'Amex',
  hipercard: 'Hipercard',
  hiper: 'Hipercard',
};

/**
 * The card type the first digits settle on (credit-card-type's maintained prefix table), or null while
 * they could still be more than one (Elo and Hipercard live inside Visa's and Mastercard's ranges).
 */
function settledCardType(value: string) {
  const matches = creditCardType(onlyDigits(value));
  return matches.length === 1 && matches[0].matchStrength ? matches[0] : null;
}

/** The card's brand from its first digits, or null while it cannot be told (or is none of ours). */
export function cardBrand(value: string): CardBrand | null {
  const type = settledCardType(value);
  return (type && BRAND_OF_TYPE[type.type]) ?? null;
}

/** Card security code length: 4 digits for Amex, 3 for the others. */
export const ccvLength = (brand: CardBrand | null) => (brand === 'Amex' ? 4 : 3);

export interface CardLayout {
  /** Positions (in digits) before which a space goes: [4, 8, 12], Amex [4, 10]. */
  gaps: number[];
  /** Most digits the number can have, never over the spec's 16. */
  maxDigits: number;
}

const DEFAULT_LAYOUT: CardLayout = { gaps: [4, 8, 12], maxDigits: CARD_NUMBER_MAX_LENGTH };

/** How the number is grouped and how long it may be, from its brand (Amex 4-6-5 and 15 digits). */
export function cardLayout(value: string): CardLayout {
  const type = settledCardType(value);
  if (!type) return DEFAULT_LAYOUT;
  return { gaps: type.gaps, maxDigits: Math.min(Math.max(...type.lengths), CARD_NUMBER_MAX_LENGTH) };
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
