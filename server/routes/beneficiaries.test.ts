import { count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES as M, type Beneficiary } from '../../src/domain/beneficiaries';
import { cpfCheckDigits, formatCpf } from '../../src/domain/documents';
import type { UserType } from '../../src/domain/userTypes';
import { auditLog, beneficiaries, resellers } from '../db/schema';
import { addDays, todayIn, zonedInstant } from '../services/telemedicine/dates';
import { inTimeZone } from '../../src/test/timeZone';
import { demoChannel, inDemoScope, startDemoPortal, type DemoChannel } from '../test/demoPortal';
import { CLOCK_ONLY, csvLines, injectAs, login } from '../test/helpers';

let app: FastifyInstance;
let tokens: Record<UserType, string>;
let demo: DemoChannel;
const USER_TYPES: UserType[] = ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'];

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  demo = await demoChannel(app);
});
afterAll(() => app.close());

const call = (type: UserType, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, tokens[type], { method, url, payload });

/** Every beneficiary with its branch and partner, read straight from the table. */
async function allBeneficiaries() {
  return app.db
    .select({
      id: beneficiaries.id,
      uuid: beneficiaries.uuid,
      cpf: beneficiaries.cpf,
      name: beneficiaries.name,
      holderId: beneficiaries.holderId,
      resellerId: beneficiaries.resellerId,
      isActive: beneficiaries.isActive,
      branchId: beneficiaries.branchId,
      partnerId: beneficiaries.partnerId,
    })
    .from(beneficiaries);
}
type Row = Awaited<ReturnType<typeof allBeneficiaries>>[number];

/** The scope rule, written independently of the service. */
const inScope = (type: UserType) => (row: Row) => inDemoScope(demo, type)(row);

