import { CHECKOUT_VALIDATION as V } from '../checkout';
import { checkoutSchema, paymentRequestSchema, pixCheckoutSchema } from './checkout';
import { CLOCK_ONLY } from '../../test/clock';
import { validationOutcome as check } from '../../test/validationOutcome';

/** The public checkout's rules (spec section 5), shared by its form and POST /api/payment, field by field. */

const VISA = '4111 1111 1111 1111';
const AMEX = '3782 822463 10005';
const buyer = {
  selectedPlan: 'plano_individual',
  name: 'Bruno Alves',
  cpfCnpj: '529.982.247-25',
  email: 'bruno@exemplo.com.br',
  phone: '(11) 3456-7890',
  postalCode: '01310-100',
  address: 'Avenida Paulista',
  addressNumber: '1000',
  province: 'Bela Vista',
  city: 'São Paulo',
  state: 'sp',
  creditCard: { holderName: 'BRUNO ALVES', number: VISA, expiryMonth: '12', expiryYear: '2027', ccv: '123' },
};

const purchase = (changes: object) => check(checkoutSchema, { ...buyer, ...changes });
const card = (changes: object) => purchase({ creditCard: { ...buyer.creditCard, ...changes } });

// 10 May 2026 in São Paulo: the card's month and year are judged against it.
beforeEach(() => jest.useFakeTimers({ now: new Date('2026-05-10T15:00:00Z'), doNotFake: CLOCK_ONLY }));
afterEach(() => jest.useRealTimers());

describe('the buyer', () => {
  it('is valid with documents, phone and CEP as digits and the state upper-cased', () => {
    expect(purchase({})).toMatchObject({
      value: {
        cpfCnpj: '52998224725',
        phone: '1134567890',
        postalCode: '01310100',
        state: 'SP',
        creditCard: { number: '4111111111111111' },
      },
    });
  });

  it('names each missing field, the card included', () => {
    expect(check(checkoutSchema, { creditCard: {} })).toEqual({
      errors: {
        selectedPlan: V.planRequired,
        name: V.nameRequired,
        cpfCnpj: V.cpfCnpjRequired,
        email: V.emailRequired,
        phone: V.phoneRequired,
        postalCode: V.postalCodeRequired,
        address: V.addressRequired,
        addressNumber: V.addressNumberRequired,
        province: V.provinceRequired,
        city: V.cityRequired,
        state: V.stateRequired,
        'creditCard.holderName': V.holderNameRequired,
        'creditCard.number': V.cardNumberRequired,
        'creditCard.expiryMonth': V.expiryMonthRequired,
        'creditCard.expiryYear': V.expiryYearRequired,
        'creditCard.ccv': V.ccvRequired,
      },
    });
  });

  it("takes a valid CPF only: an invalid number, and a company's valid CNPJ, are refused with their own messages", () => {
    expect(purchase({ cpfCnpj: '111.111.111-11' })).toEqual({ errors: { cpfCnpj: V.cpfCnpjInvalid } });
    expect(purchase({ cpfCnpj: '11.222.333/0001-81' })).toEqual({ errors: { cpfCnpj: V.cpfCnpjCompany } });
    expect(purchase({ cpfCnpj: '1'.repeat(15) })).toEqual({ errors: { cpfCnpj: V.cpfCnpjInvalid } });
    expect(purchase({ selectedPlan: 'plano_gratis' })).toEqual({ errors: { selectedPlan: V.planRequired } });
  });

  it('takes phones of 10 or 11 digits, an optional mobile, an 8-digit CEP and one of the 27 UFs', () => {
    expect(purchase({ phone: '(11) 98765-4321', mobilePhone: '' })).toHaveProperty('value');
    expect(purchase({ phone: '123456789', mobilePhone: '123456789012', postalCode: '1234567' })).toEqual({
      errors: { phone: V.phoneInvalid, mobilePhone: V.mobilePhoneInvalid, postalCode: V.postalCodeInvalid },
    });
    expect(purchase({ state: 'S' })).toEqual({ errors: { state: V.stateLength } });
    expect(purchase({ state: 'XX' })).toEqual({ errors: { state: V.stateInvalid } });
  });

  it('trims the e-mail and the state, and refuses a mobile of fewer than 10 digits', () => {
    expect(purchase({ email: '  bruno@exemplo.com.br ', state: ' rj ' })).toMatchObject({
      value: { email: 'bruno@exemplo.com.br', state: 'RJ' },
    });
    for (const mobilePhone of ['9', '98765', '987654321']) {
      expect(purchase({ mobilePhone })).toEqual({ errors: { mobilePhone: V.mobilePhoneInvalid } });
    }
    expect(purchase({ mobilePhone: '(11) 98765-4321' })).toHaveProperty('value.mobilePhone', '11987654321');
  });

  it("refuses an e-mail whose domain has no dot ('bruno@exemplo'), which the gateway refuses too", () => {
    for (const email of ['bruno@exemplo', 'bruno@exemplo.', 'bruno@.com']) {
      expect(purchase({ email })).toEqual({ errors: { email: V.emailInvalid } });
    }
    expect(purchase({ email: 'bruno@mail.exemplo.com.br' })).toHaveProperty('value.email', 'bruno@mail.exemplo.com.br');
  });

  it('reads numbers sent as JSON numbers in the digit fields, null as missing, and an object as no valid CPF', () => {
    expect(purchase({ phone: 1134567890, postalCode: 1310100 })).toEqual({ errors: { postalCode: V.postalCodeInvalid } });
    expect(purchase({ phone: 1134567890 })).toHaveProperty('value.phone', '1134567890');
    expect(card({ expiryMonth: 12, expiryYear: 2027, ccv: 123 })).toMatchObject({
      value: { creditCard: { expiryMonth: '12', expiryYear: '2027', ccv: '123' } },
    });
    expect(purchase({ cpfCnpj: { numero: '52998224725' } })).toEqual({ errors: { cpfCnpj: V.cpfCnpjInvalid } });
    expect(purchase({ phone: null, postalCode: undefined })).toEqual({
      errors: { phone: V.phoneRequired, postalCode: V.postalCodeRequired },
    });
  });

  it('refuses a list or an object in a digit field, and a mobile given without a digit, rather than reading them as digits or as none', () => {
    expect(purchase({ postalCode: ['0100', '1000'], phone: ['11987654321'], mobilePhone: {} })).toEqual({
      errors: { postalCode: V.postalCodeInvalid, phone: V.phoneInvalid, mobilePhone: V.mobilePhoneInvalid },
    });
    expect(card({ number: ['4111111111111111'] })).toEqual({ errors: { 'creditCard.number': V.cardNumberInvalid } });
    expect(purchase({ mobilePhone: 'abc' })).toEqual({ errors: { mobilePhone: V.mobilePhoneInvalid } });
    expect(purchase({ mobilePhone: '  ' })).toHaveProperty('value.mobilePhone', '');
  });

  it('bounds the texts', () => {
    expect(purchase({ name: 'n'.repeat(120), addressNumber: '9'.repeat(20) })).toHaveProperty('value');
    expect(
      purchase({
        name: 'n'.repeat(121),
        addressNumber: '9'.repeat(21),
        addressComplement: 'c'.repeat(121),
        email: `${'e'.repeat(120)}@x.com`,
      }),
    ).toEqual({
      errors: { name: V.tooLong, addressNumber: V.tooLong, addressComplement: V.tooLong, email: V.emailInvalid },
    });
  });
});

