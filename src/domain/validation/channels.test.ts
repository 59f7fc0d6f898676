import { CHANNEL_VALIDATION as MESSAGES, LOGO_MAX_BYTES } from '../channels';
import { AUTH_MESSAGES } from '../messages';
import { TEXT_MESSAGES } from './text';
import { branchSchema, partnerSchema, resellerSchema } from './channels';
import { validationOutcome as check } from '../../test/validationOutcome';

/** The rules the partner, branch and reseller forms and the server share, field by field. */

const CNPJ = '11.222.333/0001-81';
const CPF = '529.982.247-25';

const validPartner = { nome: 'Parceiro Um', cnpj: CNPJ, email: 'p@exemplo.com.br', senha: 'segredo1' };
const validBranch = { id_parceiro: 3, titulo: 'Filial Centro', email: 'f@exemplo.com.br', senha: 'segredo1' };
const validReseller = { id_parceiro: 3, id_filial: 4, nome: 'Rita Revenda', cpf: CPF, email: 'r@exemplo.com.br', senha: 'segredo1' };

const partner = (changes: object, creating = true) => check(partnerSchema({ creating }), { ...validPartner, ...changes });
const branch = (changes: object, options = { creating: true, withPartner: true }) =>
  check(branchSchema(options), { ...validBranch, ...changes });
const reseller = (changes: object, options = { creating: true, withPartner: true, withBranch: true }) =>
  check(resellerSchema(options), { ...validReseller, ...changes });