/** Every row of the list in scope, page after page: a list answers one page. */
async function everyPage(type: UserType, query = ''): Promise<Beneficiary[]> {
  const rows: Beneficiary[] = [];
  for (let page = 1; ; page++) {
    const response = await call(type, 'GET', `/api/beneficiaries?${query}&page=${page}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const body: Beneficiary[] = response.json();
    rows.push(...body);
    if (!body.length || page * 100 >= Number(response.headers['x-total-count'])) return rows;
  }
}

const beneficiaryCount = async () => (await app.db.select({ total: count() }).from(beneficiaries))[0].total;

let cpfSeed = 0;
/** A valid CPF nobody has yet. */
async function freshCpf(): Promise<string> {
  for (;;) {
    const base = String(987_000_000 + ++cpfSeed);
    const cpf = base + cpfCheckDigits(base);
    const [taken] = await app.db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
    if (!taken) return cpf;
  }
}

const holderPayload = async (overrides: object = {}) => ({
  name: 'Joana Teste Lima',
  cpf: formatCpf(await freshCpf()),
  birthday: '1988-04-12',
  beneficiaryType: 'titular',
  holder: '',
  phone: '(11) 98765-4321',
  email: 'joana@exemplo.com.br',
  zipCode: '01310-100',
  address: 'Avenida Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  paymentType: 'S',
  serviceType: 'GP',
  general: '',
  ...overrides,
});

describe('GET /api/beneficiaries scope', () => {
  it.each(USER_TYPES)('answers %s exactly the beneficiaries of its scope', async (type) => {
    const expected = (await allBeneficiaries()).filter(inScope(type));
    const body = await everyPage(type);
    expect(body.map((row) => row.uuid).sort()).toEqual(expected.map((row) => row.uuid).sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('shows staff-created beneficiaries (no reseller) to administrators only', async () => {
    const staffMade = (await allBeneficiaries()).filter((row) => row.resellerId === null);
    expect(staffMade.length).toBeGreaterThan(0);
    const [{ cpf }] = staffMade;
    expect((await call('ADMINISTRADOR', 'GET', `/api/beneficiaries/cpf/${cpf}`)).statusCode).toBe(200);
    for (const type of ['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) {
      expect((await call(type, 'GET', `/api/beneficiaries/cpf/${cpf}`)).statusCode).toBe(404);
    }
  });

  it('carries the spec fields, the channel names and the holder CPF on dependents', async () => {
    const response = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries');
    const body: Beneficiary[] = response.json();
    const dependent = body.find((row) => row.holder && row.nome_revendedor)!;
    expect(Object.keys(dependent).sort()).toEqual(
      [
        'id',
        'uuid',
        'name',
        'cpf',
        'birthday',
        'phone',
        'email',
        'zipCode',
        'address',
        'city',
        'state',
        'paymentType',
        'serviceType',
        'holder',
        'isActive',
        'planFromSale',
        'nome_revendedor',
        'nome_filial',
        'nome_parceiro',
      ].sort(),
    );
    const holder = body.find((row) => row.cpf === dependent.holder)!;
    expect(holder.holder).toBeNull();
    expect(dependent).toMatchObject({
      nome_revendedor: holder.nome_revendedor,
      nome_filial: holder.nome_filial,
      nome_parceiro: holder.nome_parceiro,
    });
    expect(dependent.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The plain list keeps each group together: the holder, then its dependents.
    const holderIndex = body.indexOf(holder);
    const group = body.slice(holderIndex + 1).filter((row, index, rest) => rest.slice(0, index + 1).every((r) => r.holder === holder.cpf));
    expect(group.map((row) => row.cpf)).toContain(dependent.cpf);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/beneficiaries' })).statusCode).toBe(401);
  });
});

describe('GET /api/beneficiaries paged', () => {
  it('answers the first page of 10 holders when no page is asked for, and refuses a page over 100', async () => {
    const plain = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries');
    const first = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries?page=1&pageSize=10');
    expect(plain.json()).toEqual(first.json());
    expect(plain.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(Number(plain.headers['x-total-count'])).toBeGreaterThan(10);
    expect((plain.json() as Beneficiary[]).filter((row) => row.holder === null)).toHaveLength(10);
    const tooLarge = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries?pageSize=101');
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([400, 'Parâmetro pageSize inválido.']);
  });

  it.each(USER_TYPES)('pages the holders of %s, each followed by its dependents, total in X-Total-Count', async (type) => {
    const rows = (await allBeneficiaries()).filter(inScope(type));
    const holders = rows.filter((row) => row.holderId === null);
    const response = await call(type, 'GET', '/api/beneficiaries?page=1&pageSize=10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(holders.length));
    const body: Beneficiary[] = response.json();
    const pageHolders = body.filter((row) => row.holder === null);
    expect(pageHolders).toHaveLength(Math.min(10, holders.length));
    // Holders by name; every dependent of a holder right after it.
    const names = pageHolders.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    let currentHolder: Beneficiary | undefined;
    for (const row of body) {
      if (row.holder === null) {
        currentHolder = row;
        const holderId = rows.find((candidate) => candidate.cpf === row.cpf)!.id;
        const expectedDependents = rows.filter((candidate) => candidate.holderId === holderId).map((candidate) => candidate.cpf);
        const shown = body.filter((candidate) => candidate.holder === row.cpf).map((candidate) => candidate.cpf);
        expect(shown.sort()).toEqual(expectedDependents.sort());
      } else {
        expect(row.holder).toBe(currentHolder!.cpf);
      }
    }
  });

  it('moves through pages without repeating holders', async () => {
    const first: Beneficiary[] = (await call('PARCEIRO', 'GET', '/api/beneficiaries?page=1&pageSize=10')).json();
    const second: Beneficiary[] = (await call('PARCEIRO', 'GET', '/api/beneficiaries?page=2&pageSize=10')).json();
    const firstHolders = first.filter((row) => row.holder === null).map((row) => row.cpf);
    const secondHolders = second.filter((row) => row.holder === null).map((row) => row.cpf);
    expect(secondHolders).toHaveLength(10);
    expect(secondHolders.some((cpf) => firstHolders.includes(cpf))).toBe(false);
  });

  it('sorts by name descending on request', async () => {
    const body: Beneficiary[] = (await call('ADMINISTRADOR', 'GET', '/api/beneficiaries?page=1&pageSize=10&sort=name:desc')).json();
    const names = body.filter((row) => row.holder === null).map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('filters by reseller, branch and partner within the scope', async () => {
    const rows = (await allBeneficiaries()).filter((row) => row.holderId === null);
    const [reseller] = await app.db.select().from(resellers).where(eq(resellers.id, demo.resellerId));
    const cases: Array<[string, (row: Row) => boolean, string]> = [
      [`reseller=${demo.resellerId}`, (row) => row.resellerId === demo.resellerId, 'nome_revendedor'],
      [`branch=${demo.branchId}`, (row) => row.branchId === demo.branchId, 'nome_filial'],
      [`partner=${demo.partnerId}`, (row) => row.partnerId === demo.partnerId, 'nome_parceiro'],
    ];
    for (const [query, matches, field] of cases) {
      const response = await call('ADMINISTRADOR', 'GET', `/api/beneficiaries?page=1&pageSize=100&${query}`);
      expect(response.headers['x-total-count']).toBe(String(rows.filter(matches).length));
      const values = new Set((response.json() as Beneficiary[]).map((row) => row[field as keyof Beneficiary]));
      expect(values.size).toBe(1);
    }
    expect(reseller.nome).toBe('Rafael Revendedor Souza');
    // A partner asking for another partner's reseller gets nothing.
    const [foreign] = await app.db
      .select()
      .from(resellers)
      .where(eq(resellers.partnerId, demo.partnerId + 1));
    const outside = await call('PARCEIRO', 'GET', `/api/beneficiaries?page=1&reseller=${foreign.id}`);
    expect(outside.headers['x-total-count']).toBe('0');
    expect(outside.json()).toEqual([]);
  });

  it('filters by name keeping whole groups: a matching dependent brings its holder', async () => {
    const rows = await allBeneficiaries();
    const dependent = rows.find((row) => row.holderId !== null && inScope('FILIAL')(row))!;
    const holder = rows.find((row) => row.id === dependent.holderId)!;
    const response = await call(
      'FILIAL',
      'GET',
      `/api/beneficiaries?page=1&pageSize=100&name=${encodeURIComponent(dependent.name.toUpperCase())}`,
    );
    const body: Beneficiary[] = response.json();
    expect(body.map((row) => row.cpf)).toEqual(expect.arrayContaining([holder.cpf, dependent.cpf]));
    const expectedHolders = new Set(
      rows
        .filter((row) => inScope('FILIAL')(row) && row.name.toLowerCase().includes(dependent.name.toLowerCase()))
        .map((row) => row.holderId ?? row.id),
    );
    expect(response.headers['x-total-count']).toBe(String(expectedHolders.size));
  });

  it('treats LIKE wildcards in the name filter as text', async () => {
    const response = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries?page=1&name=%25');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each(['page=0', 'page=1&pageSize=1000', 'page=1&sort=senha', 'page=1&reseller=abc', 'partner=-1'])(
    'answers 400 to %s',
    async (query) => {
      const response = await call('ADMINISTRADOR', 'GET', `/api/beneficiaries?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );
});

