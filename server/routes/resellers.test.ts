import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DELETE_BLOCKED, EMAIL_TAKEN, RESELLER_TEXTS } from '../../src/domain/channels';
import type { UserType } from '../../src/domain/userTypes';
import { beneficiaries, paymentAttempts, resellers, sales, type PaymentBuyer } from '../db/schema';
import { canSignIn, createChain, freshCpf, TEST_PASSWORD, unique } from '../test/channelFixtures';
import { countRows, startChannelPortal, type ChannelPortal, type DemoIds } from '../test/channelPortal';
import { csvLines, login, sessionStatus } from '../test/helpers';

let app: FastifyInstance;
let ids: DemoIds;
let as: ChannelPortal['as'];
let deleteAs: ChannelPortal['deleteAs'];
beforeAll(async () => ({ app, ids, as, deleteAs } = await startChannelPortal()));
afterAll(() => app.close());

const resellerCount = () => countRows(app, resellers);
const storedReseller = async (id: number) => (await app.db.select().from(resellers).where(eq(resellers.id, id)))[0];
const newResellerBody = (overrides: Record<string, unknown> = {}) => {
  const tag = unique();
  return {
    nome: `Vendedor ${tag}`,
    cpf: freshCpf(),
    cargo: 'Consultor',
    email: `rev-${tag}@teste.com`,
    pix: 'pix@teste.com',
    senha: TEST_PASSWORD,
    ...overrides,
  };
};
type Row = { id: number; id_parceiro: number; id_filial: number; nome: string; parceiro_nome: string; filial_titulo: string };
/** A list of at most 100 resellers: the demo has fewer, so one page holds them all. */
const listAs = async (type: UserType, query = '') =>
  (await as(type, { method: 'GET', url: `/api/resellers?pageSize=100&${query.replace(/^\?/, '')}` })).json().data.data as Row[];

