import { limitUnmasked } from './maskNames';

describe('limitUnmasked (a masked field before its mask arrives)', () => {
  it('keeps the digits of a pasted formatted value, up to the spec’s maximum in digits', () => {
    expect(limitUnmasked('phone', '(11) 98765-4321')).toBe('11987654321');
    expect(limitUnmasked('phone', '+55 11 98765-4321')).toBe('11987654321');
    expect(limitUnmasked('cpf', '123.456.789-0912')).toBe('12345678909');
    expect(limitUnmasked('cardNumber', '4111 1111 1111 1111 999')).toBe('4111111111111111');
    expect(limitUnmasked('expiryMonth', '123')).toBe('12');
  });

  it('keeps the letters of an alphanumeric CNPJ, in upper case', () => {
    expect(limitUnmasked('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(limitUnmasked('cpfCnpj', '12.abc.345/01de-35xx')).toBe('12ABC34501DE35');
    expect(limitUnmasked('cpf', '12a3')).toBe('123');
  });
});
