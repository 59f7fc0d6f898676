import { eq } from 'drizzle-orm';
import type { UserType } from '../../src/domain/userTypes';
import { partners } from '../db/schema';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';
import { csvLines } from '../test/helpers';

/**
 * What each user type receives of every channel and beneficiary answer (SECURITY.md, "What each user
 * type sees"): the fields are shaped on the server, not hidden by the browser (issue 18).
 */

let portal: ChannelPortal;
beforeAll(async () => {
  portal = await startChannelPortal();
});
afterAll(() => portal.app.close());

const get = (type: UserType, url: string) => portal.as(type, { method: 'GET', url });
const keysOf = (record: object) => Object.keys(record).sort();

const PARTNER_PUBLIC = ['ativo', 'cnpj', 'data_registro', 'email', 'id', 'logotipo', 'nome', 'versao'];
const PARTNER_BANK = ['agencia', 'conta', 'digito', 'pix'];
const BRANCH = ['apelido', 'ativo', 'data_registro', 'email', 'endereco', 'id', 'id_parceiro', 'parceiro', 'titulo', 'versao'];
const RESELLER = [
  'ativo',
  'cargo',
  'cpf',
  'data_registro',
  'email',
  'filial_titulo',
  'id',
  'id_filial',
  'id_parceiro',
  'nome',
  'parceiro_nome',
  'pix',
  'versao',
];
const BENEFICIARY = [
  'address',
  'birthday',
  'city',
  'cpf',
  'email',
  'holder',
  'id',
  'isActive',
  'name',
  'nome_filial',
  'nome_parceiro',
  'nome_revendedor',
  'paymentType',
  'phone',
  'planFromSale',
  'serviceType',
  'state',
  'uuid',
  'zipCode',
];

describe("a partner's bank details", () => {
  it.each([
    ['ADMINISTRADOR', [...PARTNER_PUBLIC, ...PARTNER_BANK]],
    ['PARCEIRO', [...PARTNER_PUBLIC, ...PARTNER_BANK]],
    ['FILIAL', PARTNER_PUBLIC],
  ] as const)('reach %s in the list and the record exactly as %j', async (type, fields) => {
    const expected = [...fields].sort();
    const list = (await get(type, '/api/partners')).json().data.data as object[];
    expect(list.length).toBeGreaterThan(0);
    for (const partner of list) expect(keysOf(partner)).toEqual(expected);
    const record = (await get(type, `/api/partners/${portal.ids.own.id}`)).json().data;
    expect(keysOf(record)).toEqual(expected);
  });

  it("are left out of a branch user's CSV export, columns and values", async () => {
    await portal.app.db
      .update(partners)
      .set({ agencia: '7788', conta: '99887766', digito: '5', pix: 'pix-segredo' })
      .where(eq(partners.id, portal.ids.own.id));
    const header = (type: UserType) => get(type, '/api/partners/export').then((response) => csvLines(response.body));
    const [branchHeader, ...branchRows] = await header('FILIAL');
    expect(branchHeader.split(';')).toEqual(['Nome', 'CNPJ', 'Email', 'Status', 'Data de Registro']);
    expect(branchRows).toHaveLength(1);
    expect(branchRows.join('\n')).not.toMatch(/7788|99887766|pix-segredo/);
    const [partnerHeader, ...partnerRows] = await header('PARCEIRO');
    expect(partnerHeader.split(';')).toEqual(['Nome', 'CNPJ', 'Email', 'Agência', 'Conta', 'Dígito', 'PIX', 'Status', 'Data de Registro']);
    expect(partnerRows.join('\n')).toContain('pix-segredo');
  });
});

describe('the other answers carry the same fields for every user type that may read them', () => {
  it.each(['ADMINISTRADOR', 'PARCEIRO'] as const)('branches, as %s', async (type) => {
    const list = (await get(type, '/api/branches')).json().data.data as object[];
    expect(list.length).toBeGreaterThan(0);
    for (const branch of list) expect(keysOf(branch)).toEqual(BRANCH);
  });

  it.each(['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const)('resellers, as %s', async (type) => {
    const list = (await get(type, '/api/resellers')).json().data.data as object[];
    expect(list.length).toBeGreaterThan(0);
    for (const reseller of list) expect(keysOf(reseller)).toEqual(RESELLER);
  });

  it.each(['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)('beneficiaries, as %s', async (type) => {
    const list = (await get(type, '/api/beneficiaries?page=1')).json() as object[];
    expect(list.length).toBeGreaterThan(0);
    for (const beneficiary of list) expect(keysOf(beneficiary)).toEqual(BENEFICIARY);
  });
});
