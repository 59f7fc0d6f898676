import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CNPJ_TAKEN, DELETE_BLOCKED, EMAIL_TAKEN, PARTNER_TEXTS } from '../../src/domain/channels';
import { branches, partnerLogos, partners, resellers } from '../db/schema';
import { canSignIn, chainTokens, createChain, freshCnpj, holderBody, pngDataUrl, TEST_PASSWORD, unique } from '../test/channelFixtures';
import { countRows, startChannelPortal, type ChannelPortal, type DemoIds } from '../test/channelPortal';
import { csvLines, injectAs, login, sessionStatus } from '../test/helpers';

let app: FastifyInstance;
let ids: DemoIds;
let as: ChannelPortal['as'];
let deleteAs: ChannelPortal['deleteAs'];
let toggleStatusAs: ChannelPortal['toggleStatusAs'];
beforeAll(async () => ({ app, ids, as, deleteAs, toggleStatusAs } = await startChannelPortal()));
afterAll(() => app.close());

const partnerCount = () => countRows(app, partners);
const newPartnerBody = (overrides: Record<string, unknown> = {}) => {
  const tag = unique();
  return { nome: `Clínica ${tag}`, cnpj: freshCnpj(), email: `novo-${tag}@parceiro.com`, senha: TEST_PASSWORD, ...overrides };
};
const storedPartner = async (id: number) => (await app.db.select().from(partners).where(eq(partners.id, id)))[0];

