import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { DOCS_PREFIX } from '../plugins/apiDocs';
import { createTestApp, loginAsDemo } from '../test/helpers';
import { ACCESS_TABLE, routeKey, type CaseRequest, type RouteAccess } from '../test/accessTable';
import { applyMutations, badPathParam, badQuery, DeepJson, FRAGMENTS_HTML, mutations, QUERY_KEYS } from '../test/badInput';
import { ScopeFixtures } from '../test/scopeFixtures';
import { hasControlCharacters, normalizeText } from '../../src/domain/validation/text';
import { ENGLISH_DEFAULT_MESSAGE } from '../../src/test/englishMessages';

/**
 * Property-based bad input against every write route (bodies), every GET route (query strings) and
 * every route with a path parameter: never a 5xx, errors always `{success: false, message, errors?}`, never HTML,
 * and a refused write leaves every table as it was. The runs per route keep it near a minute.
 */

const BODY_RUNS = 35;
const QUERY_RUNS = 20;
const PATH_RUNS = 12;
/**
 * The audit trail legitimately grows on reads, and the attempt counters on refusals (a wrong password,
 * a payment request counted against its address); every other table must not move on a refusal.
 */
const UNWATCHED_TABLES = ['audit_log', 'attempt_counters'];

let app: FastifyInstance;
let fx: ScopeFixtures;
const tokens: Partial<Record<UserType, string>> = {};
let requests = 0;

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
  for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) tokens[type] = await loginAsDemo(app, type);
  const result = await app.db.execute(sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`);
  const tables = rowsOf<{ name: string }>(result)
    .map((row) => row.name)
    .filter((name) => !UNWATCHED_TABLES.includes(name));
  await watchWrites(tables);
});
afterAll(async () => {
  console.log(`fuzz: ${requests} requests sent`);
  await app?.close();
});

/** The rows of a raw query, whichever driver answered (node-postgres and PGlite both put them in `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Counts every row written to the watched tables, by table, in the writing transaction itself: a
 * refusal rolled back leaves the counts as they were, a change committed (or a table emptied) moves
 * them. An update to the same values is no change. (A digest of every row, read before and after
 * each request, took a third of this file's time.)
 */
async function watchWrites(tables: string[]) {
  await app.db.execute(sql`create table fuzz_writes (table_name text primary key, rows bigint not null default 0)`);
  await app.db.execute(sql`create function fuzz_note_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes as w (table_name, rows) values (tg_table_name, 1)
        on conflict (table_name) do update set rows = w.rows + 1;
      return null;
    end $$`);
  for (const name of tables) {
    const table = sql.identifier(name);
    await app.db.execute(sql`create trigger fuzz_rows after insert or delete on ${table} for each row execute function fuzz_note_write()`);
    await app.db.execute(
      sql`create trigger fuzz_updates after update on ${table} for each row when (old.* is distinct from new.*) execute function fuzz_note_write()`,
    );
    await app.db.execute(
      sql`create trigger fuzz_truncates after truncate on ${table} for each statement execute function fuzz_note_write()`,
    );
  }
}

/** How many rows have been written to each watched table since the file began. */
async function snapshot(): Promise<Record<string, string>> {
  const result = await app.db.execute(sql`select table_name as name, rows::text as rows from fuzz_writes`);
  return Object.fromEntries(rowsOf<{ name: string; rows: string }>(result).map((row) => [row.name, row.rows]));
}

const allowedTypes = (row: RouteAccess): UserType[] =>
  row.access === 'public' || row.access === 'signed-in' ? ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] : [...row.access];

async function send(options: InjectOptions, token: string | undefined): Promise<LightMyRequestResponse> {
  requests++;
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/** The invariants of every answer to bad input, in Portuguese. */
function checkAnswer(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 500) throw new Error(`5xx: ${context}`);
  // Only the API reference's own pages answer HTML, on purpose.
  const docsPage = response.statusCode < 400 && String(response.raw.req.url).startsWith(DOCS_PREFIX);
  if (String(response.headers['content-type'] ?? '').includes('text/html') && !docsPage) throw new Error(`HTML answer: ${context}`);
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
    const texts = [body.message, ...Object.values((body.errors as object | undefined) ?? {})];
    if (texts.some((text) => ENGLISH_DEFAULT_MESSAGE.test(String(text)))) throw new Error(`message in English: ${context}`);
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

/**
 * A NUL byte is text PostgreSQL refuses (PGlite takes it), so a generated query meets it by chance
 * only: every query key of every GET route gets one here. CSV exports once answered it with a 500.
 */
describe('a NUL byte in each query key of every GET route', () => {
  it.each(getRows.map((row) => [routeKey(row), row] as const))('%s', async (_key, row) => {
    const base = row.url.replace(/:\w+/, '1');
    const type = allowedTypes(row)[0];
    for (const key of QUERY_KEYS) {
      for (const value of ['%00', 'a%00b']) {
        const response = await send({ method: 'GET', url: `${base}?${key}=${value}` }, tokens[type]);
        checkAnswer(response, `GET ${base}?${key}=${value} as ${type}`);
      }
    }
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

describe('prototype keys in every query, path and body', () => {
  /** Keys that reach `Object.prototype` when a name from the request indexes a plain object. */
  const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
  /** Every request below must leave `Object.prototype` exactly as it was. */
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const expectPrototypeUntouched = () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };

  /** As parameter names and sort values for every user type; as the value of every known filter once. */
  const namedQueries = PROTOTYPE_KEYS.flatMap((key) => [
    `sort=${key}`,
    `sort=${key}:desc`,
    `${key}=1`,
    `${key}[polluted]=1`,
    `${key}.polluted=1`,
  ]);
  const valueQueries = PROTOTYPE_KEYS.map((key) => QUERY_KEYS.map((name) => `${name}=${key}`).join('&'));

  it.each(getRows.map((row) => [routeKey(row), row] as const))('GET %s', async (_key, row) => {
    const base = row.url.replace(/:\w+/, row.record ? await fx.record(row.record, allowedTypes(row)[0], 'in') : '1');
    let sent = 0;
    for (const type of allowedTypes(row)) {
      for (const query of type === allowedTypes(row)[0] ? [...namedQueries, ...valueQueries] : namedQueries) {
        const response = await send({ method: 'GET', url: `${base}?${query}` }, tokens[type]);
        checkAnswer(response, `GET ${base}?${query} as ${type}`);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(0);
    expectPrototypeUntouched();
  });

  it('answers a sort by an inherited name with 400 and a Portuguese message on every sorted list', async () => {
    const sortedLists = [
      '/api/parametros/1/historico',
      '/api/partners',
      '/api/partners/export',
      '/api/branches',
      '/api/branches/export',
      '/api/resellers',
      '/api/resellers/export',
      '/api/beneficiaries',
      '/api/reports/sales',
      '/api/professionals',
      '/api/professionals/export.csv',
      '/api/appointments',
      '/api/appointments/referrals',
      '/api/audit',
      '/api/audit/export',
    ];
    for (const url of sortedLists) {
      for (const key of PROTOTYPE_KEYS) {
        const response = await send({ method: 'GET', url: `${url}?sort=${key}` }, tokens.ADMINISTRADOR);
        expect([url, key, response.statusCode, response.json().message]).toEqual([url, key, 400, 'Parâmetro sort inválido.']);
      }
    }
  });

  it.each(pathRows.map((row) => [routeKey(row), row] as const))('%s with a prototype key as its parameter', async (_key, row) => {
    const type = allowedTypes(row)[0];
    for (const key of PROTOTYPE_KEYS) {
      const url = row.url.replace(/:\w+/g, key);
      const before = row.method === 'GET' ? undefined : await snapshot();
      const response = await send(
        { method: row.method, url, ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }) },
        tokens[type],
      );
      checkAnswer(response, `${row.method} ${url}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      if (before) expect(await snapshot()).toEqual(before);
    }
    expectPrototypeUntouched();
  });

  /** The valid body with a prototype key added as raw JSON (JSON.parse makes it an own key), at the top and one level down. */
  const poisonedBodies = (payload: Record<string, unknown>) => {
    const json = JSON.stringify(payload);
    const inner = json.slice(1, -1);
    const fields = Object.keys(payload);
    return ['__proto__', 'constructor', 'prototype'].flatMap((key) => [
      `{${inner}${inner ? ',' : ''}"${key}":{"polluted":true,"prototype":{"polluted":true}}}`,
      `{"${key}":{"polluted":true}${inner ? ',' : ''}${inner}}`,
      ...fields.slice(0, 1).map((field) => json.replace(`"${field}":`, `"${field}":{"${key}":{"polluted":true}},"ignored":`)),
      ...fields.slice(0, 1).map((field) => JSON.stringify({ ...payload, [field]: key })),
    ]);
  };

  it.each(writeRows.map((row) => [routeKey(row), row] as const))('%s with prototype keys in its body', async (_key, row) => {
    const type = allowedTypes(row)[0];
    const base = await baseRequest(row, type);
    const bodies = poisonedBodies((base.payload ?? {}) as Record<string, unknown>);
    expect(bodies.length).toBeGreaterThan(0);
    for (const payload of bodies) {
      const token = row.endsSession ? (await fx.freshSession(type)).token : tokens[type];
      const before = await snapshot();
      const response = await send(
        {
          method: row.method,
          url: base.url,
          payload,
          headers: { ...base.headers, 'content-type': 'application/json' },
          remoteAddress: `10.89.${requests % 250}.${1 + (requests % 200)}`,
        },
        token,
      );
      checkAnswer(response, `${routeKey(row)} ${payload.slice(0, 200)}`);
      if (response.statusCode >= 400) expect(await snapshot()).toEqual(before);
      expectPrototypeUntouched();
    }
  });
});

describe('stored text', () => {
  it('comes back as the very string sent (normalised: NFC, trimmed), markup and all: never interpreted, never mangled', async () => {
    const uuid = await fx.record('beneficiary', 'ADMINISTRADOR', 'in', true);
    const cpf = await fx.cpfOf(uuid);
    let storedName = (await send({ method: 'GET', url: `/api/beneficiaries/cpf/${cpf}` }, tokens.ADMINISTRADOR)).json().name as string;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...FRAGMENTS_HTML), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 })),
        async (name) => {
          const saved = await send(
            { method: 'PUT', url: `/api/beneficiaries/${uuid}`, payload: { name, birthday: '1990-05-20' } },
            tokens.ADMINISTRADOR,
          );
          checkAnswer(saved, `PUT name ${name}`);
          // The name rules (spec 5): something visible, no control characters, at most 150 characters.
          const normal = normalizeText(name) as string;
          const valid = normal !== '' && !hasControlCharacters(normal) && normal.length <= 150;
          expect([name, saved.statusCode]).toEqual([name, valid ? 200 : 400]);
          if (valid) storedName = normal;
          // A refused name leaves the stored one as it was.
          const read = await send({ method: 'GET', url: `/api/beneficiaries/cpf/${cpf}` }, tokens.ADMINISTRADOR);
          expect(read.headers['content-type']).toMatch(/^application\/json/);
          expect(read.json().name).toBe(storedName);
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
      { nome: [], cnpj: '11444777000161', email: 'a@b.com.br', senha: 'segredo-9' },
      admin,
    ],
    [
      // 12 KB: over sign-in's body limit (a 413 before parsing), so sent where the global limit lets it be parsed.
      'JSON nested 3000 deep',
      'POST',
      '/api/resellers',
      { nome: new DeepJson(3_000), cpf: '52998224725', email: 'r@b.com.br', senha: 'senha123' },
      admin,
    ],
    [
      'an id past 32 bits',
      'POST',
      '/api/resellers',
      { id_filial: 1e308, nome: 'R', cpf: '52998224725', email: 'r@b.com.br', senha: 'segredo-9' },
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
