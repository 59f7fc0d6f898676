import type { MaskitoOptions, MaskitoPostprocessor, MaskitoPreprocessor } from '@maskito/core';
import { cardLayout } from '../../../domain/cards';
import { normalizeCnpj, onlyDigits } from '../../../domain/documents';
import { nationalPhoneDigits } from '../../../domain/phones';
import type { MaskName } from './maskNames';

/** A fixed-length mask: one entry per character, a RegExp where the user types, a string where the mask does. */
type MaskSlots = Array<RegExp | string>;

const DIGIT = /\d/;
const ALPHANUMERIC = /[0-9A-Za-z]/;

/** '000.000.000-00' → one slot per '0' (a digit) or 'A' (a digit or letter); anything else is typed for the user. */
function slots(template: string): MaskSlots {
  return [...template].map((char) => (char === '0' ? DIGIT : char === 'A' ? ALPHANUMERIC : char));
}

const CPF = slots('000.000.000-00');
/** The alphanumeric CNPJ: letters allowed in the first twelve characters, numeric check digits (domain/cnpj.ts). */
const CNPJ = slots('AA.AAA.AAA/AAAA-00');
const LANDLINE = slots('(00) 0000-0000');
const MOBILE = slots('(00) 00000-0000');
const CEP = slots('00000-000');

const upperCase: MaskitoPostprocessor = ({ value, selection }) => ({ value: value.toUpperCase(), selection });

/** A CPF until the value has a letter or a twelfth character; then a CNPJ. */
const cpfOrCnpj = ({ value }: { value: string }) => {
  const document = normalizeCnpj(value);
  return document.length > 11 || /[A-Z]/.test(document) ? CNPJ : CPF;
};

/** Eight-digit numbers (landlines) until an eleventh digit makes it a nine-digit mobile number. */
const phone = ({ value }: { value: string }) => (onlyDigits(value).length > 10 ? MOBILE : LANDLINE);

/**
 * A pasted or autofilled number written for abroad ('+55 11 98765-4321') keeps its national digits:
 * the mask alone would keep the first eleven, '(55) 11987-6543'. Typing, one digit at a time, is left alone.
 */
const nationalPhone: MaskitoPreprocessor = ({ elementState, data }, actionType) => {
  if (actionType === 'insert' && onlyDigits(data).length > 1) return { elementState, data: nationalPhoneDigits(data) };
  if (actionType === 'validation' && onlyDigits(elementState.value).length > 11) {
    const value = nationalPhoneDigits(elementState.value);
    return { elementState: { value, selection: [value.length, value.length] }, data };
  }
  return { elementState, data };
};

/** Groups and length from the card's brand (credit-card-type): 4-4-4-4, Amex 4-6-5. */
function cardNumber({ value }: { value: string }): MaskSlots {
  const { gaps, maxDigits } = cardLayout(value);
  return Array.from({ length: maxDigits }, (_, index) => (gaps.includes(index) ? [' ', DIGIT] : [DIGIT])).flat();
}

export const MASKITO_OPTIONS: Record<MaskName, MaskitoOptions> = {
  cpf: { mask: CPF },
  cnpj: { mask: CNPJ, postprocessors: [upperCase] },
  cpfCnpj: { mask: cpfOrCnpj, postprocessors: [upperCase] },
  phone: { mask: phone, preprocessors: [nationalPhone] },
  cep: { mask: CEP },
  cardNumber: { mask: cardNumber },
  expiryMonth: { mask: /^\d{0,2}$/ },
  expiryYear: { mask: /^\d{0,4}$/ },
  ccv: { mask: /^\d{0,4}$/ },
};
