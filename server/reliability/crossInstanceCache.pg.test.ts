import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LISTENER_APPLICATION } from '../db/dataVersionChannel';
import { DEMO_PASSWORD } from '../seed/accounts';
import { paymentContext } from '../services/payments/checkout';
import { reconcilePayments } from '../services/payments/reconcileJob';
import { ScopeFixtures, unique, uniqueCnpj } from '../test/scopeFixtures';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { ageAttempt, approvedButUnsaved } from '../test/payments';
import { countQueries } from '../test/queryCounter';

/**
 * Two server instances on ONE PostgreSQL database (PostgreSQL only: this file runs when DATABASE_URL
 * is set): the caches of one follow the writes of the other at once, and serve nothing while they
 * cannot hear them.
 */

let a: FastifyInstance;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
let admin: string;
let fx: ScopeFixtures;
/** A connection to the server's own database (not the shared one), to act as an operator would. */
const operator = new Client({ connectionString: process.env.DATABASE_URL });

beforeAll(async () => {
  a = await createTestApp({ seed: true });
  // B gets a pool of its own on A's (private) database: the only link between them is the database.
  bDatabase = await openDatabase({ databaseUrl: a.database.connectionString, dataDir: ':memory:' });
  b = await buildApp(testConfig(), { database: bDatabase });
  await b.ready();
  await operator.connect();
  admin = await loginAsDemo(a, 'ADMINISTRADOR');
  fx = await ScopeFixtures.load(a);
});
afterAll(async () => {
  await operator.end();
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

const sharedDatabase = () => new URL(a.database.connectionString!).pathname.slice(1);
const get = (app: FastifyInstance, token: string, url: string) => injectAs(app, token, { method: 'GET', url });
const partnerNames = async (app: FastifyInstance, url: string) =>
  ((await get(app, admin, url)).json().data.data as Array<{ nome: string }>).map((row) => row.nome);

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs a call on A, then lets B's event loop turn until it heard of it. A answers a write only once
 * its announcement is committed; PostgreSQL then delivers it to B's listener at once, and B applies
 * it at its next turns of I/O (as it reads any request arriving over the network). Waiting for this
 * with no timer in between, bounded far below the caches' TTLs (1 s and 2 s), proves the announcement,
 * not the TTL, refreshed B. Any move counts: it empties B's caches, and B serves nothing meanwhile.
 */
async function throughA<T>(call: () => Promise<T>): Promise<T> {
  const before = b.dataVersion.current;
  const result = await call();
  const started = performance.now();
  while (b.dataVersion.current === before) {
    if (performance.now() - started > HEARD_WITHIN_MS) throw new Error(`B did not hear A within ${HEARD_WITHIN_MS} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}
const HEARD_WITHIN_MS = 100;

async function createPartner(nome: string): Promise<void> {
  const created = await injectAs(a, admin, {
    method: 'POST',
    url: '/api/partners',
    payload: { nome, cnpj: uniqueCnpj(), email: `${unique('instancia')}@parceiro.com`, senha: 'senha-segura-1' },
  });
  expect(created.statusCode).toBe(201);
}

/**
 * Asks B for `url` until it answers from its cache (no statement sent). A few rounds may be needed:
 * the announcements of A's last writes (a sign-in's) may still be arriving.
 */
async function cachedOnB(token: string, url: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    expect((await get(b, token, url)).statusCode).toBe(200);
    const queries = countQueries(b);
    try {
      expect((await get(b, token, url)).statusCode).toBe(200);
      if (queries.count === 0) return;
    } finally {
      queries.restore();
    }
  }
  throw new Error(`B never answered ${url} from its cache`);
}

/** PostgreSQL closes B's listening connection, as a restart or a network cut would. */
async function killListenerOf(app: FastifyInstance): Promise<void> {
  const killed = await operator.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
    [sharedDatabase(), `${LISTENER_APPLICATION} ${app.dataVersion.instanceId}`],
  );
  expect(killed.rowCount).toBe(1);
}

describe('two instances on one database', () => {
  it('both listen before serving from their caches', () => {
    expect(a.dataVersion.trusted).toBe(true);
    expect(b.dataVersion.trusted).toBe(true);
  });

  it('a list cached on B shows a create made through A at once', async () => {
    const url = '/api/partners?nome=Instancia%20A';
    await cachedOnB(admin, url);
    expect(await partnerNames(b, url)).toEqual([]);
    const nome = `Instancia A ${unique('')}`;
    await throughA(() => createPartner(nome));
    expect(await partnerNames(b, url)).toEqual([nome]);
  });

  it('a list cached on B shows at once a sale the payment reconciliation job saved on A', async () => {
    const name = unique('Instancia Job ');
    const url = `/api/beneficiaries?name=${encodeURIComponent(name)}`;
    const attempt = await approvedButUnsaved(a.db, name);
    await cachedOnB(admin, url);
    expect((await get(b, admin, url)).headers['x-total-count']).toBe('0');
    const report = await throughA(async () => {
      // Aged only now: the copies' own timers would otherwise settle it first.
      await ageAttempt(a.db, attempt.id, a.config.payments.timeoutMs);
      return reconcilePayments(paymentContext(a, a.log));
    });
    expect(report.approved).toBe(1);
    expect((await get(b, admin, url)).headers['x-total-count']).toBe('1');
  });

  it("a session cached on B is refused on B right after 'Sair' on A", async () => {
    const { token } = await fx.freshSession('FILIAL');
    await cachedOnB(token, '/api/resellers?page=1&pageSize=5');
    const loggedOut = await throughA(() => injectAs(a, token, { method: 'POST', url: '/api/auth/logout' }));
    expect(loggedOut.statusCode).toBe(200);
    expect((await get(b, token, '/api/resellers?page=1&pageSize=5')).statusCode).toBe(401);
    expect((await get(b, token, '/api/auth/verify')).statusCode).toBe(401);
  });

  it('a session cached on B is refused on B right after a password change on A', async () => {
    const { token } = await fx.freshSession('ADMINISTRADOR');
    await cachedOnB(token, '/api/partners?page=1&pageSize=5');
    const changed = await throughA(() =>
      injectAs(a, token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: DEMO_PASSWORD, newPassword: 'outra-senha-9' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await get(b, token, '/api/partners?page=1&pageSize=5')).statusCode).toBe(401);
    expect((await get(b, changed.json().token, '/api/partners?page=1&pageSize=5')).statusCode).toBe(200);
  });

  it('B serves nothing cached while its listening connection is down, and follows A again once reconnected', async () => {
    const url = '/api/partners?nome=Instancia%20Queda';
    await cachedOnB(admin, url);
    // Refuse new connections to the shared database, so B cannot listen again before we say so.
    await operator.query(`alter database ${sharedDatabase()} with allow_connections false`);
    try {
      await killListenerOf(b);
      await until(() => !b.dataVersion.trusted, 'B notices its listener is gone');

      // A's write is announced while B is deaf: B must read it anyway, every time.
      const nome = `Instancia Queda ${unique('')}`;
      await createPartner(nome);
      const queries = countQueries(b);
      try {
        for (let i = 0; i < 3; i++) expect(await partnerNames(b, url)).toEqual([nome]);
        expect(queries.count).toBeGreaterThanOrEqual(3);
      } finally {
        queries.restore();
      }
      expect(b.dataVersion.trusted).toBe(false);
    } finally {
      await operator.query(`alter database ${sharedDatabase()} with allow_connections true`);
    }

    await until(() => b.dataVersion.trusted, 'B listens again');
    await cachedOnB(admin, url);
    const second = `Instancia Queda ${unique('')}`;
    await throughA(() => createPartner(second));
    const onB = await partnerNames(b, url);
    expect(onB).toContain(second);
    expect(onB).toEqual(await partnerNames(a, url));
  });
});
