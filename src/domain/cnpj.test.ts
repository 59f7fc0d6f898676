import fc from 'fast-check';
import { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCpfOrCnpj } from './documents';

describe('the alphanumeric CNPJ', () => {
  it("accepts the Receita Federal's published example, formatted or not, in any case", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    for (const value of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35']) expect(isValidCnpj(value)).toBe(true);
  });

  it('refuses wrong check digits, letters in the check digits, wrong lengths and symbols', () => {
    for (const value of ['12ABC34501DE36', '12ABC34501DE3A', '12ABC34501DE3', '12ABC34501DE355', 'ÇÇABC34501DE35', '00000000000000', ''])
      expect(isValidCnpj(value)).toBe(false);
  });

  it('gives a check digit of 0 when the rest is 0 or 1, and 9 when it is 2 (known valid CNPJs)', () => {
    expect(cnpjCheckDigits('112223330005')).toBe('05');
    expect(cnpjCheckDigits('112223330006')).toBe('96');
    expect(cnpjCheckDigits('112223330000')).toBe('09');
    expect(cnpjCheckDigits('112223330019')).toBe('00');
    for (const cnpj of ['11.222.333/0005-05', '11.222.333/0006-96', '11.222.333/0000-09', '11.222.333/0018-20'])
      expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('masks a value typed in lower case or with other punctuation', () => {
    expect(formatCnpj('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11 222 333 0001 81')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11222333000181999')).toBe('11.222.333/0001-81');
    expect(normalizeCnpj(null)).toBe('');
    expect(normalizeCnpj(undefined)).toBe('');
  });

  it('checks a numeric CNPJ exactly as before', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  });

  it('any twelve characters pass with their computed digits, and with any other last digit fail', () => {
    const character = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(fc.array(character, { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (chars, shift) => {
        const base = chars.join('');
        fc.pre(!/^(\d)\1{11}$/.test(base));
        const digits = cnpjCheckDigits(base);
        expect(isValidCnpj(base + digits)).toBe(true);
        expect(isValidCnpj(base + digits[0] + ((Number(digits[1]) + shift) % 10))).toBe(false);
      }),
    );
  });

  it('normalises and formats letters like digits', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC')).toBe('12.ABC');
  });

  it('is told apart from a CPF where either is accepted', () => {
    expect(isValidCpfOrCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCpfOrCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfOrCnpj('5299822472A')).toBe(false);
  });
});
