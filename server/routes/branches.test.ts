import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRANCH_TEXTS, DELETE_BLOCKED, EMAIL_TAKEN } from '../../src/domain/channels';
import { branches, partners, resellers } from '../db/schema';
import { canSignIn, chainTokens, createChain, holderBody, TEST_PASSWORD, unique } from '../test/channelFixtures';
import { countRows, startChannelPortal, type ChannelPortal, type DemoIds } from '../test/channelPortal';
import { csvLines, injectAs, login, sessionStatus } from '../test/helpers';

let app: FastifyInstance;
let ids: DemoIds;
let as: ChannelPortal['as'];
let deleteAs: ChannelPortal['deleteAs'];
let toggleStatusAs: ChannelPortal['toggleStatusAs'];
beforeAll(async () => ({ app, ids, as, deleteAs, toggleStatusAs } = await startChannelPortal()));
afterAll(() => app.close());

const branchCount = () => countRows(app, branches);
const storedBranch = async (id: number) => (await app.db.select().from(branches).where(eq(branches.id, id)))[0];
const newBranchBody = (overrides: Record<string, unknown> = {}) => {
  const tag = unique();
  return {
    titulo: `Filial ${tag}`,
    apelido: 'Nova',
    endereco: 'Rua A, 1',
    email: `filial-${tag}@teste.com`,
    senha: TEST_PASSWORD,
    ...overrides,
  };
};
type Row = { id: number; id_parceiro: number; parceiro: { nome: string }; titulo: string };

describe('GET /api/branches', () => {
  it('gives an administrator every branch, each with its partner name and never a password', async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: '/api/branches' });
    expect(response.statusCode).toBe(200);
    const list: Row[] = response.json().data.data;
    expect(list).toHaveLength(await branchCount());
    expect(list.find((branch) => branch.id === ids.ownBranch.id)).toEqual({
      id: ids.ownBranch.id,
      id_parceiro: ids.own.id,
      titulo: 'Vida Centro',
      apelido: 'Centro',
      endereco: expect.any(String),
      email: 'filial@demo.com.br',
      ativo: true,
      data_registro: expect.any(String),
      parceiro: { nome: 'Vida Plena Benefícios' },
      versao: expect.any(Number),
    });
    expect(response.body).not.toMatch(/senha|hash/i);
  });

  it("gives a partner user only its own partner's branches, paged", async () => {
    const [{ total }] = await app.db.select({ total: count() }).from(branches).where(eq(branches.partnerId, ids.own.id));
    const response = await as('PARCEIRO', { method: 'GET', url: '/api/branches?page=1&pageSize=2' });
    expect(response.headers['x-total-count']).toBe(String(total));
    const list: Row[] = response.json().data.data;
    expect(list).toHaveLength(2);
    expect(list.every((branch) => branch.id_parceiro === ids.own.id)).toBe(true);
    // Another partner's name as a filter finds nothing.
    const other = await as('PARCEIRO', { method: 'GET', url: `/api/branches?parceiro=${encodeURIComponent(ids.other.nome)}` });
    expect(other.json().data.data).toEqual([]);
  });

  it.each([
    ['titulo', 'vida cen', ['Vida Centro']],
    ['parceiro', 'BEM CUIDAR', ['Bem Olinda', 'Bem Recife']],
    ['email', 'FILIAL@DEMO', ['Vida Centro']],
  ])('filters by %s, case-insensitive contains', async (filter, value, titles) => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: `/api/branches?page=1&${filter}=${encodeURIComponent(value)}` });
    expect(response.json().data.data.map((branch: Row) => branch.titulo)).toEqual(titles);
  });

  it("filters by partner (id_parceiro), within the caller's scope", async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: `/api/branches?id_parceiro=${ids.other.id}&sort=titulo` });
    const list: Row[] = response.json().data.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((branch) => branch.id_parceiro === ids.other.id)).toBe(true);
    // A partner user asking for another partner's branches gets none.
    expect((await as('PARCEIRO', { method: 'GET', url: `/api/branches?id_parceiro=${ids.other.id}` })).json().data.data).toEqual([]);
  });

  it("gives the reseller form's picker every branch of one partner by title, names only, beyond one page", async () => {
    const passwordHash = await app.passwords.hash(TEST_PASSWORD);
    const tag = unique();
    await app.db.insert(branches).values(
      Array.from({ length: 11 }, (_, n) => ({
        partnerId: ids.own.id,
        titulo: `Extra ${n} ${tag}`,
        email: `extra-${n}-${tag}@teste.com`,
        passwordHash,
      })),
    );
    const all = await app.db.select().from(branches).where(eq(branches.partnerId, ids.own.id));
    expect(all.length).toBeGreaterThan(10);
    const response = await as('PARCEIRO', { method: 'GET', url: `/api/branches/options?id_parceiro=${ids.own.id}` });
    const options = response.json().data.data as Array<{ id: number; id_parceiro: number; titulo: string; ativo: boolean }>;
    expect(options.map((branch) => branch.id).sort((a, b) => a - b)).toEqual(all.map((branch) => branch.id).sort((a, b) => a - b));
    expect(options.every((branch) => Object.keys(branch).sort().join() === 'ativo,id,id_parceiro,titulo')).toBe(true);
    expect(options.map((branch) => branch.titulo.toLowerCase())).toEqual(options.map((branch) => branch.titulo.toLowerCase()).sort());
    expect((await as('PARCEIRO', { method: 'GET', url: `/api/branches/options?id_parceiro=${ids.other.id}` })).json().data.data).toEqual(
      [],
    );
  });

  it.each(['FILIAL', 'REVENDEDOR'] as const)('refuses a %s user with 403', async (type) => {
    expect((await as(type, { method: 'GET', url: '/api/branches' })).statusCode).toBe(403);
  });
});