describe('GET /api/resellers', () => {
  it('gives an administrator every reseller with its partner name and branch title, never a password', async () => {
    const response = await as('ADMINISTRADOR', { method: 'GET', url: '/api/resellers?pageSize=100' });
    expect(response.statusCode).toBe(200);
    const list: Row[] = response.json().data.data;
    expect(list).toHaveLength(await resellerCount());
    expect(list.find((reseller) => reseller.id === ids.ownReseller.id)).toEqual({
      id: ids.ownReseller.id,
      id_parceiro: ids.own.id,
      id_filial: ids.ownBranch.id,
      nome: 'Rafael Revendedor Souza',
      cpf: expect.stringMatching(/^\d{11}$/),
      cargo: expect.any(String),
      email: 'revendedor@demo.com.br',
      pix: expect.any(String),
      ativo: true,
      data_registro: expect.any(String),
      parceiro_nome: 'Vida Plena Benefícios',
      filial_titulo: 'Vida Centro',
      versao: expect.any(Number),
    });
    expect(response.body).not.toMatch(/senha|hash/i);
  });

  it("gives a partner user its partner's resellers and a branch user its branch's", async () => {
    const ofPartner = await listAs('PARCEIRO');
    expect(ofPartner.length).toBeGreaterThan(0);
    expect(ofPartner.every((reseller) => reseller.id_parceiro === ids.own.id)).toBe(true);
    expect(ofPartner.some((reseller) => reseller.id_filial !== ids.ownBranch.id)).toBe(true);

    const ofBranch = await listAs('FILIAL');
    expect(ofBranch.length).toBeGreaterThan(0);
    expect(ofBranch.every((reseller) => reseller.id_filial === ids.ownBranch.id)).toBe(true);
  });

  it('refuses a reseller user with 403', async () => {
    expect((await as('REVENDEDOR', { method: 'GET', url: '/api/resellers' })).statusCode).toBe(403);
  });

  it('filters by name, partner, branch (case-insensitive contains) and CPF (digits contain), paged', async () => {
    const byName = await as('ADMINISTRADOR', { method: 'GET', url: '/api/resellers?page=1&nome=rafael%20REVENDEDOR' });
    expect(byName.json().data.data.map((reseller: Row) => reseller.id)).toEqual([ids.ownReseller.id]);
    expect(byName.headers['x-total-count']).toBe('1');

    const byPartner = await listAs('ADMINISTRADOR', '?parceiro=saúde%20mais');
    expect(byPartner.length).toBeGreaterThan(0);
    expect(byPartner.every((reseller) => reseller.parceiro_nome === 'Saúde Mais Brasil')).toBe(true);

    const byBranch = await listAs('ADMINISTRADOR', '?filial=vida%20centro');
    expect(byBranch.every((reseller) => reseller.filial_titulo === 'Vida Centro')).toBe(true);

    const cpf = ids.ownReseller.cpf;
    const byCpf = await listAs('ADMINISTRADOR', `?cpf=${encodeURIComponent(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`)}`);
    expect(byCpf.map((reseller) => reseller.id)).toContain(ids.ownReseller.id);
  });

  it('sorts by partner name and branch title both ways (names the rows look up)', async () => {
    for (const [column, nameOf] of [
      ['parceiro', (reseller: Row) => reseller.parceiro_nome],
      ['filial', (reseller: Row) => reseller.filial_titulo],
    ] as const) {
      // The database compares lower-cased names by code point (its collation is C), as JavaScript's sort does.
      const ascending = (await listAs('ADMINISTRADOR', `?sort=${column}:asc`)).map((reseller) => nameOf(reseller).toLowerCase());
      const descending = (await listAs('ADMINISTRADOR', `?sort=${column}:desc`)).map((reseller) => nameOf(reseller).toLowerCase());
      expect(new Set(ascending).size).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort());
      expect(descending).toEqual([...ascending].reverse());
    }
  });

  it('splits the list into pages that, put together, are the whole list in its order, names and all', async () => {
    for (const sort of ['', 'sort=parceiro:desc', 'sort=nome:desc']) {
      const whole = await listAs('ADMINISTRADOR', sort);
      expect(whole.length).toBeGreaterThan(3);
      const pages: Row[] = [];
      for (let page = 1; (page - 1) * 3 < whole.length; page++) {
        const response = await as('ADMINISTRADOR', { method: 'GET', url: `/api/resellers?page=${page}&pageSize=3&${sort}` });
        pages.push(...(response.json().data.data as Row[]));
      }
      expect(pages).toEqual(whole);
    }
  });

  it('a branch user filtering by another branch finds nothing', async () => {
    expect(await listAs('FILIAL', `?filial=${encodeURIComponent(ids.otherBranchOfOwnPartner.titulo)}`)).toEqual([]);
  });
});

describe('GET /api/resellers/:id', () => {
  it.each([
    ['ADMINISTRADOR', 'otherReseller', 200],
    ['PARCEIRO', 'ownReseller', 200],
    ['PARCEIRO', 'siblingReseller', 200],
    ['PARCEIRO', 'otherReseller', 404],
    ['FILIAL', 'ownReseller', 200],
    ['FILIAL', 'siblingReseller', 404],
    ['FILIAL', 'otherReseller', 404],
    ['REVENDEDOR', 'ownReseller', 403],
  ] as const)('%s reading %s → %i', async (type, which, status) => {
    expect((await as(type, { method: 'GET', url: `/api/resellers/${ids[which].id}` })).statusCode).toBe(status);
  });
});

describe('POST /api/resellers', () => {
  it("lets an administrator create a reseller in any branch; its partner is always the branch's, and it signs in", async () => {
    const body = newResellerBody({ id_filial: ids.otherBranch.id, id_parceiro: ids.own.id });
    const response = await as('ADMINISTRADOR', { method: 'POST', url: '/api/resellers', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: RESELLER_TEXTS.messages.created,
      data: { nome: body.nome, cpf: body.cpf, id_filial: ids.otherBranch.id, id_parceiro: ids.other.id, parceiro_nome: ids.other.nome },
    });
    expect(await canSignIn(app, body.email, 'REVENDEDOR')).toBe(true);
  });

  it("lets a partner user create in its own branches, and answers 404 for another partner's branch", async () => {
    const own = await as('PARCEIRO', {
      method: 'POST',
      url: '/api/resellers',
      payload: newResellerBody({ id_filial: ids.otherBranchOfOwnPartner.id }),
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ id_filial: ids.otherBranchOfOwnPartner.id, id_parceiro: ids.own.id });

    const before = await resellerCount();
    const other = await as('PARCEIRO', {
      method: 'POST',
      url: '/api/resellers',
      payload: newResellerBody({ id_filial: ids.otherBranch.id }),
    });
    expect(other.statusCode).toBe(404);
    expect(await resellerCount()).toBe(before);
  });

  it("creates a branch user's reseller under its own branch, whatever the body says", async () => {
    const response = await as('FILIAL', {
      method: 'POST',
      url: '/api/resellers',
      payload: newResellerBody({ id_filial: ids.otherBranch.id, id_parceiro: ids.other.id }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ id_filial: ids.ownBranch.id, id_parceiro: ids.own.id });
  });

  it('refuses a reseller user with 403, creating nothing', async () => {
    const before = await resellerCount();
    const response = await as('REVENDEDOR', {
      method: 'POST',
      url: '/api/resellers',
      payload: newResellerBody({ id_filial: ids.ownBranch.id }),
    });
    expect(response.statusCode).toBe(403);
    expect(await resellerCount()).toBe(before);
  });

  it.each([
    [
      'PARCEIRO',
      {},
      {
        id_filial: 'Filial é obrigatória',
        nome: 'Nome é obrigatório',
        cpf: 'CPF é obrigatório',
        email: 'Email é obrigatório',
        senha: 'Senha é obrigatória',
      },
    ],
    ['FILIAL', {}, { nome: 'Nome é obrigatório', cpf: 'CPF é obrigatório', email: 'Email é obrigatório', senha: 'Senha é obrigatória' }],
    ['FILIAL', { cpf: '123.456.789-00', email: 'nao-e-email' }, { cpf: 'CPF inválido', email: 'Email inválido' }],
  ] as const)('answers a %s 400 with the field messages, creating nothing', async (type, overrides, errors) => {
    const before = await resellerCount();
    const payload = Object.keys(overrides).length ? newResellerBody(overrides) : {};
    const response = await as(type, { method: 'POST', url: '/api/resellers', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(await resellerCount()).toBe(before);
  });

  it("answers 409 'E-mail já cadastrado' for another reseller's e-mail", async () => {
    const response = await as('FILIAL', {
      method: 'POST',
      url: '/api/resellers',
      payload: newResellerBody({ email: 'REVENDEDOR@demo.com.br' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_TAKEN);
  });
});

describe('PUT /api/resellers/:id', () => {
  const createAs = async (type: UserType, overrides: Record<string, unknown> = {}) => {
    const body = newResellerBody(overrides);
    const response = await as(type, { method: 'POST', url: '/api/resellers', payload: body });
    expect(response.statusCode).toBe(201);
    return { body, record: response.json().data as Row & Record<string, unknown> };
  };

  it("lets a partner user move a reseller between its own branches, but not to another partner's branch (404)", async () => {
    const { record } = await createAs('PARCEIRO', { id_filial: ids.ownBranch.id });
    const moved = await as('PARCEIRO', {
      method: 'PUT',
      url: `/api/resellers/${record.id}`,
      payload: { ...record, id_filial: ids.otherBranchOfOwnPartner.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: RESELLER_TEXTS.messages.updated, data: { id_filial: ids.otherBranchOfOwnPartner.id } });

    const refused = await as('PARCEIRO', {
      method: 'PUT',
      url: `/api/resellers/${record.id}`,
      payload: { ...moved.json().data, id_filial: ids.otherBranch.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(await storedReseller(record.id)).toMatchObject({ branchId: ids.otherBranchOfOwnPartner.id, partnerId: ids.own.id });
  });

  it("answers 404 to a partner user for another partner's reseller and to a branch user for another branch's, changing nothing", async () => {
    for (const [type, target] of [
      ['PARCEIRO', ids.otherReseller],
      ['FILIAL', ids.siblingReseller],
      ['FILIAL', ids.otherReseller],
    ] as const) {
      const before = await storedReseller(target.id);
      const response = await as(type, {
        method: 'PUT',
        url: `/api/resellers/${target.id}`,
        payload: { ...newResellerBody(), id_filial: ids.ownBranch.id, ativo: false },
      });
      expect(response.statusCode).toBe(404);
      expect(await storedReseller(target.id)).toEqual(before);
    }
  });

  it('a branch user inactivating its reseller (full record, ativo inverted) blocks the reseller at once', async () => {
    const { body, record } = await createAs('FILIAL');
    const session = await login(app, body.email, 'REVENDEDOR', TEST_PASSWORD);
    const response = await as('FILIAL', {
      method: 'PUT',
      url: `/api/resellers/${record.id}`,
      payload: { ...record, ativo: !record.ativo },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ativo).toBe(false);
    expect(await sessionStatus(app, session)).toBe(401);
    expect(await canSignIn(app, body.email, 'REVENDEDOR')).toBe(false);

    await as('FILIAL', { method: 'PUT', url: `/api/resellers/${record.id}`, payload: { ...response.json().data, ativo: true } });
    expect(await canSignIn(app, body.email, 'REVENDEDOR')).toBe(true);
  });

  it('keeps the password when senha is blank and changes it when given', async () => {
    const { body, record } = await createAs('FILIAL');
    const kept = await as('FILIAL', {
      method: 'PUT',
      url: `/api/resellers/${record.id}`,
      payload: { ...record, cargo: 'Gerente', senha: '' },
    });
    expect(await canSignIn(app, body.email, 'REVENDEDOR')).toBe(true);
    expect((await storedReseller(record.id)).cargo).toBe('Gerente');
    await as('FILIAL', { method: 'PUT', url: `/api/resellers/${record.id}`, payload: { ...kept.json().data, senha: 'nova-senha' } });
    expect(await canSignIn(app, body.email, 'REVENDEDOR', 'nova-senha')).toBe(true);
  });

  it('answers 400 for invalid fields, changing nothing', async () => {
    const { record } = await createAs('FILIAL');
    const response = await as('FILIAL', {
      method: 'PUT',
      url: `/api/resellers/${record.id}`,
      payload: { ...record, nome: '', cpf: '11111111111' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ nome: 'Nome é obrigatório', cpf: 'CPF inválido' });
    expect((await storedReseller(record.id)).nome).toBe(record.nome);
  });
});

describe('DELETE /api/resellers/:id', () => {
  it.each([
    [
      'sales',
      DELETE_BLOCKED.resellerHasSales,
      (resellerId: number) => app.db.insert(sales).values({ resellerId, tipo: 'consulta_avulsa', valor: '39.90' }),
    ],
    [
      'beneficiaries',
      DELETE_BLOCKED.resellerHasBeneficiaries,
      (resellerId: number) => app.db.insert(beneficiaries).values({ name: 'Cliente', cpf: freshCpf(), resellerId }),
    ],
  ])('refuses a reseller with %s with 409, removing nothing', async (_records, reason, insertRecord) => {
    const chain = await createChain(app);
    await insertRecord(chain.reseller.id);
    expect(await deleteAs('ADMINISTRADOR', `/api/resellers/${chain.reseller.id}`)).toEqual({ status: 409, message: reason });
    expect(await storedReseller(chain.reseller.id)).toBeDefined();
  });

  /** A payment attempt through the reseller's sales link, as the checkout records it. */
  const attemptThrough = (resellerId: number, status: 'pending' | 'waiting' | 'refused' | 'failed' | 'expired') =>
    app.db
      .insert(paymentAttempts)
      .values({
        requestFingerprint: 'teste',
        plan: 'consulta_avulsa',
        amount: '39.90',
        status,
        resellerId,
        buyer: {} as PaymentBuyer,
        gateway: 'sandbox',
      })
      .returning({ id: paymentAttempts.id });

  it.each(['refused', 'failed', 'expired'] as const)(
    'removes a reseller whose only payment attempt was %s, keeping the attempt',
    async (status) => {
      const chain = await createChain(app);
      const [attempt] = await attemptThrough(chain.reseller.id, status);
      expect(await deleteAs('ADMINISTRADOR', `/api/resellers/${chain.reseller.id}`)).toEqual({
        status: 200,
        message: RESELLER_TEXTS.messages.removed,
      });
      expect(await storedReseller(chain.reseller.id)).toBeUndefined();
      const [kept] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
      expect(kept).toMatchObject({ status, resellerId: null });
    },
  );

  it.each(['pending', 'waiting'] as const)(
    'refuses a reseller with a payment still in flight (%s), saying so (not that it has sales)',
    async (status) => {
      const chain = await createChain(app);
      await attemptThrough(chain.reseller.id, status);
      expect(await deleteAs('ADMINISTRADOR', `/api/resellers/${chain.reseller.id}`)).toEqual({
        status: 409,
        message: DELETE_BLOCKED.resellerHasPaymentInProgress,
      });
      expect(await storedReseller(chain.reseller.id)).toBeDefined();
    },
  );

  it('answers 404 out of scope and 403 to a reseller user, removing nothing', async () => {
    const chain = await createChain(app);
    for (const type of ['PARCEIRO', 'FILIAL'] as const) {
      expect((await deleteAs(type, `/api/resellers/${chain.reseller.id}`)).status).toBe(404);
    }
    expect((await deleteAs('REVENDEDOR', `/api/resellers/${chain.reseller.id}`)).status).toBe(403);
    expect(await storedReseller(chain.reseller.id)).toBeDefined();
  });

  it('lets a branch user remove its own reseller', async () => {
    const created = (await as('FILIAL', { method: 'POST', url: '/api/resellers', payload: newResellerBody() })).json().data;
    expect(await deleteAs('FILIAL', `/api/resellers/${created.id}`)).toEqual({ status: 200, message: RESELLER_TEXTS.messages.removed });
    expect(await storedReseller(created.id)).toBeUndefined();
  });
});

describe('GET /api/resellers/export', () => {
  it("exports only a branch user's resellers", async () => {
    const response = await as('FILIAL', { method: 'GET', url: '/api/resellers/export' });
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe('Nome;CPF;Cargo;Email;PIX;Parceiro;Filial;Status;Data de Registro');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(';')[6] === 'Vida Centro')).toBe(true);
  });
});