describe('GET /api/beneficiaries/filters', () => {
  it.each(USER_TYPES)('lists for %s only the partners, branches and resellers present in its scope', async (type) => {
    const rows = (await allBeneficiaries()).filter((row) => inScope(type)(row) && row.resellerId !== null);
    const body = (await call(type, 'GET', '/api/beneficiaries/filters')).json();
    expect(body.resellers.map((reseller: { id: number }) => reseller.id).sort()).toEqual(
      [...new Set(rows.map((row) => row.resellerId))].sort(),
    );
    expect(body.branches.map((branch: { id: number }) => branch.id).sort()).toEqual([...new Set(rows.map((row) => row.branchId))].sort());
    expect(body.partners.map((partner: { id: number }) => partner.id).sort()).toEqual(
      [...new Set(rows.map((row) => row.partnerId))].sort(),
    );
    expect(body.partners[0]).toEqual({ id: expect.any(Number), nome: expect.any(String) });
    expect(body.branches[0]).toEqual({ id: expect.any(Number), titulo: expect.any(String), partnerId: expect.any(Number) });
  });
});

describe('GET /api/beneficiaries/cpf/{cpf}', () => {
  it('finds a beneficiary in scope by CPF, masked or not', async () => {
    const [row] = (await allBeneficiaries()).filter(inScope('REVENDEDOR'));
    for (const cpf of [row.cpf, formatCpf(row.cpf)]) {
      const response = await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${encodeURIComponent(cpf)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ uuid: row.uuid, cpf: row.cpf });
    }
  });

  it('answers 404 out of scope, for unknown and for malformed CPFs', async () => {
    const outside = (await allBeneficiaries()).find((row) => row.resellerId !== null && !inScope('FILIAL')(row))!;
    expect((await call('FILIAL', 'GET', `/api/beneficiaries/cpf/${outside.cpf}`)).statusCode).toBe(404);
    expect((await call('FILIAL', 'GET', `/api/beneficiaries/cpf/${await freshCpf()}`)).statusCode).toBe(404);
    expect((await call('FILIAL', 'GET', '/api/beneficiaries/cpf/abc')).statusCode).toBe(404);
  });
});

