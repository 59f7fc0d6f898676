import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CACHES } from '../config';
import { branches, partners, resellers } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/accounts';
import { createTestApp, injectAs, login, sessionStatus } from '../test/helpers';
import { countQueries } from '../test/queryCounter';
import { ScopeFixtures } from '../test/scopeFixtures';

/**
 * The account behind a token is cached (AUTH_CACHE_TTL_MS), yet every revocation made in this process
 * still refuses the very next request.
 */

let app: FastifyInstance;
let fx: ScopeFixtures;
beforeAll(async () => {
  // Caches that outlive a slow machine's test: what ends a cached session here is a write, never the clock.
  app = await createTestApp({ seed: true, config: { caches: { ...DEFAULT_CACHES, authTtlMs: 60_000 } } });
  fx = await ScopeFixtures.load(app);
});
afterAll(() => app.close());

const get = async (token: string, url: string) => (await injectAs(app, token, { method: 'GET', url })).statusCode;
const verify = (token: string) => get(token, '/api/auth/verify');

describe('the account cache', () => {
  it('checks a session without reading the account again while nothing was written', async () => {
    const { token } = await fx.freshSession('PARCEIRO');
    expect(await verify(token)).toBe(200);
    const queries = countQueries(app);
    try {
      for (let i = 0; i < 5; i++) expect(await verify(token)).toBe(200);
      // /api/auth/verify reads the account itself for the name it answers: one statement each, none for the session check.
      expect(queries.count).toBe(5);
    } finally {
      queries.restore();
    }
  });

  it('reads the account on every request with AUTH_CACHE_TTL_MS=0', async () => {
    const uncached = await createTestApp({ seed: true, config: { caches: { ...DEFAULT_CACHES, authTtlMs: 0 } } });
    try {
      const token = await login(uncached, 'parceiro@demo.com.br', 'PARCEIRO');
      const queries = countQueries(uncached);
      for (let i = 0; i < 3; i++) expect(await sessionStatus(uncached, token)).toBe(200);
      // The session check's read and the route's own, each time.
      expect(queries.count).toBe(6);
      queries.restore();
    } finally {
      await uncached.close();
    }
  });
});

describe('a cached session is refused at the very next request', () => {
  it("after 'Sair' (logout)", async () => {
    const { token } = await fx.freshSession('FILIAL');
    for (let i = 0; i < 2; i++) {
      expect(await verify(token)).toBe(200);
      expect(await get(token, '/api/resellers?page=1&pageSize=5')).toBe(200);
    }
    expect((await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await get(token, '/api/resellers?page=1&pageSize=5')).toBe(401);
    expect(await verify(token)).toBe(401);
  });

  it('after a password change (the new token works, the old one does not)', async () => {
    const { token } = await fx.freshSession('ADMINISTRADOR');
    for (let i = 0; i < 2; i++) expect(await get(token, '/api/partners?page=1&pageSize=5')).toBe(200);
    const changed = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'outra-senha-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await get(token, '/api/partners?page=1&pageSize=5')).toBe(401);
    expect(await get(changed.json().token, '/api/partners?page=1&pageSize=5')).toBe(200);
  });

  it('after its partner is inactivated: the partner, its branches and its resellers (cascade)', async () => {
    const admin = await login(app, 'admin@demo.com.br', 'ADMINISTRADOR');
    const partnerId = await fx.freshPartner();
    const branchId = await fx.freshBranch(partnerId);
    const resellerId = await fx.freshReseller(branchId, partnerId);
    const [partner] = await app.db.select().from(partners).where(eq(partners.id, partnerId));
    const [branch] = await app.db.select().from(branches).where(eq(branches.id, branchId));
    const [reseller] = await app.db.select().from(resellers).where(eq(resellers.id, resellerId));
    const sessions = {
      partner: { token: await login(app, partner.email, 'PARCEIRO'), list: '/api/branches?page=1&pageSize=5' },
      branch: { token: await login(app, branch.email, 'FILIAL'), list: '/api/resellers?page=1&pageSize=5' },
      reseller: { token: await login(app, reseller.email, 'REVENDEDOR'), list: '/api/reports/sales?page=1&pageSize=5' },
    };
    for (const { token, list } of Object.values(sessions)) {
      for (let i = 0; i < 2; i++) expect(await get(token, list)).toBe(200);
    }

    const current = (await injectAs(app, admin, { method: 'GET', url: `/api/partners/${partnerId}` })).json().data;
    const put = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/partners/${partnerId}`,
      payload: { ...current, senha: '', ativo: false },
    });
    expect(put.statusCode).toBe(200);

    for (const { token, list } of Object.values(sessions)) {
      expect(await get(token, list)).toBe(401);
      expect(await verify(token)).toBe(401);
    }
  });

  it('after a write made outside any request (a job, a script in the process), once its writer says so', async () => {
    const { id, token } = await fx.freshSession('REVENDEDOR');
    for (let i = 0; i < 2; i++) expect(await get(token, '/api/reports/sales?page=1&pageSize=5')).toBe(200);
    await app.db.update(resellers).set({ ativo: false }).where(eq(resellers.id, id));
    app.dataVersion.bump();
    expect(await get(token, '/api/reports/sales?page=1&pageSize=5')).toBe(401);
  });
});
