import { cardBrand, cardLayout, ccvLength, fullExpiryYear, isExpiryInFuture, isValidCardNumber, lastFourDigits, passesLuhn } from './cards';
import { inTimeZone } from '../test/timeZone';

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('4111 1111 1111 1112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('folds a doubled digit over 9 back to one digit (the rule the textbook numbers test)', () => {
    for (const number of ['79927398713', '5105 1051 0510 5100', '3782 822463 10005', '6011 0009 9013 9424'])
      expect(passesLuhn(number)).toBe(true);
    for (const number of ['79927398710', '5105 1051 0510 5106']) expect(passesLuhn(number)).toBe(false);
  });

  it('takes a number that passes Luhn only with 13 to 16 digits, and refuses one that fails it', () => {
    expect(passesLuhn('411111111117')).toBe(true);
    expect(isValidCardNumber('411111111117')).toBe(false);
    expect(passesLuhn('41111111111111113')).toBe(true);
    expect(isValidCardNumber('41111111111111113')).toBe(false);
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1112')).toBe(false);
  });

  it('accepts the gateway’s documented test cards even when they fail Luhn, and 13 to 16 digits only', () => {
    expect(passesLuhn('4444444444444444')).toBe(false);
    expect(isValidCardNumber('4444 4444 4444 4444')).toBe(true);
    expect(isValidCardNumber('5184019740373151')).toBe(true);
    expect(isValidCardNumber('4916561358240741')).toBe(true);
    expect(isValidCardNumber('4222222222222')).toBe(true);
    expect(isValidCardNumber('411111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111111')).toBe(false);
  });

  it.each([
    ['4111111111111111', 'Visa'],
    ['4916561358240741', 'Visa'],
    ['5184019740373151', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['6363680000000000', 'Elo'],
    ['5067000000000000', 'Elo'],
    ['4011780000000000', 'Elo'],
    ['378282246310005', 'Amex'],
    ['6062820000000000', 'Hipercard'],
    ['6370950000000000', 'Hipercard'],
    ['3841000000000000', null],
    ['6011000000000000', null],
    ['4', null],
    ['4011', null],
  ])('tells the brand of %s: %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('groups in fours up to 16 digits, Amex as 4-6-5 in 15, and asks Amex for a 4-digit code', () => {
    expect(cardLayout('4111111111111111')).toEqual({ gaps: [4, 8, 12], maxDigits: 16 });
    expect(cardLayout('')).toEqual({ gaps: [4, 8, 12], maxDigits: 16 });
    expect(cardLayout('37')).toEqual({ gaps: [4, 10], maxDigits: 15 });
    expect(cardLayout('3782 822463 10005')).toEqual({ gaps: [4, 10], maxDigits: 15 });
    expect(ccvLength('Amex')).toBe(4);
    expect(ccvLength('Visa')).toBe(3);
  });

  it('keeps a card valid through the end of its month', () => {
    const now = new Date('2026-05-15T12:00:00-03:00');
    expect(isExpiryInFuture(5, 2026, now)).toBe(true);
    expect(isExpiryInFuture(4, 2026, now)).toBe(false);
    expect(isExpiryInFuture(1, 2027, now)).toBe(true);
    expect(isExpiryInFuture(12, 2025, now)).toBe(false);
  });

  it("judges the month in São Paulo's calendar, whatever the machine's time zone", () =>
    inTimeZone('UTC', () => {
      // 31/05 at 22:00 in Brasília (already June in UTC): a card expiring in May still works.
      expect(isExpiryInFuture(5, 2026, new Date('2026-06-01T01:00:00Z'))).toBe(true);
    }));
});

describe('what is read from a card', () => {
  it('never lets a brand of longer numbers past 16 digits (Maestro, 12 to 19)', () => {
    expect(cardLayout('6759')).toEqual({ gaps: [4, 8, 12], maxDigits: 16 });
  });

  it('keeps the last four digits, masks ignored', () => {
    expect(lastFourDigits('4111 1111 1111 1234')).toBe('1234');
  });

  it("reads a two-digit year as this century's and a four-digit one as written", () => {
    expect(fullExpiryYear('27')).toBe(2027);
    expect(fullExpiryYear('2031')).toBe(2031);
    expect(fullExpiryYear(' 2/7 ')).toBe(2027);
    expect(fullExpiryYear('202')).toBe(202);
  });
});
