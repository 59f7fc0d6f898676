import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { createTestApp, loginAsDemo } from '../test/helpers';
import { ACCESS_TABLE, routeKey, type CaseRequest, type RouteAccess } from './accessTable';
import { applyMutations, badPathParam, badQuery, DeepJson, FRAGMENTS_HTML, mutations } from './badInput';
import { ScopeFixtures } from './scopeFixtures';

/**
 * Property-based bad input against every write route (bodies), every GET route (query strings) and
 * every route with a path parameter: never a 5xx, errors always `{success: false, message, errors?}`, never HTML,
 * and a refused write leaves every table as it was. The runs per route keep it near a minute.
 */

const BODY_RUNS = 35;
const QUERY_RUNS = 20;
const PATH_RUNS = 12;
/** The audit trail legitimately grows on reads; every other table must not move on a refusal. */
const UNWATCHED_TABLES = ['audit_log'];

let app: FastifyInstance;
let fx: ScopeFixtures;
const tokens: Partial<Record<UserType, string>> = {};
let requests = 0;
let tables: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
  for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) tokens[type] = await loginAsDemo(app, type);
  const result = await app.db.execute(sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`);
  tables = rowsOf<{ name: string }>(result)
    .map((row) => row.name)
    .filter((name) => !UNWATCHED_TABLES.includes(name));
}, 120_000);
afterAll(async () => {
  console.log(`fuzz: ${requests} requests sent`);
  await app?.close();
});

/** The rows of a raw query, whichever driver answered (node-postgres and PGlite both put them in `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Row count and a digest of every row of every watched table. */
async function snapshot(): Promise<Record<string, string>> {
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as digest from ${sql.identifier(name)} t`,
  );
  const result = await app.db.execute(sql.join(parts, sql` union all `));
  return Object.fromEntries(rowsOf<{ name: string; digest: string }>(result).map((row) => [row.name, row.digest]));
}

const allowedTypes = (row: RouteAccess): UserType[] =>
  row.access === 'public' || row.access === 'signed-in' ? ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] : [...row.access];

async function send(options: InjectOptions, token: string | undefined): Promise<LightMyRequestResponse> {
  requests++;
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/** The invariants of every answer to bad input. */
function checkAnswer(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 500) throw new Error(`5xx: ${context}`);
  if (String(response.headers['content-type'] ?? '').includes('text/html')) throw new Error(`HTML answer: ${context}`);
  if (response.statusCode >= 400) {
    const body = response.json() as Record<string, unknown>;
    const shapeOk =
      body.success === false &&
      typeof body.message === 'string' &&
      Object.keys(body).every((key) => key === 'success' || key === 'message' || key === 'errors' || key === 'error') &&
      (body.error === undefined || body.error === body.message) &&
      (body.errors === undefined ||
        (typeof body.errors === 'object' && Object.values(body.errors as object).every((m) => typeof m === 'string')));
    if (!shapeOk) throw new Error(`error shape: ${context}`);
  }
}

/** A valid request of a write row, as an administrator in scope (fresh records for the ones it changes). */
async function baseRequest(row: RouteAccess, type: UserType): Promise<CaseRequest> {
  const record = row.record ? await fx.record(row.record, type, 'in', Boolean(row.fresh)) : '';
  const target = {
    record,
    scope: 'in' as const,
    type,
    succeeds: true,
    fx,
    adminToken: tokens.ADMINISTRADOR!,
    jwtSecret: app.config.jwtSecret,
  };
  const request = row.request ? await row.request(target) : { url: row.url.replace(/:\w+/, record) };
  // Multipart forms are fuzzed as JSON bodies (the route reads both).
  if (request.payload instanceof FormData) {
    request.payload = Object.fromEntries([...request.payload.entries()].filter(([, value]) => typeof value === 'string'));
  }
  return request;
}

const writeRows = ACCESS_TABLE.filter((row) => row.method === 'POST' || row.method === 'PUT');
const getRows = ACCESS_TABLE.filter((row) => row.method === 'GET');
const pathRows = ACCESS_TABLE.filter((row) => /:\w+/.test(row.url));

describe('generated bad bodies on every write route', () => {
  it.each(writeRows.map((row) => [routeKey(row), row] as const))('%s', async (_key, row) => {
    const type = allowedTypes(row)[0];
    const base = await baseRequest(row, type);
    const fields = Object.keys((base.payload ?? {}) as object);
    await fc.assert(
      fc.asyncProperty(mutations(fields), async (list) => {
        const token = row.endsSession ? (await fx.freshSession(type)).token : tokens[type];
        const payload = applyMutations((base.payload ?? {}) as Record<string, unknown>, list);
        const before = await snapshot();
        const response = await send(
          {
            method: row.method,
            url: base.url,
            payload: JSON.stringify(payload) ?? 'null',
            headers: { ...base.headers, 'content-type': 'application/json' },
            remoteAddress: `10.88.${requests % 250}.${1 + (requests % 200)}`,
          },
          token,
        );
        checkAnswer(response, `${routeKey(row)} ${JSON.stringify(payload)?.slice(0, 200)}`);
        if (response.statusCode >= 400) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: BODY_RUNS },
    );
  });

  it('refuses bodies that are not JSON, or not of the declared type, changing nothing', async () => {
    const before = await snapshot();
    for (const row of writeRows.filter((candidate) => !candidate.endsSession)) {
      for (const [contentType, payload] of [
        ['application/json', '{"nome": "sem fim'],
        ['application/json', '{"a":1}{"b":2}'],
        ['text/plain', 'nome=x'],
        ['application/xml', '<nome>x</nome>'],
      ]) {
        const response = await send(
          { method: row.method, url: row.url.replace(/:\w+/, '1'), payload, headers: { 'content-type': contentType } },
          tokens.ADMINISTRADOR,
        );
        checkAnswer(response, `${routeKey(row)} as ${contentType}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('generated bad query strings on every GET route', () => {
  it.each(getRows.map((row) => [routeKey(row), row] as const))('%s', async (_key, row) => {
    const types = allowedTypes(row);
    const base = row.url.replace(/:\w+/, '1');
    await fc.assert(
      fc.asyncProperty(badQuery, fc.constantFrom(...types), async (query, type) => {
        const response = await send({ method: 'GET', url: `${base}?${query}` }, tokens[type]);
        checkAnswer(response, `GET ${base}?${query.slice(0, 200)} as ${type}`);
      }),
      { numRuns: QUERY_RUNS },
    );
  });
});

describe('generated bad path parameters', () => {
  it.each(pathRows.map((row) => [routeKey(row), row] as const))('%s', async (_key, row) => {
    const type = allowedTypes(row)[0];
    await fc.assert(
      fc.asyncProperty(badPathParam, async (param) => {
        const url = row.url.replace(/:\w+/g, param);
        const before = row.method === 'GET' ? undefined : await snapshot();
        const response = await send(
          { method: row.method, url, ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }) },
          tokens[type],
        );
        checkAnswer(response, `${row.method} ${url}`);
        if (before && response.statusCode >= 400) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: PATH_RUNS },
    );
  });
});

describe('stored text', () => {
  it('comes back as the very string sent (trimmed), markup and all: never interpreted, never mangled', async () => {
    const uuid = await fx.record('beneficiary', 'ADMINISTRADOR', 'in', true);
    const cpf = await fx.cpfOf(uuid);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...FRAGMENTS_HTML), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 })),
        async (name) => {
          const saved = await send(
            { method: 'PUT', url: `/api/beneficiaries/${uuid}`, payload: { name, birthday: '1990-05-20' } },
            tokens.ADMINISTRADOR,
          );
          checkAnswer(saved, `PUT name ${name}`);
          if (saved.statusCode !== 200) return;
          const read = await send({ method: 'GET', url: `/api/beneficiaries/cpf/${cpf}` }, tokens.ADMINISTRADOR);
          expect(read.headers['content-type']).toMatch(/^application\/json/);
          expect(read.json().name).toBe(name.trim());
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the bad inputs the fuzzer found answering 500 (kept as fixed cases)', () => {
  const admin = () => tokens.ADMINISTRADOR;
  it.each([
    [
      'a `constructor` key',
      'POST',
      '/api/auth/login',
      { email: 'admin@demo.com.br', senha: 'demo1234', userType: 'ADMINISTRADOR', constructor: 0 },
      undefined,
    ],
    [
      'an array where text goes',
      'POST',
      '/api/partners',
      { nome: [], cnpj: '11444777000161', email: 'a@b.com.br', senha: 'senha123' },
      admin,
    ],
    [
      'JSON nested 3000 deep',
      'POST',
      '/api/auth/login',
      { email: 'a@b.com.br', senha: new DeepJson(3_000), userType: 'ADMINISTRADOR' },
      undefined,
    ],
    [
      'an id past 32 bits',
      'POST',
      '/api/resellers',
      { id_filial: 1e308, nome: 'R', cpf: '52998224725', email: 'r@b.com.br', senha: 'senha123' },
      admin,
    ],
  ] as const)('%s → 400 {message}', async (_case, method, url, payload, token) => {
    const response = await send(
      { method, url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } },
      token?.(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('a NUL byte the database refuses → 400', async () => {
    const response = await send(
      {
        method: 'POST',
        url: '/api/payment/webhook/asaas',
        payload: { id: 'evt\u0000', event: 'PAYMENT_CREATED', payment: { id: 'pay_1' } },
        headers: { 'asaas-access-token': 'test-webhook-token' },
      },
      undefined,
    );
    expect([response.statusCode, response.json()]).toEqual([400, { success: false, message: 'Dados inválidos.' }]);
  });

  it('an id filter past 32 bits on a CSV export → 400, not a broken download', async () => {
    const response = await send({ method: 'GET', url: '/api/reports/sales/export?partner=52998224725999' }, admin());
    expect(response.statusCode).toBe(400);
  });

  it('a path parameter over the router’s length limit → {message}', async () => {
    const response = await send({ method: 'GET', url: `/api/partners/${'9'.repeat(300)}` }, admin());
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ success: false, message: 'Requisição inválida.' });
  });
});
