import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USER_TYPES } from '../../src/domain/userTypes';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { partners } from '../db/schema';
import { ensureAdministrator } from '../seed';
import { unique, uniqueCnpj } from '../test/scopeFixtures';
import { createTestApp, injectAs, login, loginAsDemo } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/** Answers of list and report calls are reused per account and URL until a write or READ_CACHE_TTL_MS. */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  // Long-lived answers and sessions: on a busy machine a round of these tests outlasts the default
  // second (answers) and two seconds (sessions), and an answer or a session that expired mid-test
  // would be read afresh, counted as a query (the TTLs have their own tests).
  app = await createTestApp({ seed: true, config: { caches: { authTtlMs: 60_000, readTtlMs: 60_000 } } });
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

const get = (token: string, url: string, headers: Record<string, string> = {}) => injectAs(app, token, { method: 'GET', url, headers });
const names = (body: { data: { data: Array<{ nome: string }> } }) => body.data.data.map((partner) => partner.nome);

describe('a cached list', () => {
  it('answers a repeated call with the same body and headers without querying the database', async () => {
    const url = '/api/partners?page=1&pageSize=5';
    const first = await get(admin, url);
    expect(first.statusCode).toBe(200);
    const queries = countQueries(app);
    try {
      const again = await get(admin, url);
      expect(queries.count).toBe(0);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      // Another URL (another page, another filter) is another answer.
      await get(admin, '/api/partners?page=2&pageSize=5');
      expect(queries.count).toBeGreaterThan(0);
    } finally {
      queries.restore();
    }
  });

  it('keeps an estimated total marked as estimated', async () => {
    await app.db.execute(sql`
      insert into beneficiaries (name, cpf, partner_id)
      select 'Total Estimado ' || n, lpad((73000000000 + n)::text, 11, '0'), (select min(id) from partners)
      from generate_series(1, 1200) as n`);
    const url = `/api/beneficiaries?page=1&name=${encodeURIComponent('Total Estimado')}`;
    const first = await get(admin, url);
    expect(first.headers['x-total-estimated']).toBe('true');
    const queries = countQueries(app);
    try {
      const again = await get(admin, url);
      expect(queries.count).toBe(0);
      expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
      expect(again.headers['x-total-estimated']).toBe('true');
    } finally {
      queries.restore();
    }
  });

  it.each([
    ['a small answer (compressed in one go)', '/api/reports/sales?page=1&pageSize=5'],
    ['a large answer (compressed as a stream)', '/api/reports/sales?page=1&pageSize=100'],
  ])('is compressed per request like a fresh answer, from a kept copy once compressed: %s', async (_case, url) => {
    const fresh = await get(admin, url, { 'accept-encoding': 'br, gzip' });
    expect(fresh.headers['content-encoding']).toBe('br');
    const plain = await get(admin, url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(brotliDecompressSync(fresh.rawPayload).toString()).toBe(plain.body);
    for (let i = 0; i < 3; i++) {
      for (const accept of ['br, gzip', 'br']) {
        const br = await get(admin, url, { 'accept-encoding': accept });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toBe(fresh.headers.vary);
        // From the second round on, every form was answered once: the kept bytes go out with their length.
        if (i > 0) expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      }
      const gzip = await get(admin, url, { 'accept-encoding': 'gzip, deflate' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      const uncompressed: Array<Record<string, string>> = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br', 'x-no-compression': '1' },
      ];
      for (const headers of uncompressed) {
        const identity = await get(admin, url, headers);
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.body).toBe(plain.body);
      }
    }
  });

  it('shows a create, an update and a delete made through the API at once', async () => {
    const url = '/api/partners?nome=Clínica%20Cache';
    expect(names((await get(admin, url)).json())).toEqual([]);

    const nome = `Clínica Cache ${unique('')}`;
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/partners',
      payload: { nome, cnpj: uniqueCnpj(), email: `${unique('cache')}@parceiro.com`, senha: 'senha-segura-1' },
    });
    expect(created.statusCode).toBe(201);
    const partner = created.json().data;
    expect(names((await get(admin, url)).json())).toEqual([nome]);

    const renamed = `${nome} Renomeada`;
    const updated = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...partner, nome: renamed, senha: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(names((await get(admin, url)).json())).toEqual([renamed]);

    expect((await injectAs(app, admin, { method: 'DELETE', url: `/api/partners/${partner.id}` })).statusCode).toBe(200);
    expect(names((await get(admin, url)).json())).toEqual([]);
  });

  it('shows a write made outside any request (a job, a follow-up after an answer) once its writer says so', async () => {
    const url = '/api/partners?page=1&pageSize=100';
    const before = (await get(admin, url)).json();
    const target = before.data.data[0];
    await app.db
      .update(partners)
      .set({ nome: `${target.nome} (job)` })
      .where(eq(partners.id, target.id));
    app.dataVersion.bump();
    const after = (await get(admin, url)).json();
    expect(after.data.data.find((row: { id: number }) => row.id === target.id).nome).toBe(`${target.nome} (job)`);
    await app.db.update(partners).set({ nome: target.nome }).where(eq(partners.id, target.id));
    app.dataVersion.bump();
  });

  it('reads a list once for concurrent identical calls', async () => {
    const url = '/api/partners?page=1&pageSize=3&sort=email';
    await get(admin, `${url}&warm=1`); // the session's account, read again after the writes of the tests above
    const queries = countQueries(app);
    try {
      const alone = await get(admin, `${url}&alone=1`);
      const perRead = queries.count;
      expect(perRead).toBeGreaterThan(0);
      queries.reset();
      const together = await Promise.all(Array.from({ length: 6 }, () => get(admin, url)));
      expect(queries.count).toBe(perRead);
      for (const answer of together) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(alone.body);
        expect(answer.headers['x-total-count']).toBe(alone.headers['x-total-count']);
      }
    } finally {
      queries.restore();
    }
  });

  it('is never shared between accounts asking the same URL', async () => {
    const partner = await loginAsDemo(app, 'PARCEIRO');
    const url = '/api/partners?page=1&pageSize=100';
    const asAdmin = (await get(admin, url)).json().data.data;
    const asPartner = (await get(partner, url)).json().data.data;
    expect(asAdmin.length).toBeGreaterThan(1);
    expect(asPartner).toHaveLength(1);
    // The other way round, on a URL nobody asked yet.
    const other = `${url}&sort=nome`;
    expect((await get(partner, other)).json().data.data).toHaveLength(1);
    expect((await get(admin, other)).json().data.data).toHaveLength(asAdmin.length);

    // Two accounts of the same type are two keys too.
    const [demoPartner] = asPartner;
    const another = asAdmin.find((row: { id: number }) => row.id !== demoPartner.id);
    const [record] = await app.db.select().from(partners).where(eq(partners.id, another.id));
    const anotherToken = await login(app, record.email, 'PARCEIRO');
    expect((await get(anotherToken, url)).json().data.data.map((row: { id: number }) => row.id)).toEqual([another.id]);
  });
});