describe('the partner', () => {
  it('is valid whole, its CNPJ kept as digits, its blank optional fields null and its unknown keys dropped', () => {
    expect(partner({ agencia: '', pix: '  chave  ', id: 99 })).toEqual({
      value: { ...validPartner, cnpj: '11222333000181', agencia: null, pix: 'chave' },
    });
  });

  it('names each missing required field', () => {
    expect(partner({ nome: '', cnpj: '', email: '', senha: '' })).toEqual({
      errors: { nome: MESSAGES.nameRequired, cnpj: MESSAGES.cnpjRequired, email: MESSAGES.emailRequired, senha: MESSAGES.passwordRequired },
    });
    expect(partner({ nome: '\u200B\u200B' })).toEqual({ errors: { nome: MESSAGES.nameRequired } });
  });

  it('refuses an invalid CNPJ or e-mail, and text with control characters', () => {
    expect(partner({ cnpj: '11.222.333/0001-82', email: 'sem-arroba', nome: 'A\u0007B' })).toEqual({
      errors: { cnpj: MESSAGES.cnpjInvalid, email: MESSAGES.emailInvalid, nome: TEXT_MESSAGES.control },
    });
  });

  it('bounds each text at its length, naming the field', () => {
    expect(partner({ nome: 'n'.repeat(200), agencia: 'a'.repeat(20), digito: '12' })).toHaveProperty('value');
    expect(partner({ nome: 'n'.repeat(201), agencia: 'a'.repeat(21), conta: 'c'.repeat(21), digito: '123', pix: 'p'.repeat(201) })).toEqual(
      {
        errors: {
          nome: 'Nome: máximo de 200 caracteres',
          agencia: 'Agência: máximo de 20 caracteres',
          conta: 'Conta: máximo de 20 caracteres',
          digito: 'Dígito: máximo de 2 caracteres',
          pix: 'PIX: máximo de 200 caracteres',
        },
      },
    );
  });

  it('requires a password of 6 to 128 characters on creation; on edit a blank one keeps the current', () => {
    expect(partner({ senha: '12345' })).toEqual({ errors: { senha: AUTH_MESSAGES.passwordMin } });
    expect(partner({ senha: 's'.repeat(129) })).toEqual({ errors: { senha: AUTH_MESSAGES.passwordMax } });
    expect(partner({ senha: '' }, false)).toEqual({ value: { ...validPartner, cnpj: '11222333000181', senha: undefined } });
    expect(partner({ senha: '12345' }, false)).toEqual({ errors: { senha: AUTH_MESSAGES.passwordMin } });
  });

  it('takes a PNG, JPEG or GIF logo up to 5 MB, its current URL, or null; nothing else', () => {
    const dataUrl = (type: string, bytes: number) => `data:${type};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;
    const largest = `data:image/gif;base64,${Buffer.alloc(LOGO_MAX_BYTES).toString('base64')}`;
    for (const logotipo of [dataUrl('image/png', 100), largest, '/api/partners/1/logo', '/api/partners/12/logo?v=1733400000000', null]) {
      expect(partner({ logotipo })).toHaveProperty('value.logotipo', logotipo);
    }
    expect(partner({ logotipo: dataUrl('image/svg+xml', 100) })).toEqual({ errors: { logotipo: MESSAGES.logoType } });
    expect(partner({ logotipo: 'data:image/png,sem-base64' })).toEqual({ errors: { logotipo: MESSAGES.logoType } });
    // Another address was once dropped without a word: the partner saved with no logo.
    for (const logotipo of ['http://exemplo.com/logo.png', '/api/partners/1/logo/../../x', 'logo.png']) {
      expect(partner({ logotipo })).toEqual({ errors: { logotipo: MESSAGES.logoType } });
    }
    expect(partner({ logotipo: dataUrl('image/jpeg', LOGO_MAX_BYTES + 3) })).toEqual({ errors: { logotipo: MESSAGES.logoTooLarge } });
  });
});

describe('the branch', () => {
  it('requires a chosen partner only where the form shows the picker, and drops it elsewhere', () => {
    for (const id_parceiro of ['', null, undefined, 0, -1, 1.5, 2_147_483_648, 'abc']) {
      expect(branch({ id_parceiro })).toEqual({ errors: { id_parceiro: MESSAGES.partnerRequired } });
    }
    expect(branch({ id_parceiro: '2147483647' })).toHaveProperty('value.id_parceiro', 2_147_483_647);
    expect(branch({ id_parceiro: 99 }, { creating: true, withPartner: false })).toEqual({
      value: { titulo: 'Filial Centro', email: 'f@exemplo.com.br', senha: 'segredo1' },
    });
  });

  it('names its own required fields and bounds the address at 500 characters', () => {
    expect(branch({ titulo: '', email: 'x@' })).toEqual({ errors: { titulo: MESSAGES.titleRequired, email: MESSAGES.emailInvalid } });
    expect(branch({ email: 'filial@clinica' })).toEqual({ errors: { email: MESSAGES.emailInvalid } });
    expect(branch({ endereco: 'e'.repeat(500), apelido: '' })).toHaveProperty('value.apelido', null);
    expect(branch({ endereco: 'e'.repeat(501), apelido: 'a'.repeat(201) })).toEqual({
      errors: { endereco: 'Endereço: máximo de 500 caracteres', apelido: 'Apelido: máximo de 200 caracteres' },
    });
  });
});

describe('the reseller', () => {
  it('is valid whole, its CPF kept as digits', () => {
    expect(reseller({ cargo: '' })).toEqual({ value: { ...validReseller, cpf: '52998224725', cargo: null } });
  });

  it('requires the branch where the form shows it, and the partner where it shows that', () => {
    expect(reseller({ id_filial: '', id_parceiro: '' })).toEqual({
      errors: { id_filial: MESSAGES.branchRequired, id_parceiro: MESSAGES.partnerRequired },
    });
    const partnerUser = reseller({ id_parceiro: '' }, { creating: true, withPartner: false, withBranch: true });
    expect(partnerUser).toHaveProperty('value.id_filial', 4);
    expect(partnerUser).not.toHaveProperty('value.id_parceiro');
    const branchUser = reseller({ id_filial: 'x' }, { creating: true, withPartner: false, withBranch: false });
    expect(branchUser).not.toHaveProperty('value.id_filial');
  });

  it('names a missing or invalid CPF', () => {
    expect(reseller({ cpf: '' })).toEqual({ errors: { cpf: MESSAGES.cpfRequired } });
    expect(reseller({ cpf: '111.111.111-11' })).toEqual({ errors: { cpf: MESSAGES.cpfInvalid } });
    expect(reseller({ cargo: 'c'.repeat(201) })).toEqual({ errors: { cargo: 'Cargo: máximo de 200 caracteres' } });
  });
});