describe('POST /api/beneficiaries', () => {
  it('lets an administrator create a holder, storing CPF, phone and CEP as digits', async () => {
    const payload = await holderPayload();
    const response = await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: M.created });
    const cpf = payload.cpf.replace(/\D/g, '');
    const stored = (await call('ADMINISTRADOR', 'GET', `/api/beneficiaries/cpf/${cpf}`)).json();
    expect(stored).toMatchObject({
      name: 'Joana Teste Lima',
      cpf,
      birthday: '1988-04-12',
      phone: '11987654321',
      zipCode: '01310100',
      state: 'SP',
      paymentType: 'S',
      serviceType: 'GP',
      holder: null,
      isActive: true,
      nome_revendedor: null,
    });
  });

  it('defaults payment type S and service type G, and leaves empty optional fields empty', async () => {
    const payload = await holderPayload({ paymentType: undefined, serviceType: undefined, email: '', phone: '', zipCode: '', state: '' });
    expect((await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', payload)).statusCode).toBe(201);
    const stored = (await call('ADMINISTRADOR', 'GET', `/api/beneficiaries/cpf/${payload.cpf.replace(/\D/g, '')}`)).json();
    expect(stored).toMatchObject({ paymentType: 'S', serviceType: 'G', email: null, phone: null, zipCode: null, state: null });
  });

  it("creates a dependent under the holder's reseller, so it shares the holder's scope", async () => {
    const holder = (await allBeneficiaries()).find((row) => row.resellerId === demo.resellerId && row.holderId === null)!;
    const payload = await holderPayload({ name: 'Pedro Dependente', beneficiaryType: 'dependente', holder: formatCpf(holder.cpf) });
    const response = await call('FILIAL', 'POST', '/api/beneficiaries', payload);
    expect(response.statusCode).toBe(201);
    const stored = (await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${payload.cpf.replace(/\D/g, '')}`)).json();
    expect(stored).toMatchObject({ holder: holder.cpf, nome_revendedor: 'Rafael Revendedor Souza' });
  });

  it('refuses a reseller with 403: its way in is the checkout', async () => {
    const before = await beneficiaryCount();
    const response = await call('REVENDEDOR', 'POST', '/api/beneficiaries', await holderPayload());
    expect(response.statusCode).toBe(403);
    expect(await beneficiaryCount()).toBe(before);
  });

  it.each([
    ['name', { name: '  ' }, M.nameRequired],
    ['cpf', { cpf: '' }, M.cpfRequired],
    ['cpf', { cpf: '123.456.789-00' }, M.cpfInvalid],
    ['cpf', { cpf: '111.111.111-11' }, M.cpfInvalid],
    ['birthday', { birthday: '' }, M.birthdayRequired],
    ['birthday', { birthday: '2001-02-30' }, M.birthdayInvalid],
    ['birthday', { birthday: '2999-01-01' }, M.birthdayInvalid],
    ['beneficiaryType', { beneficiaryType: '' }, M.typeRequired],
    ['beneficiaryType', { beneficiaryType: 'conjuge' }, M.typeRequired],
    ['holder', { beneficiaryType: 'dependente', holder: '' }, M.holderRequired],
    ['holder', { beneficiaryType: 'dependente', holder: '123' }, M.holderInvalid],
    ['email', { email: 'sem-arroba' }, M.createEmailInvalid],
    ['phone', { phone: '1234' }, M.phoneInvalid],
    ['phone', { phone: 'abc' }, M.phoneInvalid],
    ['zipCode', { zipCode: '123' }, M.zipCodeInvalid],
    ['state', { state: 'XX' }, M.stateInvalid],
    ['state', { state: 'São Paulo' }, M.stateInvalid],
    ['paymentType', { paymentType: 'X' }, M.paymentTypeInvalid],
    ['serviceType', { serviceType: 'GG' }, M.serviceTypeInvalid],
    ['name', { name: { first: 'Ana' } }, M.invalidValue],
    ['name', { name: 'A'.repeat(151) }, M.nameTooLong],
  ])('answers 400 on %s (%j) with "%s" and creates nothing', async (field, overrides, message) => {
    const before = await beneficiaryCount();
    const response = await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', await holderPayload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await beneficiaryCount()).toBe(before);
  });

  it.each([
    ['a list', []],
    ['a string', 'nome'],
    ['null', null],
  ])('answers 400 to %s as body', async (_case, body) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/beneficiaries',
      headers: { authorization: `Bearer ${tokens.ADMINISTRADOR}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 "CPF já cadastrado" for a CPF in use in the same partner and changes nothing', async () => {
    const [existing] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.partnerId, demo.partnerId)).limit(1);
    const before = await beneficiaryCount();
    const response = await call('PARCEIRO', 'POST', '/api/beneficiaries', await holderPayload({ cpf: formatCpf(existing.cpf) }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: M.cpfTaken, errors: { cpf: M.cpfTaken } });
    expect(await beneficiaryCount()).toBe(before);
    const [after] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, existing.id));
    expect(after).toEqual(existing);
  });

  it('answers 400 "Titular não encontrado" for an unknown holder, a dependent as holder, or a holder out of scope', async () => {
    const rows = await allBeneficiaries();
    const aDependent = rows.find((row) => row.holderId !== null)!;
    const foreignHolder = rows.find((row) => row.holderId === null && row.resellerId !== null && !inScope('PARCEIRO')(row))!;
    const before = await beneficiaryCount();
    for (const [type, holderCpf] of [
      ['ADMINISTRADOR', await freshCpf()],
      ['ADMINISTRADOR', aDependent.cpf],
      ['PARCEIRO', foreignHolder.cpf],
    ] as const) {
      const response = await call(
        type,
        'POST',
        '/api/beneficiaries',
        await holderPayload({ beneficiaryType: 'dependente', holder: holderCpf }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: M.holderNotFound, errors: { holder: M.holderNotFound } });
    }
    expect(await beneficiaryCount()).toBe(before);
  });
});

