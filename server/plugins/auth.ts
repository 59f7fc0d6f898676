import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/httpErrors';
import { findAccount } from '../services/auth/accounts';
import type { Principal } from '../services/auth/tokens';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Turns the bearer token into `request.principal` on every non-public route and enforces the
 * route's `allow` list. The account is read on each request, so inactivation, a password change or
 * 'Sair' revoke tokens at once.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('principal', null as unknown as Principal);

  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config;
    const routeUrl = request.routeOptions.url;
    // Only API routes need a token; unknown paths answer 404 whoever asks; public routes are open.
    if (!routeUrl?.startsWith('/api/') || routeConfig.public) return;

    const token = bearerToken(request);
    const claims = token ? app.tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    const account = await findAccount(app.db, claims.type, { id: claims.id });
    if (!account || !account.active || account.tokenVersion !== claims.tokenVersion) throw unauthorized();

    request.principal = {
      id: account.id,
      type: account.type,
      partnerId: account.partnerId,
      branchId: account.branchId,
      tokenVersion: account.tokenVersion,
    };
    if (routeConfig.allow && !routeConfig.allow.includes(account.type)) throw forbidden();
  });
});