describe('READ_CACHE_TTL_MS', () => {
  async function appWith(readTtlMs: number) {
    const other = await buildApp(testConfig({ caches: { authTtlMs: 2000, readTtlMs } }));
    await ensureAdministrator(other.db, other.passwords, { email: 'admin@cache.test', password: 'senha-segura-1' });
    await other.ready();
    return { other, token: await login(other, 'admin@cache.test', 'ADMINISTRADOR', 'senha-segura-1') };
  }
  const ask = (other: FastifyInstance, token: string) => injectAs(other, token, { method: 'GET', url: '/api/partners?page=1' });

  it('lets an answer expire after its lifetime', async () => {
    const { other, token } = await appWith(300);
    try {
      expect((await ask(other, token)).statusCode).toBe(200);
      const queries = countQueries(other);
      expect((await ask(other, token)).statusCode).toBe(200);
      expect(queries.count).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await ask(other, token)).statusCode).toBe(200);
      expect(queries.count).toBeGreaterThan(0);
      queries.restore();
    } finally {
      await other.close();
    }
  });

  it('turns the cache off with 0', async () => {
    const { other, token } = await appWith(0);
    try {
      expect((await ask(other, token)).statusCode).toBe(200);
      const queries = countQueries(other);
      for (let i = 0; i < 3; i++) {
        queries.reset();
        expect((await ask(other, token)).statusCode).toBe(200);
        expect(queries.count).toBeGreaterThan(0);
      }
      queries.restore();
    } finally {
      await other.close();
    }
  });
});

describe('the routes that opt in', () => {
  it('must be signed-in GETs outside /api/auth, /api/audit and CSV exports', async () => {
    const other = await buildApp(testConfig());
    try {
      // Test routes are not in the permission table: each says who may call it (any signed-in type).
      const register = (method: 'GET' | 'POST', url: string) => () =>
        other.route({ method, url, config: { readCache: true, allow: USER_TYPES }, handler: async () => ({}) });
      expect(register('POST', '/api/cache-test')).toThrow(/readCache/);
      expect(register('GET', '/api/auth/cache-test')).toThrow(/readCache/);
      expect(register('GET', '/api/audit/cache-test')).toThrow(/readCache/);
      expect(register('GET', '/api/cache-test/export')).toThrow(/readCache/);
      expect(register('GET', '/api/cache-test/export.csv')).toThrow(/readCache/);
      expect(() =>
        other.route({ method: 'GET', url: '/api/open-test', config: { readCache: true, public: true }, handler: async () => ({}) }),
      ).toThrow(/readCache/);
      expect(register('GET', '/api/cache-test')).not.toThrow();
    } finally {
      await other.close();
    }
  });
});
