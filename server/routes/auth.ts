import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { accountInactiveMessage, AUTH_MESSAGES, PASSWORD_MAX_LENGTH } from '../../src/domain/messages';
import { isUserType } from '../../src/domain/userTypes';
import { changePasswordSchema, loginRequestSchema } from '../../src/domain/validation/login';
import { LoggedOut, LoginAnswer, PasswordChanged, VerifyAnswer } from '../../src/domain/wire/auth';
import { BODY_LIMITS } from '../lib/bodyLimits';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../lib/httpErrors';
import { documentedBody, validateBody } from '../lib/validation';
import { findAccount, updatePasswordHash, upgradePasswordHash } from '../services/auth/accounts';
import { ensureNewPasswordAllowed } from '../services/auth/newPasswords';
import { endSession, newSessionId } from '../services/auth/sessions';
import { passwordCheckSucceeded, signInSucceeded, startPasswordCheck, startSignIn } from '../services/auth/passwordThrottles';

/** This module's routes in the API reference (/api/docs). */
const tags = ['auth'];

/** Credentials are a few bytes: a big body is refused unread. */
const credentials = { bodyLimit: BODY_LIMITS.credentials };

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Verifying against a real hash of a random string costs the same as checking a real account.
  const dummyHash = await app.passwords.hash(randomBytes(16).toString('hex'));

  app.post(
    '/api/auth/login',
    {
      ...credentials,
      schema: {
        tags,
        summary: 'Sign in with e-mail, password and user type',
        body: documentedBody(loginRequestSchema),
        response: { 200: LoginAnswer },
      },
    },
    async (request) => {
      const { email, senha, userType } = await validateBody(loginRequestSchema, request.body);
      const attempt = await startSignIn(app.limits, email, request.ip);
      if (!attempt) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);

      const account = isUserType(userType) ? await findAccount(app.db, userType, { email }) : undefined;
      // Always spend the hashing time, so a wrong e-mail and a wrong password take as long; no password
      // is longer than the maximum, so a longer one is wrong without being hashed.
      const passwordMatches =
        senha.length <= PASSWORD_MAX_LENGTH && (await app.passwords.verify(account?.passwordHash ?? dummyHash, senha));
      if (!account || !passwordMatches) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      // Only someone who knows the password learns that the account exists and is inactive.
      if (!account.active) throw forbidden(accountInactiveMessage(account.type));
      await signInSucceeded(app.limits, attempt);
      // Hashes made with older parameters are replaced while the password is at hand (once per account).
      if (app.passwords.needsRehash(account.passwordHash)) {
        await upgradePasswordHash(app.db, account.type, account.id, account.passwordHash, await app.passwords.hash(senha));
      }
      const token = app.tokens.sign({
        id: account.id,
        type: account.type,
        partnerId: account.partnerId,
        branchId: account.branchId,
        tokenVersion: account.tokenVersion,
        sessionId: newSessionId(),
      });
      return { token, user: { id: account.id, nome: account.nome, email: account.email, userType: account.type } };
    },
  );

  app.get('/api/auth/verify', { schema: { tags, summary: 'The signed-in account', response: { 200: VerifyAnswer } } }, async (request) => {
    const { type, id } = request.principal;
    const account = await findAccount(app.db, type, { id });
    if (!account) throw unauthorized();
    return { user: { id: account.id, nome: account.nome, email: account.email, userType: account.type } };
  });

  app.post(
    '/api/auth/change-password',
    {
      ...credentials,
      schema: {
        tags,
        summary: "Change the signed-in account's password",
        body: documentedBody(changePasswordSchema),
        response: { 200: PasswordChanged },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = await validateBody(changePasswordSchema, request.body);
      const { type, id } = request.principal;
      const account = await findAccount(app.db, type, { id });
      if (!account) throw unauthorized();
      if (!(await startPasswordCheck(app.limits, account))) throw tooManyRequests(AUTH_MESSAGES.tooManyPasswordAttempts);
      if (!(await app.passwords.verify(account.passwordHash, currentPassword))) {
        throw badRequest('Senha atual incorreta.', { currentPassword: 'Senha atual incorreta.' });
      }
      await passwordCheckSucceeded(app.limits, account);
      ensureNewPasswordAllowed(newPassword, 'newPassword');
      const newHash = await app.passwords.hash(newPassword);
      const tokenVersion = await updatePasswordHash(app.db, type, id, account.tokenVersion, newHash);
      if (tokenVersion === null) throw conflict(AUTH_MESSAGES.passwordChangedMeanwhile);
      // Older tokens stop working, every session's; the caller's session goes on with this fresh one.
      const token = app.tokens.sign({ ...request.principal, tokenVersion, sessionId: request.sessionId });
      return { success: true, token };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: "Sign out: ends this session (the account's other sessions go on)", response: { 200: LoggedOut } } },
    async (request) => {
      // No token of the session outlives the maximum session age from now: the row is kept until then.
      const endsAt = new Date(Date.now() + app.config.sessionMaxAgeMs);
      await endSession(app.db, request.principal, request.sessionId, endsAt);
      return { success: true };
    },
  );
}