describe('GET /api/partners', () => {
  it('gives an administrator every partner in {data:{data}}, with a logo URL and never a password', async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners' });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.data;
    expect(list.length).toBe(await partnerCount());
    const demo = list.find((partner: { id: number }) => partner.id === ids.own.id);
    expect(demo).toEqual({
      id: ids.own.id,
      nome: 'Vida Plena Benefícios',
      cnpj: expect.stringMatching(/^\d{14}$/),
      email: 'parceiro@demo.com.br',
      agencia: expect.any(String),
      conta: expect.any(String),
      digito: expect.any(String),
      pix: expect.any(String),
      ativo: true,
      logotipo: expect.stringMatching(new RegExp(`^/api/partners/${ids.own.id}/logo\\?v=\\d+$`)),
      data_registro: expect.any(String),
      versao: expect.any(Number),
    });
    expect(response.body).not.toMatch(/senha|hash|argon|base64/i);
  });

  it('answers one page with the total in X-Total-Count, sorted as asked', async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners?page=1&pageSize=2&sort=nome:desc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(await partnerCount()));
    const names = response.json().data.data.map((partner: { nome: string }) => partner.nome);
    expect(names).toHaveLength(2);
    expect([...names].sort((a, b) => b.localeCompare(a, 'pt-BR'))).toEqual(names);
  });

  it.each([
    ['nome', 'vida plena', 'Vida Plena Benefícios'],
    ['email', 'PARCEIRO@DEMO', 'Vida Plena Benefícios'],
  ])('filters by %s, case-insensitive contains', async (filter, value, expected) => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: `/api/partners?page=1&${filter}=${encodeURIComponent(value)}` });
    expect(response.json().data.data.map((partner: { nome: string }) => partner.nome)).toEqual([expected]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('filters by CNPJ as plain contains, masked or not', async () => {
    const cnpj = ids.own.cnpj;
    for (const value of [cnpj.slice(2, 8), `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}`]) {
      const response = await as('ADMINISTRADOR', { method: 'GET', url: `/api/partners?cnpj=${encodeURIComponent(value)}` });
      expect(response.json().data.data.map((partner: { id: number }) => partner.id)).toContain(ids.own.id);
    }
    const none = await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners?cnpj=99999999999999' });
    expect(none.json().data.data).toEqual([]);
  });

  it.each(['PARCEIRO', 'FILIAL'] as const)('gives a %s user only its own partner', async (type) => {
    const response = await as(type, { method: 'GET', url: '/api/partners?page=1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.data.map((partner: { id: number }) => partner.id)).toEqual([ids.own.id]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it("gives the forms' partner picker every partner in scope by name, names only", async () => {
    const all = await app.db.select({ id: partners.id }).from(partners);
    const options = (await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners/options' })).json().data.data as Array<{
      id: number;
      nome: string;
    }>;
    expect(options.map((partner) => partner.id).sort((a, b) => a - b)).toEqual(all.map((partner) => partner.id).sort((a, b) => a - b));
    expect(options.every((partner) => Object.keys(partner).sort().join() === 'ativo,id,nome')).toBe(true);
    expect(options.map((partner) => partner.nome.toLowerCase())).toEqual(options.map((partner) => partner.nome.toLowerCase()).sort());
    for (const type of ['PARCEIRO', 'FILIAL'] as const) {
      const own = (await as(type, { method: 'GET', url: '/api/partners/options' })).json().data.data as Array<{ id: number }>;
      expect(own.map((partner) => partner.id)).toEqual([ids.own.id]);
    }
    expect((await as('REVENDEDOR', { method: 'GET', url: '/api/partners/options' })).statusCode).toBe(403);
  });

  it('refuses a reseller (403) and a visitor without a token (401)', async () => {
    expect((await as('REVENDEDOR', { method: 'GET', url: '/api/partners' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/partners' })).statusCode).toBe(401);
  });

  it('answers 400 for an unknown sort column', async () => {
    expect((await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners?sort=senha_hash' })).statusCode).toBe(400);
  });
});

describe('GET /api/partners/:id', () => {
  it.each([
    ['ADMINISTRADOR', 'own', 200],
    ['ADMINISTRADOR', 'other', 200],
    ['PARCEIRO', 'own', 200],
    ['PARCEIRO', 'other', 404],
    ['FILIAL', 'own', 200],
    ['FILIAL', 'other', 404],
    ['REVENDEDOR', 'own', 403],
  ] as const)('%s reading the %s partner → %i', async (type, which, status) => {
    const id = which === 'own' ? ids.own.id : ids.other.id;
    const response = await as(type, { method: 'GET', url: `/api/partners/${id}` });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().data.id).toBe(id);
  });

  it('answers 404 for ids that are not records', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      expect((await as('ADMINISTRADOR', { method: 'GET', url: `/api/partners/${id}` })).statusCode).toBe(404);
    }
  });
});

describe('who may write partners', () => {
  it.each(['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)('refuses every write of a %s with 403, changing nothing', async (type) => {
    const before = await partnerCount();
    expect((await as(type, { method: 'POST', url: '/api/partners', payload: newPartnerBody() })).statusCode).toBe(403);
    for (const id of [ids.own.id, ids.other.id]) {
      const put = await as(type, { method: 'PUT', url: `/api/partners/${id}`, payload: { ...newPartnerBody(), ativo: false } });
      expect(put.statusCode).toBe(403);
      expect((await deleteAs(type, `/api/partners/${id}`)).status).toBe(403);
    }
    expect(await partnerCount()).toBe(before);
    expect(await storedPartner(ids.own.id)).toMatchObject({ nome: ids.own.nome, ativo: true });
  });
});

describe('POST /api/partners', () => {
  it('creates a partner with a logo; the logo is served publicly and the partner signs in', async () => {
    const body = newPartnerBody({ logotipo: pngDataUrl(16), pix: 'chave@pix.com' });
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: body });
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe(PARTNER_TEXTS.messages.created);
    expect(data).toMatchObject({ nome: body.nome, cnpj: body.cnpj, email: body.email, pix: 'chave@pix.com', ativo: true, agencia: null });
    expect(response.body).not.toMatch(/senha|hash/i);

    const logo = await app.inject({ method: 'GET', url: data.logotipo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('immutable');
    expect(logo.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const again = await app.inject({ method: 'GET', url: data.logotipo, headers: { 'if-none-match': logo.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    expect(await canSignIn(app, body.email, 'PARCEIRO')).toBe(true);
  });

  it('stores the CNPJ as digits when it comes masked', async () => {
    const cnpj = freshCnpj();
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: newPartnerBody({ cnpj: masked }) });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.cnpj).toBe(cnpj);
  });

  it.each([
    [
      'missing fields',
      {},
      { nome: 'Nome é obrigatório', cnpj: 'CNPJ é obrigatório', email: 'Email é obrigatório', senha: 'Senha é obrigatória' },
    ],
    ['a CNPJ with wrong check digits', { cnpj: '11222333000182' }, { cnpj: 'CNPJ inválido' }],
    ['an invalid e-mail', { email: 'sem-arroba' }, { email: 'Email inválido' }],
    ['a short password', { senha: '12345' }, { senha: 'A senha deve ter no mínimo 6 caracteres' }],
  ])('answers 400 for %s, creating nothing', async (_case, overrides, errors) => {
    const before = await partnerCount();
    const payload = Object.keys(overrides).length ? newPartnerBody(overrides) : {};
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject(errors);
    expect(await partnerCount()).toBe(before);
  });

  it.each([
    [
      'text declared as PNG',
      `data:image/png;base64,${Buffer.from('não sou uma imagem').toString('base64')}`,
      'O logotipo deve ser uma imagem PNG, JPG ou GIF',
    ],
    ['an SVG', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`, 'O logotipo deve ser uma imagem PNG, JPG ou GIF'],
    [
      'a PNG over 5 MB',
      `data:image/png;base64,${Buffer.concat([Buffer.from(pngDataUrl().split(',')[1], 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64')}`,
      'A imagem deve ter no máximo 5MB',
    ],
    ['something that is not a data URL body', 'data:image/png;base64,@@@', 'O logotipo deve ser uma imagem PNG, JPG ou GIF'],
    ['an address elsewhere', 'http://exemplo.com/logo.png', 'O logotipo deve ser uma imagem PNG, JPG ou GIF'],
  ])('refuses %s as logo with 400 and stores nothing', async (_case, logotipo, message) => {
    const before = await partnerCount();
    const [{ total: logosBefore }] = await app.db.select({ total: count() }).from(partnerLogos);
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: newPartnerBody({ logotipo }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: { logotipo: message } });
    expect(await partnerCount()).toBe(before);
    expect((await app.db.select({ total: count() }).from(partnerLogos))[0].total).toBe(logosBefore);
  });

  it('checks the bytes, not the declared type: a JPEG declared as PNG is stored as JPEG', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const response = await as('ADMINISTRADOR', {
      method: 'POST',
      url: '/api/partners',
      payload: newPartnerBody({ logotipo: `data:image/png;base64,${jpeg.toString('base64')}` }),
    });
    expect(response.statusCode).toBe(201);
    const logo = await app.inject({ method: 'GET', url: response.json().data.logotipo });
    expect(logo.headers['content-type']).toBe('image/jpeg');
  });

  it("answers 409 'E-mail já cadastrado' for an e-mail of another partner, in any case", async () => {
    const before = await partnerCount();
    const response = await as('ADMINISTRADOR', {
      method: 'POST',
      url: '/api/partners',
      payload: newPartnerBody({ email: 'PARCEIRO@demo.com.br' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_TAKEN);
    expect(await partnerCount()).toBe(before);
  });

  it('answers 409 for the CNPJ of another partner, creating nothing', async () => {
    const before = await partnerCount();
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: newPartnerBody({ cnpj: ids.own.cnpj }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: CNPJ_TAKEN, errors: { cnpj: CNPJ_TAKEN } });
    expect(await partnerCount()).toBe(before);
  });

  it('accepts an e-mail used by an account of another type', async () => {
    const response = await as('ADMINISTRADOR', {
      method: 'POST',
      url: '/api/partners',
      payload: newPartnerBody({ email: 'filial@demo.com.br' }),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('PUT /api/partners/:id', () => {
  async function createPartner(overrides: Record<string, unknown> = {}) {
    const body = newPartnerBody(overrides);
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: body });
    expect(response.statusCode).toBe(201);
    return { body, partner: response.json().data };
  }

  it('updates the fields; a blank password keeps the old one; the logo URL keeps the logo', async () => {
    const { body, partner } = await createPartner({ logotipo: pngDataUrl() });
    const response = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, nome: 'Nome Novo', agencia: '1234', senha: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PARTNER_TEXTS.messages.updated,
      data: { nome: 'Nome Novo', agencia: '1234', logotipo: partner.logotipo },
    });
    expect(await canSignIn(app, body.email, 'PARCEIRO')).toBe(true);
  });

  it('changes the password when one is sent, ending the old sessions', async () => {
    const { body, partner } = await createPartner();
    const token = await login(app, body.email, 'PARCEIRO', TEST_PASSWORD);
    const response = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, senha: 'nova-senha' },
    });
    expect(response.statusCode).toBe(200);
    expect(await canSignIn(app, body.email, 'PARCEIRO', 'nova-senha')).toBe(true);
    expect(await canSignIn(app, body.email, 'PARCEIRO', TEST_PASSWORD)).toBe(false);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/partners' })).statusCode).toBe(401);
  });

  it('replaces the logo with a new image and removes it with null', async () => {
    const { partner } = await createPartner({ logotipo: pngDataUrl(8) });
    const replaced = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, logotipo: pngDataUrl(12) },
    });
    const served = await app.inject({ method: 'GET', url: replaced.json().data.logotipo });
    expect(served.rawPayload.equals(Buffer.from(pngDataUrl(12).split(',')[1], 'base64'))).toBe(true);
    const removed = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...replaced.json().data, logotipo: null },
    });
    expect(removed.json().data.logotipo).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/api/partners/${partner.id}/logo` })).statusCode).toBe(404);
  });

  it('answers 400 for invalid fields and changes nothing', async () => {
    const { partner } = await createPartner();
    const response = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, nome: '', cnpj: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ nome: 'Nome é obrigatório', cnpj: 'CNPJ inválido' });
    expect(await storedPartner(partner.id)).toMatchObject({ nome: partner.nome, cnpj: partner.cnpj });
  });

  it("answers 409 when the e-mail belongs to another partner, and 404 for a partner that doesn't exist", async () => {
    const { partner } = await createPartner();
    const taken = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, email: 'parceiro@demo.com.br' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(EMAIL_TAKEN);
    const missing = await as('ADMINISTRADOR', { method: 'PUT', url: '/api/partners/999999', payload: newPartnerBody() });
    expect(missing.statusCode).toBe(404);
    // Missing is said first, even with another partner's e-mail.
    const missingWithTakenEmail = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: '/api/partners/999999',
      payload: { ...newPartnerBody(), email: 'parceiro@demo.com.br' },
    });
    expect(missingWithTakenEmail.statusCode).toBe(404);
    expect(missingWithTakenEmail.json().message).toBe('Parceiro não encontrado.');
  });

  it('answers 409 when the CNPJ belongs to another partner, changing nothing', async () => {
    const { partner } = await createPartner();
    const taken = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, cnpj: ids.own.cnpj },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CNPJ_TAKEN);
    expect((await storedPartner(partner.id)).cnpj).toBe(partner.cnpj);
  });

  it('inactivating a partner (the full record with ativo inverted) blocks it and everyone beneath it at once', async () => {
    const chain = await createChain(app);
    const chainSessions = await chainTokens(app, chain);
    const { record, response } = await toggleStatusAs('ADMINISTRADOR', 'partners', `nome=${encodeURIComponent(chain.partner.nome)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ativo).toBe(false);

    for (const token of Object.values(chainSessions)) {
      expect(await sessionStatus(app, token)).toBe(401);
    }
    expect(await canSignIn(app, chain.partner.email, 'PARCEIRO')).toBe(false);
    expect(await canSignIn(app, chain.branch.email, 'FILIAL')).toBe(false);
    expect(await canSignIn(app, chain.reseller.email, 'REVENDEDOR')).toBe(false);

    // Reactivating lets them sign in again, but the sessions of before stay closed.
    await as('ADMINISTRADOR', { method: 'PUT', url: `/api/partners/${record.id}`, payload: { ...response.json().data, ativo: true } });
    expect(await canSignIn(app, chain.reseller.email, 'REVENDEDOR')).toBe(true);
    expect(await sessionStatus(app, chainSessions.reseller)).toBe(401);
  });
});

describe('DELETE /api/partners/:id', () => {
  it('refuses a partner that still has branches with 409, removing nothing', async () => {
    const [{ total: branchCount }] = await app.db.select({ total: count() }).from(branches).where(eq(branches.partnerId, ids.other.id));
    expect(await deleteAs('ADMINISTRADOR', `/api/partners/${ids.other.id}`)).toEqual({
      status: 409,
      message: DELETE_BLOCKED.partnerHasBranches,
    });
    expect(await storedPartner(ids.other.id)).toBeDefined();
    expect((await app.db.select({ total: count() }).from(branches).where(eq(branches.partnerId, ids.other.id)))[0].total).toBe(branchCount);
  });

  it('refuses a partner whose users created beneficiaries with 409, removing nothing', async () => {
    const chain = await createChain(app);
    const tokens = await chainTokens(app, chain);
    const holder = await injectAs(app, tokens.partner, { method: 'POST', url: '/api/beneficiaries', payload: holderBody() });
    expect(holder.statusCode).toBe(201);
    await app.db.delete(resellers).where(eq(resellers.id, chain.reseller.id));
    await app.db.delete(branches).where(eq(branches.id, chain.branch.id));
    expect(await deleteAs('ADMINISTRADOR', `/api/partners/${chain.partner.id}`)).toEqual({
      status: 409,
      message: DELETE_BLOCKED.partnerHasBeneficiaries,
    });
    expect(await storedPartner(chain.partner.id)).toBeDefined();
  });

  it('removes a partner without branches, with its logo', async () => {
    const created = (
      await as('ADMINISTRADOR', { method: 'POST', url: '/api/partners', payload: newPartnerBody({ logotipo: pngDataUrl() }) })
    ).json().data;
    expect(await deleteAs('ADMINISTRADOR', `/api/partners/${created.id}`)).toEqual({
      status: 200,
      message: PARTNER_TEXTS.messages.removed,
    });
    expect(await storedPartner(created.id)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: created.logotipo })).statusCode).toBe(404);
    expect((await deleteAs('ADMINISTRADOR', `/api/partners/${created.id}`)).status).toBe(404);
  });
});

describe('GET /api/partners/export', () => {
  it('downloads the filtered list as CSV for Brazilian Excel', async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: '/api/partners/export?nome=vida' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parceiros.csv"');
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe('Nome;CNPJ;Email;Agência;Conta;Dígito;PIX;Status;Data de Registro');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^Vida Plena Benefícios;\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2};parceiro@demo\.com\.br;.*;Ativo;\d{2}\/\d{2}\/\d{4}$/);
  });
});
