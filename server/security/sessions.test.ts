import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USER_TYPES } from '../../src/domain/userTypes';
import { administrators, branches, partners, resellers } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/accounts';
import { createTestApp, injectAs, login, loginAsDemo, sessionStatus } from '../test/helpers';
import { ScopeFixtures, unique } from '../test/scopeFixtures';

/** Sessions end on the server at once: 'Sair' (that session), a password change, an inactivation, a password reset by a manager (every session of the account). */

let app: FastifyInstance;
let fx: ScopeFixtures;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
});
afterAll(() => app.close());

const verify = (token: string) => sessionStatus(app, token);
const TABLES = { ADMINISTRADOR: administrators, PARCEIRO: partners, FILIAL: branches, REVENDEDOR: resellers } as const;

describe.each(USER_TYPES)('a %s session', (type) => {
  it("ends with 'Sair' (logout) on the server: that session only, the account's others and other accounts' go on", async () => {
    const { email, token } = await fx.freshSession(type);
    const sameAccount = await login(app, email, type);
    const other = await fx.freshSession(type);
    expect(await verify(token)).toBe(200);
    expect((await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await verify(token)).toBe(401);
    expect((await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    expect(await verify(sameAccount)).toBe(200);
    expect(await verify(other.token)).toBe(200);
  });

  it('ends every session of the account when the password changes; the token handed back keeps working', async () => {
    const { email, token } = await fx.freshSession(type);
    const sameAccount = await login(app, email, type);
    const changed = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'outra-senha-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await verify(token)).toBe(401);
    expect(await verify(sameAccount)).toBe(401);
    expect(await verify(changed.json().token)).toBe(200);
  });

  it('ends at the very next request when the account is inactivated (the account is read on every request)', async () => {
    const { id, token } = await fx.freshSession(type);
    expect(await verify(token)).toBe(200);
    const table = TABLES[type];
    await app.db.update(table).set({ ativo: false }).where(eq(table.id, id));
    app.dataVersion.bump(); // a write outside any request tells the account cache itself
    expect(await verify(token)).toBe(401);
  });
});

describe('through the managers’ screens', () => {
  it('a partner inactivating its branch ends the sessions of the branch and of its resellers at once', async () => {
    const partner = await loginAsDemo(app, 'PARCEIRO');
    const branchId = await fx.freshBranch(fx.demo.partnerId);
    const resellerId = await fx.freshReseller(branchId, fx.demo.partnerId);
    const [branch] = await app.db.select().from(branches).where(eq(branches.id, branchId));
    const [reseller] = await app.db.select().from(resellers).where(eq(resellers.id, resellerId));
    const branchToken = await login(app, branch.email, 'FILIAL');
    const resellerToken = await login(app, reseller.email, 'REVENDEDOR');

    const inactivated = await injectAs(app, partner, {
      method: 'PUT',
      url: `/api/branches/${branchId}`,
      payload: { titulo: branch.titulo, email: branch.email, ativo: false },
    });
    expect(inactivated.statusCode).toBe(200);
    expect(await verify(branchToken)).toBe(401);
    expect(await verify(resellerToken)).toBe(401);
  });

  it('a branch setting a new password for its reseller ends the reseller’s sessions', async () => {
    const branch = await loginAsDemo(app, 'FILIAL');
    const resellerId = await fx.freshReseller(fx.demo.branchId, fx.demo.partnerId);
    const [reseller] = await app.db.select().from(resellers).where(eq(resellers.id, resellerId));
    const resellerToken = await login(app, reseller.email, 'REVENDEDOR');

    const reset = await injectAs(app, branch, {
      method: 'PUT',
      url: `/api/resellers/${resellerId}`,
      payload: { nome: reseller.nome, cpf: reseller.cpf, email: reseller.email, senha: unique('nova') },
    });
    expect(reset.statusCode).toBe(200);
    expect(await verify(resellerToken)).toBe(401);
  });
});

describe('signed file links die with the session they were handed to', () => {
  /** A professional's document link and a referral's, as the lists hand them to this token. */
  async function documentLinks(token: string): Promise<string[]> {
    const professionals = await injectAs(app, token, { method: 'GET', url: '/api/professionals?page=1' });
    const referrals = await injectAs(app, token, { method: 'GET', url: '/api/appointments/referrals?page=1&pageSize=100' });
    const referralLink = (referrals.json() as Array<{ urlPath?: string }>).find((item) => item.urlPath?.startsWith('/api/'))?.urlPath;
    return [professionals.json().data[0].copia_crm, referralLink].filter((link): link is string => Boolean(link));
  }
  const statuses = async (links: string[]) => Promise.all(links.map(async (url) => (await app.inject({ method: 'GET', url })).statusCode));

  it("answers 403 once the administrator chose 'Sair' in that session; another session's links still open", async () => {
    const { email, token } = await fx.freshSession('ADMINISTRADOR');
    const links = await documentLinks(token);
    const otherSessionLinks = await documentLinks(await login(app, email, 'ADMINISTRADOR'));
    expect(links).toHaveLength(2);
    expect(otherSessionLinks).toHaveLength(2);
    expect(await statuses(links)).toEqual([200, 200]);
    expect((await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await statuses(links)).toEqual([403, 403]);
    expect(await statuses(otherSessionLinks)).toEqual([200, 200]);
  });

  it('answers 403 after a password change; links handed to the new token work', async () => {
    const { token } = await fx.freshSession('ADMINISTRADOR');
    const before = await documentLinks(token);
    const changed = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'outra-senha-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await statuses(before)).toEqual([403, 403]);
    expect(await statuses(await documentLinks(changed.json().token))).toEqual([200, 200]);
  });
});