describe('GET /api/branches/:id', () => {
  it.each([
    ['ADMINISTRADOR', 'own', 200],
    ['ADMINISTRADOR', 'other', 200],
    ['PARCEIRO', 'own', 200],
    ['PARCEIRO', 'other', 404],
    ['FILIAL', 'own', 403],
    ['REVENDEDOR', 'own', 403],
  ] as const)('%s reading a branch of the %s partner → %i', async (type, which, status) => {
    const id = which === 'own' ? ids.ownBranch.id : ids.otherBranch.id;
    expect((await as(type, { method: 'GET', url: `/api/branches/${id}` })).statusCode).toBe(status);
  });
});

describe('POST /api/branches', () => {
  it('lets an administrator create a branch under the chosen partner, which then signs in', async () => {
    const body = newBranchBody({ id_parceiro: ids.other.id });
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/branches', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: BRANCH_TEXTS.messages.created,
      data: { titulo: body.titulo, id_parceiro: ids.other.id, parceiro: { nome: ids.other.nome }, ativo: true },
    });
    expect(await canSignIn(app, body.email, 'FILIAL')).toBe(true);
  });

  it("creates a partner user's branch under its own partner, whatever the body says", async () => {
    const response = await as('PARCEIRO', { method: 'POST', url: '/api/branches', payload: newBranchBody({ id_parceiro: ids.other.id }) });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.id_parceiro).toBe(ids.own.id);
  });

  it.each(['FILIAL', 'REVENDEDOR'] as const)('refuses a %s user with 403, creating nothing', async (type) => {
    const before = await branchCount();
    expect((await as(type, { method: 'POST', url: '/api/branches', payload: newBranchBody({ id_parceiro: ids.own.id }) })).statusCode).toBe(
      403,
    );
    expect(await branchCount()).toBe(before);
  });

  it.each([
    [
      'ADMINISTRADOR',
      {},
      { id_parceiro: 'Parceiro é obrigatório', titulo: 'Título é obrigatório', email: 'Email é obrigatório', senha: 'Senha é obrigatória' },
    ],
    ['PARCEIRO', {}, { titulo: 'Título é obrigatório', email: 'Email é obrigatório', senha: 'Senha é obrigatória' }],
    ['PARCEIRO', { email: 'x@', senha: '123' }, { email: 'Email inválido', senha: 'A senha deve ter no mínimo 6 caracteres' }],
  ] as const)('answers a %s 400 with the field messages, creating nothing', async (type, overrides, errors) => {
    const before = await branchCount();
    const payload = Object.keys(overrides).length ? newBranchBody(overrides) : {};
    const response = await as(type, { method: 'POST', url: '/api/branches', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(await branchCount()).toBe(before);
  });

  it('answers 404 for a partner that does not exist', async () => {
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/branches', payload: newBranchBody({ id_parceiro: 999999 }) });
    expect(response.statusCode).toBe(404);
  });

  it("answers 409 'E-mail já cadastrado' for another branch's e-mail", async () => {
    const response = await as('PARCEIRO', {
      method: 'POST',
      url: '/api/branches',
      payload: newBranchBody({ email: 'Filial@Demo.com.br' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_TAKEN);
  });
});

describe('PUT /api/branches/:id', () => {
  async function ownBranch() {
    const response = await as('PARCEIRO', { method: 'POST', url: '/api/branches', payload: newBranchBody() });
    return { body: response.json().data as Row & Record<string, unknown>, email: response.json().data.email as string };
  }

  it('lets a partner user edit its own branch, but not move it to another partner', async () => {
    const { body } = await ownBranch();
    const response = await as('PARCEIRO', {
      method: 'PUT',
      url: `/api/branches/${body.id}`,
      payload: { ...body, titulo: 'Título Editado', id_parceiro: ids.other.id, senha: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: BRANCH_TEXTS.messages.updated,
      data: { titulo: 'Título Editado', id_parceiro: ids.own.id },
    });
  });

  it("answers a partner user 404 for another partner's branch, changing nothing", async () => {
    const before = await storedBranch(ids.otherBranch.id);
    const response = await as('PARCEIRO', {
      method: 'PUT',
      url: `/api/branches/${ids.otherBranch.id}`,
      payload: { ...newBranchBody(), id_parceiro: ids.own.id, ativo: false },
    });
    expect(response.statusCode).toBe(404);
    expect(await storedBranch(ids.otherBranch.id)).toEqual(before);
  });

  it('lets an administrator move a branch to another partner; its resellers follow', async () => {
    const chain = await createChain(app);
    const response = await as('ADMINISTRADOR', {
      method: 'PUT',
      url: `/api/branches/${chain.branch.id}`,
      payload: { ...newBranchBody({ email: chain.branch.email }), id_parceiro: ids.other.id, senha: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.parceiro.nome).toBe(ids.other.nome);
    const [reseller] = await app.db.select().from(resellers).where(eq(resellers.id, chain.reseller.id));
    expect(reseller.partnerId).toBe(ids.other.id);
  });

  it('inactivating a branch blocks it and its resellers at once, but not its partner', async () => {
    const chain = await createChain(app);
    const sessions = await chainTokens(app, chain);
    const { response } = await toggleStatusAs('ADMINISTRADOR', 'branches', `titulo=${encodeURIComponent(chain.branch.titulo)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ativo).toBe(false);

    expect(await sessionStatus(app, sessions.branch)).toBe(401);
    expect(await sessionStatus(app, sessions.reseller)).toBe(401);
    expect(await sessionStatus(app, sessions.partner)).toBe(200);
    expect(await canSignIn(app, chain.branch.email, 'FILIAL')).toBe(false);
    expect(await canSignIn(app, chain.reseller.email, 'REVENDEDOR')).toBe(false);
  });

  it('a partner user may inactivate its own branch', async () => {
    const { body, email } = await ownBranch();
    const response = await as('PARCEIRO', { method: 'PUT', url: `/api/branches/${body.id}`, payload: { ...body, ativo: false } });
    expect(response.json().data.ativo).toBe(false);
    expect(await canSignIn(app, email, 'FILIAL')).toBe(false);
  });

  it('answers 400 for invalid fields, changing nothing', async () => {
    const { body } = await ownBranch();
    const response = await as('PARCEIRO', {
      method: 'PUT',
      url: `/api/branches/${body.id}`,
      payload: { ...body, titulo: ' ', senha: '12' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ titulo: 'Título é obrigatório', senha: 'A senha deve ter no mínimo 6 caracteres' });
    expect((await storedBranch(body.id)).titulo).toBe(body.titulo);
  });

  it('a new password replaces the old one', async () => {
    const { body, email } = await ownBranch();
    await as('PARCEIRO', { method: 'PUT', url: `/api/branches/${body.id}`, payload: { ...body, senha: 'outra-senha' } });
    await expect(login(app, email, 'FILIAL', 'outra-senha')).resolves.toEqual(expect.any(String));
  });
});

describe('DELETE /api/branches/:id', () => {
  it('refuses a branch that still has resellers with 409, removing nothing', async () => {
    expect(await deleteAs('PARCEIRO', `/api/branches/${ids.ownBranch.id}`)).toEqual({
      status: 409,
      message: DELETE_BLOCKED.branchHasResellers,
    });
    expect(await storedBranch(ids.ownBranch.id)).toBeDefined();
  });

  it("answers a partner user 404 for another partner's branch", async () => {
    const created = (
      await as('ADMINISTRADOR', { method: 'POST', url: '/api/branches', payload: newBranchBody({ id_parceiro: ids.other.id }) })
    ).json().data;
    expect((await deleteAs('PARCEIRO', `/api/branches/${created.id}`)).status).toBe(404);
    expect(await storedBranch(created.id)).toBeDefined();
  });

  it.each(['FILIAL', 'REVENDEDOR'] as const)('refuses a %s user with 403', async (type) => {
    const created = (await as('PARCEIRO', { method: 'POST', url: '/api/branches', payload: newBranchBody() })).json().data;
    expect((await deleteAs(type, `/api/branches/${created.id}`)).status).toBe(403);
    expect(await storedBranch(created.id)).toBeDefined();
  });

  it('refuses a branch whose user created beneficiaries with 409, removing nothing', async () => {
    const chain = await createChain(app);
    const { branch: token } = await chainTokens(app, chain);
    const holder = await injectAs(app, token, { method: 'POST', url: '/api/beneficiaries', payload: holderBody() });
    expect(holder.statusCode).toBe(201);
    await app.db.delete(resellers).where(eq(resellers.id, chain.reseller.id));
    expect(await deleteAs('ADMINISTRADOR', `/api/branches/${chain.branch.id}`)).toEqual({
      status: 409,
      message: DELETE_BLOCKED.branchHasBeneficiaries,
    });
    expect(await storedBranch(chain.branch.id)).toBeDefined();
  });

  it('removes an empty branch', async () => {
    const created = (await as('PARCEIRO', { method: 'POST', url: '/api/branches', payload: newBranchBody() })).json().data;
    expect(await deleteAs('PARCEIRO', `/api/branches/${created.id}`)).toEqual({ status: 200, message: BRANCH_TEXTS.messages.removed });
    expect(await storedBranch(created.id)).toBeUndefined();
  });

  it('lets the partner be removed once its last branch is gone', async () => {
    const chain = await createChain(app);
    await app.db.delete(resellers).where(eq(resellers.id, chain.reseller.id));
    expect((await deleteAs('ADMINISTRADOR', `/api/branches/${chain.branch.id}`)).status).toBe(200);
    expect((await deleteAs('ADMINISTRADOR', `/api/partners/${chain.partner.id}`)).status).toBe(200);
    expect(await app.db.select().from(partners).where(eq(partners.id, chain.partner.id))).toEqual([]);
  });
});

describe('GET /api/branches/export', () => {
  it("exports only a partner user's own branches", async () => {
    const response = await as('PARCEIRO', { method: 'GET', url: '/api/branches/export' });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe('Título;Parceiro;Apelido;Email;Endereço;Status;Data de Registro');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(';')[1] === 'Vida Plena Benefícios')).toBe(true);
  });
});