describe('the card', () => {
  it('needs a number that passes the check digit', () => {
    expect(card({ number: '4111 1111 1111 1112' })).toEqual({ errors: { 'creditCard.number': V.cardNumberInvalid } });
    expect(card({ number: '4'.repeat(17) })).toEqual({ errors: { 'creditCard.number': V.cardNumberInvalid } });
  });

  it('needs a month from 1 to 12 and a year of 2 or 4 digits, at most 20 years ahead', () => {
    expect(card({ expiryMonth: '13' })).toEqual({ errors: { 'creditCard.expiryMonth': V.expiryMonthInvalid } });
    expect(card({ expiryMonth: '0' })).toEqual({ errors: { 'creditCard.expiryMonth': V.expiryMonthInvalid } });
    expect(card({ expiryYear: '27' })).toHaveProperty('value');
    expect(card({ expiryYear: '2046' })).toHaveProperty('value');
    expect(card({ expiryYear: '2047' })).toEqual({ errors: { 'creditCard.expiryYear': V.expiryYearInvalid } });
    expect(card({ expiryYear: '202' })).toEqual({ errors: { 'creditCard.expiryYear': V.expiryYearInvalid } });
  });

  it('is refused once expired: an earlier year, or an earlier month of this year', () => {
    expect(card({ expiryYear: '2025' })).toEqual({ errors: { 'creditCard.expiryYear': V.cardExpired } });
    expect(card({ expiryYear: '2026', expiryMonth: '4' })).toEqual({ errors: { 'creditCard.expiryMonth': V.cardExpired } });
    expect(card({ expiryYear: '26', expiryMonth: '05' })).toHaveProperty('value');
    expect(card({ expiryYear: '2027', expiryMonth: '1' })).toHaveProperty('value');
  });

  it("needs a CVV as long as the brand's: 3 digits for Visa, 4 for American Express", () => {
    expect(card({ ccv: '1234' })).toEqual({ errors: { 'creditCard.ccv': V.ccvInvalid } });
    expect(card({ number: AMEX, ccv: '1234' })).toHaveProperty('value');
    expect(card({ number: AMEX, ccv: '123' })).toEqual({ errors: { 'creditCard.ccv': V.ccvInvalid } });
    expect(card({ ccv: '12345' })).toEqual({ errors: { 'creditCard.ccv': V.ccvInvalid } });
  });

  it('takes a CVV of 3 or 4 digits while the brand is unknown, and judges it against the number as sent', () => {
    const ccvErrorWith = (number: unknown, ccv: string) => {
      const outcome = card({ number, ccv });
      return 'errors' in outcome ? outcome.errors['creditCard.ccv'] : undefined;
    };
    for (const ccv of ['123', '1234']) expect(ccvErrorWith('9999 9999 9999 9995', ccv)).toBeUndefined();
    for (const ccv of ['12', '12345']) expect(ccvErrorWith('9999 9999 9999 9995', ccv)).toBe(V.ccvInvalid);
    expect(ccvErrorWith(undefined, '1234')).toBeUndefined();
    expect(ccvErrorWith(378282246310005, '1234')).toBeUndefined();
    expect(ccvErrorWith(378282246310005, '123')).toBe(V.ccvInvalid);
  });
});

describe('the variants', () => {
  it('take the sales link reference with the payment, and drop the card when paying by Pix', () => {
    expect(check(paymentRequestSchema, { ...buyer, rev: ' 42 ' })).toHaveProperty('value.rev', '42');
    // Too long to be a reseller's id: dropped, so the payment goes through without a reseller.
    expect(check(paymentRequestSchema, { ...buyer, rev: '9'.repeat(21) })).toHaveProperty('value.rev', null);
    const pix = check(pixCheckoutSchema, { ...buyer, creditCard: { number: 'lixo' } });
    expect(pix).toHaveProperty('value');
    expect(pix).not.toHaveProperty('value.creditCard');
  });
});
