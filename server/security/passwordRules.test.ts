import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import type { UserType } from '../../src/domain/userTypes';
import { administrators, branches, partners, resellers } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/accounts';
import { isCommonPassword } from '../services/auth/newPasswords';
import { createTestApp, injectAs, login, loginAsDemo } from '../test/helpers';
import { ScopeFixtures, unique, uniqueCnpj } from '../test/scopeFixtures';
import { uniqueCpf } from '../test/careFixtures';

/**
 * Every place a password is set refuses the most common passwords and anything over 128 characters
 * (before hashing); change-password also refuses the current password. Sign-in is not a set: the
 * demo accounts' password keeps working.
 */

let app: FastifyInstance;
let fx: ScopeFixtures;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
});
afterAll(() => app.close());

const TOO_LONG = 'a-long-passphrase-'.repeat(8).slice(0, 129);
const TABLES = { ADMINISTRADOR: administrators, PARCEIRO: partners, FILIAL: branches, REVENDEDOR: resellers } as const;

describe('the bundled list of common passwords', () => {
  it('holds at least 10,000 passwords, whatever their case', () => {
    expect(['123456', 'password1', 'Password1', 'qwerty123', 'senha123', 'iloveyou'].every(isCommonPassword)).toBe(true);
    expect(isCommonPassword('cavalo-grampo-bateria-7')).toBe(false);
  });
});

describe('POST /api/auth/change-password', () => {
  async function changeAs(type: UserType, newPassword: string, currentPassword = DEMO_PASSWORD) {
    const session = await fx.freshSession(type);
    const table = TABLES[type];
    const hashOf = async () => (await app.db.select({ hash: table.passwordHash }).from(table).where(eq(table.id, session.id)))[0].hash;
    const before = await hashOf();
    const response = await injectAs(app, session.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword, newPassword },
    });
    return { response, changed: (await hashOf()) !== before };
  }

  it.each([
    ['a common password', '123456', { newPassword: AUTH_MESSAGES.passwordCommon }],
    ['a common password in other letter case', 'PassWord1', { newPassword: AUTH_MESSAGES.passwordCommon }],
    ['the current password', DEMO_PASSWORD, { newPassword: AUTH_MESSAGES.passwordSameAsCurrent }],
    ['a password of 129 characters', TOO_LONG, { newPassword: AUTH_MESSAGES.passwordMax }],
    ['a password of 5 characters', 'ab-12', { newPassword: AUTH_MESSAGES.passwordMin }],
  ])('refuses %s with 400 and changes nothing', async (_case, newPassword, errors) => {
    const { response, changed } = await changeAs('FILIAL', newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors });
    expect(changed).toBe(false);
  });

  it('answers "Senha atual incorreta." to a current password over 128 characters, without hashing it', async () => {
    const { response } = await changeAs('REVENDEDOR', 'cavalo-grampo-bateria-7', 'x'.repeat(3000));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ currentPassword: 'Senha atual incorreta.' });
  });

  it('accepts an uncommon password of 128 characters', async () => {
    const { response, changed } = await changeAs('PARCEIRO', TOO_LONG.slice(0, 128));
    expect(response.statusCode).toBe(200);
    expect(changed).toBe(true);
  });
});

describe('passwords set through the channel screens', () => {
  const creations = () =>
    [
      ['/api/partners', { nome: unique('Parceiro '), cnpj: uniqueCnpj(), email: `${unique('p')}@senhas.test` }],
      ['/api/branches', { id_parceiro: fx.demo.partnerId, titulo: unique('Filial '), email: `${unique('f')}@senhas.test` }],
      [
        '/api/resellers',
        { id_filial: fx.demo.branchId, nome: unique('Revendedor '), cpf: uniqueCpf(), email: `${unique('r')}@senhas.test` },
      ],
    ] as const;

  it.each([
    ['a common password', 'qwerty123', AUTH_MESSAGES.passwordCommon],
    ['a password of 129 characters', TOO_LONG, AUTH_MESSAGES.passwordMax],
  ])('refuse %s on creation, creating nothing', async (_case, senha, message) => {
    const admin = await loginAsDemo(app, 'ADMINISTRADOR');
    const attempts = creations();
    for (const [url, body] of attempts) {
      const response = await injectAs(app, admin, { method: 'POST', url, payload: { ...body, senha } });
      expect([url, response.statusCode, response.json().errors]).toEqual([url, 400, { senha: message }]);
    }
    const stored = await Promise.all(
      [partners, branches, resellers].map((table, index) => app.db.select().from(table).where(eq(table.email, attempts[index][1].email))),
    );
    expect(stored.map((rows) => rows.length)).toEqual([0, 0, 0]);
  });

  it('refuse a common password as a reset, keeping the old one', async () => {
    const partner = await loginAsDemo(app, 'PARCEIRO');
    const branchId = await fx.freshBranch(fx.demo.partnerId);
    const [branch] = await app.db.select().from(branches).where(eq(branches.id, branchId));
    const reset = await injectAs(app, partner, {
      method: 'PUT',
      url: `/api/branches/${branchId}`,
      payload: { titulo: branch.titulo, email: branch.email, senha: 'iloveyou' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual({ senha: AUTH_MESSAGES.passwordCommon });
    await expect(login(app, branch.email, 'FILIAL')).resolves.toEqual(expect.any(String));
  });
});

describe('sign-in', () => {
  it('keeps working with the demo password (signing in sets nothing)', async () => {
    await expect(loginAsDemo(app, 'REVENDEDOR')).resolves.toEqual(expect.any(String));
  });

  it('answers 401 to a password over 128 characters', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.com.br', senha: 'x'.repeat(3000), userType: 'ADMINISTRADOR' },
      remoteAddress: '10.55.0.1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });
});
