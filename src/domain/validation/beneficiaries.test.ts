import { BENEFICIARY_MESSAGES as M } from '../beneficiaries';
import { beneficiaryRecord } from '../../test/beneficiaryRecords';
import { beneficiaryCreateSchema, beneficiaryEditSchema, editValuesOf, isValidBirthday, toEditPayload } from './beneficiaries';
import { validationOutcome as check } from '../../test/validationOutcome';

/** Spec section 5's rules, shared by the beneficiary forms and the server, field by field. */

const HOLDER_CPF = '52998224725';
const DEPENDENT_CPF = '11144477735';
const holder = { beneficiaryType: 'titular', name: 'Ana Souza', cpf: '529.982.247-25', birthday: '1990-05-20' };

const create = (changes: object) => check(beneficiaryCreateSchema, { ...holder, ...changes });
const edit = (changes: object) => check(beneficiaryEditSchema, { name: 'Ana Souza', birthday: '1990-05-20', ...changes });

describe('creating a beneficiary', () => {
  it("takes a holder with the default plan types, documents as digits, text trimmed, the UF upper-cased, and drops a holder's holder", () => {
    expect(create({ phone: '(11) 98765-4321', zipCode: '01310-100', state: ' sp ', city: '  São Paulo ', holder: HOLDER_CPF })).toEqual({
      value: {
        beneficiaryType: 'titular',
        name: 'Ana Souza',
        cpf: HOLDER_CPF,
        birthday: '1990-05-20',
        phone: '11987654321',
        zipCode: '01310100',
        city: 'São Paulo',
        state: 'SP',
        paymentType: 'S',
        serviceType: 'G',
      },
    });
    expect(create({ paymentType: '', serviceType: null })).toHaveProperty('value.paymentType', 'S');
    expect(create({ paymentType: 'A', serviceType: 'GSP' })).toMatchObject({ value: { paymentType: 'A', serviceType: 'GSP' } });
  });

  it('names each missing required field', () => {
    expect(check(beneficiaryCreateSchema, {})).toEqual({
      errors: { beneficiaryType: M.typeRequired, cpf: M.cpfRequired, name: M.nameRequired, birthday: M.birthdayRequired },
    });
    expect(create({ beneficiaryType: 'outro' })).toEqual({ errors: { beneficiaryType: M.typeRequired } });
  });

  it("refuses what spec section 5 refuses, each with the field's message", () => {
    expect(
      create({
        cpf: '111.111.111-11',
        name: 'n'.repeat(151),
        phone: '123456789',
        email: 'sem-arroba',
        zipCode: '1234567',
        state: 'XX',
        paymentType: 'Z',
        serviceType: 'GG',
        city: 'c'.repeat(101),
        address: 'a'.repeat(201),
      }),
    ).toEqual({
      errors: {
        cpf: M.cpfInvalid,
        name: M.nameTooLong,
        phone: M.phoneInvalid,
        email: M.createEmailInvalid,
        zipCode: M.zipCodeInvalid,
        state: M.stateInvalid,
        paymentType: M.paymentTypeInvalid,
        serviceType: M.serviceTypeInvalid,
        city: 'Cidade: máximo de 100 caracteres',
        address: 'Endereço: máximo de 200 caracteres',
      },
    });
    expect(create({ phone: '123456789012' })).toEqual({ errors: { phone: M.phoneInvalid } });
    // Given without a digit: refused, not read as no phone (an edit would erase the stored one).
    expect(create({ phone: 'abc', zipCode: 'sem cep' })).toEqual({ errors: { phone: M.phoneInvalid, zipCode: M.zipCodeInvalid } });
    expect(create({ phone: ' ', zipCode: '' })).toHaveProperty('value');
    expect(create({ name: 'n'.repeat(150), phone: '1134567890', city: 'c'.repeat(100) })).toHaveProperty('value');
  });

  it("needs a dependent's holder: given, a valid CPF, and not the dependent's own", () => {
    const dependent = { beneficiaryType: 'dependente', cpf: DEPENDENT_CPF };
    expect(create({ ...dependent, holder: '529.982.247-25' })).toHaveProperty('value.holder', HOLDER_CPF);
    expect(create({ ...dependent, holder: '' })).toEqual({ errors: { holder: M.holderRequired } });
    expect(create({ ...dependent, holder: '123.456.789-00' })).toEqual({ errors: { holder: M.holderInvalid } });
    expect(create({ ...dependent, holder: '111.444.777-35' })).toEqual({ errors: { holder: M.holderSameAsCpf } });
  });

  it("answers values of the wrong JSON type with the field's message instead of throwing", () => {
    expect(create({ cpf: { $ne: '' }, name: ['Ana'], birthday: 19900520, state: 35 })).toEqual({
      errors: { cpf: M.cpfInvalid, name: M.invalidValue, birthday: M.birthdayInvalid, state: M.stateInvalid },
    });
  });
});

describe('editing a beneficiary', () => {
  it('leaves absent fields absent (kept as stored), blanks a null one, and says "Email inválido"', () => {
    expect(edit({})).toEqual({ value: { name: 'Ana Souza', birthday: '1990-05-20' } });
    expect(edit({ phone: null, city: null })).toEqual({ value: { name: 'Ana Souza', birthday: '1990-05-20', phone: '', city: '' } });
    expect(edit({ email: 'x@', cpf: '000' })).toEqual({ errors: { email: M.editEmailInvalid } });
    expect(edit({ email: 'ana@clinica' })).toEqual({ errors: { email: M.editEmailInvalid } });
    expect(edit({ email: '' })).toEqual({ value: { name: 'Ana Souza', birthday: '1990-05-20', email: '' } });
    expect(edit({ name: '  ' })).toEqual({ errors: { name: M.nameRequired } });
  });

  const stored = beneficiaryRecord({ name: 'Ana Souza', paymentType: 'A', serviceType: 'GS' });

  const filled = {
    birthday: '1990-05-20',
    phone: '11987654321',
    email: 'ana@x.com',
    zipCode: '01310100',
    address: 'Rua A',
    city: 'Sorocaba',
    state: 'SP',
  };

  it("opens the form with a stored record's empty fields as blank text and its phone and CEP masked", () => {
    const blank = { birthday: '', phone: '', email: '', zipCode: '', address: '', city: '', state: '' };
    expect(editValuesOf(stored)).toEqual({ ...blank, name: 'Ana Souza', paymentType: 'A', serviceType: 'GS' });
    expect(editValuesOf({ ...stored, ...filled })).toMatchObject({ ...filled, phone: '(11) 98765-4321', zipCode: '01310-100' });
  });

  it('sends the form back as stored: phone and CEP as digits, the texts trimmed', () => {
    const typed = {
      ...editValuesOf({ ...stored, ...filled }),
      name: ' Ana  ',
      email: ' ana@x.com ',
      address: ' Rua A ',
      city: ' Sorocaba ',
    };
    expect(toEditPayload(typed)).toEqual({ ...filled, name: 'Ana', paymentType: 'A', serviceType: 'GS' });
  });
});

describe('the birthday', () => {
  const now = new Date('2026-03-01T02:00:00Z'); // still 28 February in São Paulo

  it('is a real date from 1900 to today in São Paulo', () => {
    expect(['1900-01-01', '2024-02-29', '2026-02-28', '', undefined].map((value) => isValidBirthday(value, now))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['1899-12-31', '2023-02-29', '2026-03-01', '2026-13-01', '2026-04-31', '20/05/1990', '1990-5-20'].map((value) =>
        isValidBirthday(value, now),
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});