describe('PUT /api/beneficiaries/{uuid}', () => {
  const edit = {
    name: 'Nome Editado Silva',
    birthday: '1979-12-31',
    phone: '(31) 3333-4444',
    email: 'editado@exemplo.com.br',
    zipCode: '30130-000',
    address: 'Rua Nova, 10',
    city: 'Belo Horizonte',
    state: 'mg',
    paymentType: 'A',
    serviceType: 'GSP',
  };

  it('saves the edited fields of a beneficiary in scope; CPF, holder and reseller stay', async () => {
    const target = (await allBeneficiaries()).find((row) => inScope('REVENDEDOR')(row) && row.holderId !== null)!;
    const before = (await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`)).json();
    const response = await call('REVENDEDOR', 'PUT', `/api/beneficiaries/${target.uuid}`, { ...edit, cpf: '52998224725', holder: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: M.updated });
    const after = (await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`)).json();
    expect(after).toEqual({
      ...before,
      name: 'Nome Editado Silva',
      birthday: '1979-12-31',
      phone: '3133334444',
      email: 'editado@exemplo.com.br',
      zipCode: '30130000',
      address: 'Rua Nova, 10',
      city: 'Belo Horizonte',
      state: 'MG',
      paymentType: 'A',
      serviceType: 'GSP',
    });
  });

  it.each([
    ['name', { name: '' }, M.nameRequired],
    ['birthday', { birthday: '' }, M.birthdayRequired],
    ['email', { email: 'x@' }, M.editEmailInvalid],
    ['state', { state: 'SPO' }, M.stateInvalid],
    ['paymentType', { paymentType: 'Z' }, M.paymentTypeInvalid],
    ['serviceType', { serviceType: 'Q' }, M.serviceTypeInvalid],
    // Without a digit: refused, where it once erased the stored phone and CEP.
    ['phone', { phone: 'abc' }, M.phoneInvalid],
    ['zipCode', { zipCode: 'sem cep' }, M.zipCodeInvalid],
  ])('answers 400 on %s (%j) with "%s" and changes nothing', async (field, overrides, message) => {
    const [target] = await app.db.select().from(beneficiaries).where(isNull(beneficiaries.resellerId)).limit(1);
    const response = await call('ADMINISTRADOR', 'PUT', `/api/beneficiaries/${target.uuid}`, { ...edit, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    const [after] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, target.id));
    expect(after).toEqual(target);
  });

  it('answers 404 out of scope and for unknown or malformed uuids, changing nothing', async () => {
    const outside = (await allBeneficiaries()).find((row) => row.resellerId !== null && !inScope('PARCEIRO')(row))!;
    const [before] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, outside.id));
    for (const uuid of [outside.uuid, '00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      expect((await call('PARCEIRO', 'PUT', `/api/beneficiaries/${uuid}`, edit)).statusCode).toBe(404);
    }
    const [after] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, outside.id));
    expect(after).toEqual(before);
  });
});

