import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import { isUserType } from '../../src/domain/userTypes';
import { changePasswordSchema, loginRequestSchema } from '../../src/domain/validation/login';
import { badRequest, tooManyRequests, unauthorized } from '../lib/httpErrors';
import { validateBody } from '../lib/validation';
import { bumpTokenVersion, findAccount, updatePasswordHash, upgradePasswordHash } from '../services/auth/accounts';
import { LoginThrottle } from '../services/auth/loginThrottle';

export default async function authRoutes(app: FastifyInstance) {
  const throttle = new LoginThrottle();
  // Verifying against a real hash of a random string costs the same as checking a real account.
  const dummyHash = await app.passwords.hash(randomBytes(16).toString('hex'));

  app.post('/api/auth/login', { config: { public: true } }, async (request) => {
    const { email, senha, userType } = await validateBody(loginRequestSchema, request.body);
    if (throttle.isBlocked(email, request.ip)) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);

    const account = isUserType(userType) ? await findAccount(app.db, userType, { email }) : undefined;
    // Always spend the hashing time, so a wrong e-mail and a wrong password take as long.
    const passwordMatches = await app.passwords.verify(account?.passwordHash ?? dummyHash, senha);
    if (!account || !passwordMatches || !account.active) {
      throttle.recordFailure(email, request.ip);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    throttle.recordSuccess(email, request.ip);
    // Hashes made with older parameters are replaced while the password is at hand (once per account).
    if (app.passwords.needsRehash(account.passwordHash)) {
      await upgradePasswordHash(app.db, account.type, account.id, await app.passwords.hash(senha));
    }
    const token = app.tokens.sign({
      id: account.id,
      type: account.type,
      partnerId: account.partnerId,
      branchId: account.branchId,
      tokenVersion: account.tokenVersion,
    });
    return { token, user: { id: account.id, nome: account.nome, email: account.email, userType: account.type } };
  });

  app.get('/api/auth/verify', async (request) => {
    const { type, id } = request.principal;
    const account = await findAccount(app.db, type, { id });
    if (!account) throw unauthorized();
    return { user: { id: account.id, nome: account.nome, email: account.email, userType: account.type } };
  });

  app.post('/api/auth/change-password', async (request) => {
    const { currentPassword, newPassword } = await validateBody(changePasswordSchema, request.body);
    const { type, id } = request.principal;
    const account = await findAccount(app.db, type, { id });
    if (!account) throw unauthorized();
    if (!(await app.passwords.verify(account.passwordHash, currentPassword))) {
      throw badRequest('Senha atual incorreta.', { currentPassword: 'Senha atual incorreta.' });
    }
    await updatePasswordHash(app.db, type, id, await app.passwords.hash(newPassword));
    // Older tokens stop working; the caller keeps its session with this fresh one.
    const token = app.tokens.sign({ ...request.principal, tokenVersion: account.tokenVersion + 1 });
    return { success: true, token };
  });

  app.post('/api/auth/logout', async (request) => {
    await bumpTokenVersion(app.db, request.principal.type, request.principal.id);
    return { success: true };
  });
}
