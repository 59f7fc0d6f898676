import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LISTENER_APPLICATION } from '../db/dataVersionChannel';
import { DEMO_PASSWORD } from '../seed/accounts';
import { ScopeFixtures } from '../test/scopeFixtures';
import { createTestApp, injectAs } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * Two server instances on ONE PostgreSQL database (PostgreSQL only: this file runs when DATABASE_URL
 * is set): the account cache of one follows the revocations made on the other at once, and serves
 * nothing while it cannot hear them.
 */

let a: FastifyInstance;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
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
const logoutOnA = (token: string) => injectAs(a, token, { method: 'POST', url: '/api/auth/logout' });

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
 * with no timer in between, bounded far below the account cache's TTL (2 s), proves the announcement,
 * not the TTL, refreshed B. Any move counts: it empties B's cache.
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

/** The statements B sends to answer /api/auth/verify: its own read of the account, and the session check's unless cached. */
async function verifyStatementsOnB(token: string): Promise<number> {
  const queries = countQueries(b);
  try {
    expect((await get(b, token, '/api/auth/verify')).statusCode).toBe(200);
    return queries.count;
  } finally {
    queries.restore();
  }
}

/**
 * Asks B for the session until it checks it from its cache (one statement: the route's own). A few
 * rounds may be needed: the announcements of A's last writes (a sign-in's) may still be arriving.
 */
async function sessionCachedOnB(token: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    expect((await get(b, token, '/api/auth/verify')).statusCode).toBe(200);
    if ((await verifyStatementsOnB(token)) === 1) return;
  }
  throw new Error('B never checked the session from its cache');
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

  it("a session cached on B is refused on B right after 'Sair' on A", async () => {
    const { token } = await fx.freshSession('FILIAL');
    await sessionCachedOnB(token);
    const loggedOut = await throughA(() => logoutOnA(token));
    expect(loggedOut.statusCode).toBe(200);
    expect((await get(b, token, '/api/resellers?page=1&pageSize=5')).statusCode).toBe(401);
    expect((await get(b, token, '/api/auth/verify')).statusCode).toBe(401);
  });

  it('a session cached on B is refused on B right after a password change on A', async () => {
    const { token } = await fx.freshSession('ADMINISTRADOR');
    await sessionCachedOnB(token);
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

  it('B reads the account at every request while its listening connection is down, and follows A again once reconnected', async () => {
    const deaf = await fx.freshSession('FILIAL');
    await sessionCachedOnB(deaf.token);
    // Refuse new connections to the shared database, so B cannot listen again before we say so.
    await operator.query(`alter database ${sharedDatabase()} with allow_connections false`);
    try {
      await killListenerOf(b);
      await until(() => !b.dataVersion.trusted, 'B notices its listener is gone');
      // A's revocations may be announced while B is deaf: B checks the session in the database every time.
      for (let i = 0; i < 3; i++) expect(await verifyStatementsOnB(deaf.token)).toBe(2);
      expect((await logoutOnA(deaf.token)).statusCode).toBe(200);
      expect((await get(b, deaf.token, '/api/auth/verify')).statusCode).toBe(401);
      expect(b.dataVersion.trusted).toBe(false);
    } finally {
      await operator.query(`alter database ${sharedDatabase()} with allow_connections true`);
    }

    await until(() => b.dataVersion.trusted, 'B listens again');
    const heard = await fx.freshSession('FILIAL');
    await sessionCachedOnB(heard.token);
    expect((await throughA(() => logoutOnA(heard.token))).statusCode).toBe(200);
    expect((await get(b, heard.token, '/api/auth/verify')).statusCode).toBe(401);
  });
});