describe('DELETE /api/beneficiaries/{uuid}', () => {
  it('flips isActive and answers the new state, both ways', async () => {
    const target = (await allBeneficiaries()).find((row) => inScope('REVENDEDOR')(row) && row.isActive)!;
    const first = await call('REVENDEDOR', 'DELETE', `/api/beneficiaries/${target.uuid}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: M.statusUpdated, isActive: false });
    expect((await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`)).json().isActive).toBe(false);
    const second = await call('REVENDEDOR', 'DELETE', `/api/beneficiaries/${target.uuid}`);
    expect(second.json()).toMatchObject({ isActive: true });
    // Inactivating keeps the record (and its group) in the list.
    const list = await everyPage('REVENDEDOR');
    expect(list.some((row) => row.uuid === target.uuid)).toBe(true);
  });

  it.each(['REVENDEDOR', 'FILIAL', 'PARCEIRO'] as const)(
    'answers 404 to %s for a beneficiary out of its scope, changing nothing',
    async (type) => {
      const outside = (await allBeneficiaries()).find((row) => !inScope(type)(row))!;
      const response = await call(type, 'DELETE', `/api/beneficiaries/${outside.uuid}`);
      expect(response.statusCode).toBe(404);
      const [after] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, outside.id));
      expect(after.isActive).toBe(outside.isActive);
    },
  );
});

