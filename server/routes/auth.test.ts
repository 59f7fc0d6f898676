import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import { administrators, branches, partners, resellers } from '../db/schema';
import { upgradePasswordHash } from '../services/auth/accounts';
import { createTokenService } from '../services/auth/tokens';
import { freshCnpj } from '../test/channelFixtures';
import { accountInactiveMessage, sessionEndedInactiveMessage } from '../../src/domain/messages';
import type { UserType } from '../../src/domain/userTypes';
import { createTestApp, injectAs, login, loginAsDemo, sessionStatus } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(() => app.close());

/** A barrier for two callers: each call resolves once both have called. */
function bothArrived(): () => Promise<void> {
  let arrivals = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrivals += 1;
    if (arrivals === 2) release();
    return released;
  };
}

const loginRequest = (payload: object, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

describe('POST /api/auth/login', () => {
  it.each([
    ['admin@demo.com.br', 'ADMINISTRADOR'],
    ['parceiro@demo.com.br', 'PARCEIRO'],
    ['filial@demo.com.br', 'FILIAL'],
    ['revendedor@demo.com.br', 'REVENDEDOR'],
  ])('signs in %s as %s with the id of its own record', async (email, userType) => {
    const response = await loginRequest({ email, senha: 'demo1234', userType });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toEqual({ id: expect.any(Number), nome: expect.any(String), email, userType });
    expect(JSON.stringify(body)).not.toMatch(/senha|hash|argon/i);
  });

  it('accepts the e-mail in any case', async () => {
    const response = await loginRequest({ email: 'ADMIN@Demo.com.br', senha: 'demo1234', userType: 'ADMINISTRADOR' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'admin@demo.com.br', senha: 'errada123', userType: 'ADMINISTRADOR' }],
    ['an unknown e-mail', { email: 'ninguem@demo.com.br', senha: 'demo1234', userType: 'ADMINISTRADOR' }],
    ['the wrong user type', { email: 'admin@demo.com.br', senha: 'demo1234', userType: 'PARCEIRO' }],
    ['an unknown user type', { email: 'admin@demo.com.br', senha: 'demo1234', userType: 'SUPERUSER' }],
  ])('answers 401 "Credenciais inválidas." for %s', async (_case, payload) => {
    const response = await loginRequest(payload, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Credenciais inválidas.' });
  });

  it('answers 400 with field messages when fields are missing', async () => {
    const response = await loginRequest({ email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ email: 'Email é obrigatório', senha: 'Senha é obrigatória' });
  });

  it('refuses inactive accounts and the accounts beneath an inactive branch or partner', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({
        nome: 'P Inativo',
        cnpj: freshCnpj(),
        email: 'p-inativo@x.com',
        passwordHash: app.passwords ? await app.passwords.hash('segredo1') : '',
      })
      .returning();
    const [branch] = await app.db
      .insert(branches)
      .values({ partnerId: partner.id, titulo: 'F', email: 'f-inativa@x.com', passwordHash: await app.passwords.hash('segredo1') })
      .returning();
    await app.db.insert(resellers).values({
      partnerId: partner.id,
      branchId: branch.id,
      nome: 'R',
      cpf: '52998224725',
      email: 'r-inativo@x.com',
      passwordHash: await app.passwords.hash('segredo1'),
    });

    await expect(login(app, 'r-inativo@x.com', 'REVENDEDOR', 'segredo1')).resolves.toEqual(expect.any(String));
    await app.db.update(branches).set({ ativo: false }).where(eq(branches.id, branch.id));
    const blockedReseller = await loginRequest({ email: 'r-inativo@x.com', senha: 'segredo1', userType: 'REVENDEDOR' }, '10.0.0.3');
    expect(blockedReseller.statusCode).toBe(403);
    expect(blockedReseller.json().message).toBe(accountInactiveMessage('REVENDEDOR'));
    expect(blockedReseller.json()).not.toHaveProperty('token');

    await app.db.update(branches).set({ ativo: true }).where(eq(branches.id, branch.id));
    await app.db.update(partners).set({ ativo: false }).where(eq(partners.id, partner.id));
    for (const [email, userType] of [
      ['p-inativo@x.com', 'PARCEIRO'],
      ['f-inativa@x.com', 'FILIAL'],
      ['r-inativo@x.com', 'REVENDEDOR'],
    ]) {
      const response = await loginRequest({ email, senha: 'segredo1', userType }, '10.0.0.3');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(accountInactiveMessage(userType as UserType));
      // A wrong password reveals nothing: the same answer as for an unknown e-mail.
      const guessed = await loginRequest({ email, senha: 'errada123', userType }, '10.0.0.4');
      expect(guessed.statusCode).toBe(401);
      expect(guessed.json()).toEqual({ success: false, message: 'Credenciais inválidas.' });
    }
    expect(accountInactiveMessage('REVENDEDOR')).toMatch(/inativa.*filial/);
    expect(accountInactiveMessage('FILIAL')).toMatch(/inativa.*parceiro/);
    expect(accountInactiveMessage('PARCEIRO')).toMatch(/inativa.*administrador/);
  });

  it('says why when the inactivation came through the API (which also revokes the tokens)', async () => {
    const admin = await loginAsDemo(app, 'ADMINISTRADOR');
    const [partner] = await app.db
      .insert(partners)
      .values({ nome: 'P Via API', cnpj: freshCnpj(), email: 'p-via-api@x.com', passwordHash: await app.passwords.hash('segredo1') })
      .returning();
    const token = await login(app, 'p-via-api@x.com', 'PARCEIRO', 'segredo1');
    const current = (await injectAs(app, admin, { method: 'GET', url: `/api/partners/${partner.id}` })).json().data;
    const put = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { ...current, senha: '', ativo: false },
    });
    expect(put.statusCode).toBe(200);
    const response = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(sessionEndedInactiveMessage('PARCEIRO'));
  });

  it('ends the session of an account inactivated while signed in, saying why', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({ nome: 'P Cortado', cnpj: freshCnpj(), email: 'p-cortado@x.com', passwordHash: await app.passwords.hash('segredo1') })
      .returning();
    const token = await login(app, 'p-cortado@x.com', 'PARCEIRO', 'segredo1');
    expect(await sessionStatus(app, token)).toBe(200);
    await app.db.update(partners).set({ ativo: false }).where(eq(partners.id, partner.id));
    app.dataVersion.bump(); // a write outside any request tells the account cache itself
    const response = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(sessionEndedInactiveMessage('PARCEIRO'));
  });

  it('blocks an e-mail from one address after 10 failures within 15 minutes, even with the right password', async () => {
    const address = '10.9.9.9';
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await loginRequest({ email: 'parceiro@demo.com.br', senha: 'errada123', userType: 'PARCEIRO' }, address)).statusCode).toBe(
        401,
      );
    }
    const blocked = await loginRequest({ email: 'parceiro@demo.com.br', senha: 'demo1234', userType: 'PARCEIRO' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/tentativas/);
    // Another address is not affected.
    expect((await loginRequest({ email: 'parceiro@demo.com.br', senha: 'demo1234', userType: 'PARCEIRO' }, '10.9.9.8')).statusCode).toBe(
      200,
    );
  });

  it('blocks an e-mail after 30 failures from any addresses within 15 minutes: rotating addresses does not help', async () => {
    await app.db
      .insert(administrators)
      .values({ nome: 'Alvo Distribuído', email: 'alvo-distribuido@x.com', passwordHash: await app.passwords.hash('certa123') });
    const attempt = (senha: string, address: string) =>
      loginRequest({ email: 'alvo-distribuido@x.com', senha, userType: 'ADMINISTRADOR' }, address);
    for (let failure = 1; failure <= 30; failure++) {
      const refused = await attempt('errada123', `10.30.${failure}.1`);
      expect([refused.statusCode, refused.json().message]).toEqual([401, AUTH_MESSAGES.invalidCredentials]);
    }
    const blocked = await attempt('certa123', '10.30.99.1');
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, AUTH_MESSAGES.tooManyAttempts]);
  });

  it('holds a burst of parallel wrong passwords from one address to the limit', async () => {
    await app.db
      .insert(administrators)
      .values({ nome: 'Alvo Rajada', email: 'alvo-rajada@x.com', passwordHash: await app.passwords.hash('certa123') });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        loginRequest({ email: 'alvo-rajada@x.com', senha: 'errada123', userType: 'ADMINISTRADOR' }, '10.31.0.1'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Each attempt is counted before its password is checked: at most 10 ever reach the check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - statuses.filter((status) => status === 401).length);
  });

  it('counts an IPv6 client by its /64: other addresses of the same network do not help', async () => {
    for (let failure = 1; failure <= 10; failure++) {
      const refused = await loginRequest(
        { email: 'filial@demo.com.br', senha: 'errada123', userType: 'FILIAL' },
        `2001:db8:32:7::${failure}`,
      );
      expect(refused.statusCode).toBe(401);
    }
    const sameNetwork = await loginRequest({ email: 'filial@demo.com.br', senha: 'demo1234', userType: 'FILIAL' }, '2001:db8:32:7:ffff::1');
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await loginRequest({ email: 'filial@demo.com.br', senha: 'demo1234', userType: 'FILIAL' }, '2001:db8:32:8::1');
    expect(otherNetwork.statusCode).toBe(200);
  });

  it("re-hashes a password stored with older parameters at sign-in, keeping the account's sessions", async () => {
    const olderHash = await hash('segredo1', { memoryCost: 2048, timeCost: 2, parallelism: 1 });
    const [admin] = await app.db
      .insert(administrators)
      .values({ nome: 'Admin Antigo', email: 'admin-antigo@x.com', passwordHash: olderHash })
      .returning();
    const credentials = { email: 'admin-antigo@x.com', senha: 'segredo1', userType: 'ADMINISTRADOR' };
    const first = await loginRequest(credentials, '10.0.0.30');
    expect(first.statusCode).toBe(200);

    const [stored] = await app.db.select().from(administrators).where(eq(administrators.id, admin.id));
    expect(stored.passwordHash).not.toBe(olderHash);
    expect(app.passwords.needsRehash(stored.passwordHash)).toBe(false);
    expect(stored.tokenVersion).toBe(admin.tokenVersion);
    // The token issued with the old hash still works, and the password still signs in.
    expect(await sessionStatus(app, first.json().token)).toBe(200);
    expect((await loginRequest(credentials, '10.0.0.30')).statusCode).toBe(200);
  });
  it('does not put back, as a re-hash at sign-in, a password changed since it was read', async () => {
    const [admin] = await app.db
      .insert(administrators)
      .values({ nome: 'Admin Relido', email: 'admin-relido@x.com', passwordHash: await app.passwords.hash('antiga1') })
      .returning();
    // The sign-in read this hash; the password changes before its re-hash is written.
    const changedHash = await app.passwords.hash('novinha1');
    await app.db.update(administrators).set({ passwordHash: changedHash }).where(eq(administrators.id, admin.id));
    await upgradePasswordHash(app.db, 'ADMINISTRADOR', admin.id, admin.passwordHash, await app.passwords.hash('antiga1'));
    const [stored] = await app.db.select().from(administrators).where(eq(administrators.id, admin.id));
    expect(stored.passwordHash).toBe(changedHash);
  });
});