describe('a dependent is active only while its holder is', () => {
  /** A holder created by the administrator, with two dependents. */
  async function family() {
    const holder = await holderPayload();
    expect((await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', holder)).statusCode).toBe(201);
    const dependents = [await holderPayload(), await holderPayload()].map((payload) => ({
      ...payload,
      beneficiaryType: 'dependente',
      holder: holder.cpf,
    }));
    for (const dependent of dependents) expect((await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', dependent)).statusCode).toBe(201);
    const stored = async (payload: { cpf: string }) =>
      (
        await app.db
          .select()
          .from(beneficiaries)
          .where(eq(beneficiaries.cpf, payload.cpf.replace(/\D/g, '')))
      )[0];
    return { holder: await stored(holder), dependents: await Promise.all(dependents.map(stored)), stored, dependentPayload: dependents[0] };
  }

  it('inactivates the dependents with their holder, each with its audit row, and keeps them inactive when it comes back', async () => {
    const { holder, dependents, stored } = await family();
    const inactivated = await call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${holder.uuid}`);
    expect(inactivated.json()).toMatchObject({ success: true, isActive: false });
    for (const dependent of dependents) {
      expect((await stored(dependent)).isActive).toBe(false);
      const rows = await app.db.select().from(auditLog).where(eq(auditLog.entityId, dependent.uuid));
      expect(rows.map((row) => [row.action, row.summary])).toContainEqual(['status', 'Inativado com o titular']);
    }
    // Bringing the holder back does not bring back dependents someone may have inactivated on purpose.
    expect((await call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${holder.uuid}`)).json().isActive).toBe(true);
    expect((await stored(dependents[0])).isActive).toBe(false);
  });

  it('refuses to activate a dependent of an inactive holder with 409, changing nothing', async () => {
    const { holder, dependents, stored } = await family();
    await call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${holder.uuid}`);
    const response = await call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${dependents[0].uuid}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.holderInactive);
    expect((await stored(dependents[0])).isActive).toBe(false);
  });

  it('refuses a new dependent of an inactive holder with 409, creating nothing', async () => {
    const { holder, dependentPayload } = await family();
    await call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${holder.uuid}`);
    const before = await beneficiaryCount();
    const response = await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', { ...dependentPayload, cpf: formatCpf(await freshCpf()) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: M.holderInactive, errors: { holder: M.holderInactive } });
    expect(await beneficiaryCount()).toBe(before);
  });
});

describe('dates are São Paulo’s, whatever the server’s time zone', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a birth date of tomorrow in Brasília at 22:30, when UTC is already on that day', async () => {
    const evening = zonedInstant(addDays(todayIn(new Date()), 1), '22:30');
    const [today, tomorrow] = [todayIn(evening), addDays(todayIn(evening), 1)];
    await inTimeZone('UTC', async () => {
      // Only the clock is moved: the server's timers and I/O run as usual.
      jest.useFakeTimers({ now: evening, doNotFake: CLOCK_ONLY });
      const admin = await login(app, 'admin@demo.com.br', 'ADMINISTRADOR');
      const post = async (birthday: string) =>
        injectAs(app, admin, { method: 'POST', url: '/api/beneficiaries', payload: await holderPayload({ birthday }) });
      const future = await post(tomorrow);
      expect(future.statusCode).toBe(400);
      expect(future.json().errors).toEqual({ birthday: M.birthdayInvalid });
      expect((await post(today)).statusCode).toBe(201);
    });
  });
});

describe('a beneficiary the portal lists can be opened', () => {
  it('opens one registered with a CNPJ (a company bought before the checkout refused CNPJs)', async () => {
    const [company] = await app.db.insert(beneficiaries).values({ name: 'Empresa Compradora Ltda', cpf: '11444777000161' }).returning();
    const response = await call('ADMINISTRADOR', 'GET', '/api/beneficiaries/cpf/11.444.777%2F0001-61');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uuid: company.uuid, name: 'Empresa Compradora Ltda' });
  });
});

describe('GET /api/beneficiaries/export', () => {
  it('streams the filtered list in scope as CSV for Excel', async () => {
    const expected = (await allBeneficiaries()).filter(inScope('FILIAL'));
    const response = await call('FILIAL', 'GET', '/api/beneficiaries/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toContain('beneficiarios.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Nome;CPF;Tipo;CPF do Titular;Data de Nascimento;Telefone;Email;CEP;Endereço;Cidade;Estado;Tipo de Pagamento;Tipo de Serviço;Revendedor;Filial;Parceiro;Status',
    );
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines[1]).toMatch(/^[^;]+;\d{3}\.\d{3}\.\d{3}-\d{2};(Titular|Dependente);/);

    const filtered = await call('FILIAL', 'GET', `/api/beneficiaries/export?reseller=${demo.resellerId}`);
    expect(csvLines(filtered.body)).toHaveLength(expected.filter((row) => row.resellerId === demo.resellerId).length + 1);
  });
});