describe('session', () => {
  it('GET /api/auth/verify answers the signed-in user', async () => {
    const token = await loginAsDemo(app, 'FILIAL');
    const response = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ nome: 'Vida Centro', email: 'filial@demo.com.br' });
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'abc.def.ghi'],
    [
      'a token signed with another secret',
      createTokenService('another-secret-of-at-least-32-chars!!').sign({
        id: 1,
        type: 'ADMINISTRADOR',
        tokenVersion: 0,
        sessionId: 'session-1',
      }),
    ],
    [
      'an expired token',
      createTokenService('test-secret-with-at-least-32-characters!!', { lifetimeMs: 1 }).sign({
        id: 1,
        type: 'ADMINISTRADOR',
        tokenVersion: 0,
        sessionId: 'session-1',
      }),
    ],
  ])('answers 401 {message} with %s', async (_case, token) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('logout revokes the token on the server', async () => {
    const token = await loginAsDemo(app, 'REVENDEDOR');
    expect((await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await sessionStatus(app, token)).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, revokes older tokens and hands a fresh one', async () => {
    await app.db
      .insert(partners)
      .values({ nome: 'Troca', cnpj: freshCnpj(), email: 'troca@x.com', passwordHash: await app.passwords.hash('antiga1') });
    const oldToken = await login(app, 'troca@x.com', 'PARCEIRO', 'antiga1');

    const changePassword = (payload: object) => injectAs(app, oldToken, { method: 'POST', url: '/api/auth/change-password', payload });
    const wrong = await changePassword({ currentPassword: 'errada', newPassword: 'novinha1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta.');

    const short = await changePassword({ currentPassword: 'antiga1', newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter no mínimo 6 caracteres');

    const changed = await changePassword({ currentPassword: 'antiga1', newPassword: 'novinha1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, token: expect.any(String) });

    expect(await sessionStatus(app, oldToken)).toBe(401);
    expect(await sessionStatus(app, changed.json().token)).toBe(200);
    await expect(login(app, 'troca@x.com', 'PARCEIRO', 'antiga1')).rejects.toThrow(/401/);
    await expect(login(app, 'troca@x.com', 'PARCEIRO', 'novinha1')).resolves.toEqual(expect.any(String));
  });

  it('lets one of two changes made at once win: the other gets 409, and the winner keeps its session', async () => {
    await app.db
      .insert(partners)
      .values({ nome: 'Troca Dupla', cnpj: freshCnpj(), email: 'troca-dupla@x.com', passwordHash: await app.passwords.hash('antiga1') });
    const token = await login(app, 'troca-dupla@x.com', 'PARCEIRO', 'antiga1');
    const changeTo = (newPassword: string) =>
      injectAs(app, token, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'antiga1', newPassword } });
    // Both requests must be past sign-in checks before either writes: were one to finish first, the
    // other's token would be revoked already and its 401 would be right, not the race under test.
    const bothChecking = bothArrived();
    const verify = app.passwords.verify.bind(app.passwords);
    const verifySpy = jest.spyOn(app.passwords, 'verify').mockImplementation(async (stored, password) => {
      await bothChecking();
      return verify(stored, password);
    });

    const answers = await Promise.all([changeTo('primeira1'), changeTo('segunda2')]).finally(() => verifySpy.mockRestore());
    const statuses = answers.map((answer) => answer.statusCode);
    expect([...statuses].sort()).toEqual([200, 409]);
    const winner = statuses.indexOf(200);
    expect(answers[1 - winner].json().message).toBe(AUTH_MESSAGES.passwordChangedMeanwhile);
    expect(await sessionStatus(app, answers[winner].json().token)).toBe(200);
    const [won, lost] = winner === 0 ? ['primeira1', 'segunda2'] : ['segunda2', 'primeira1'];
    await expect(login(app, 'troca-dupla@x.com', 'PARCEIRO', won)).resolves.toEqual(expect.any(String));
    await expect(login(app, 'troca-dupla@x.com', 'PARCEIRO', lost)).rejects.toThrow(/401/);
  });

  it('blocks after 10 wrong current passwords within 15 minutes, even the right one, and changes nothing', async () => {
    await app.db.insert(partners).values({
      nome: 'Troca Forçada',
      cnpj: freshCnpj(),
      email: 'troca-forcada@x.com',
      passwordHash: await app.passwords.hash('antiga1'),
    });
    const token = await login(app, 'troca-forcada@x.com', 'PARCEIRO', 'antiga1');
    const changePassword = (currentPassword: string) =>
      injectAs(app, token, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword, newPassword: 'novinha1' } });
    for (let failure = 0; failure < 10; failure++) {
      const wrong = await changePassword(`errada${failure}`);
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Senha atual incorreta.']);
    }
    const blocked = await changePassword('antiga1');
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, AUTH_MESSAGES.tooManyPasswordAttempts]);
    expect(await sessionStatus(app, token)).toBe(200);
    await expect(login(app, 'troca-forcada@x.com', 'PARCEIRO', 'antiga1')).resolves.toEqual(expect.any(String));
  });
});
