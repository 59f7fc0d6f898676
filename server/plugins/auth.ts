import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { API_ACCESS, ROLES, type Access } from '../../src/domain/permissions';
import type { UserType } from '../../src/domain/userTypes';
import { sessionEndedInactiveMessage } from '../../src/domain/messages';
import { forbidden, unauthorized } from '../lib/httpErrors';
import { VersionedCache } from '../lib/versionedCache';
import { findAccount, type AccountRecord } from '../services/auth/accounts';
import { purgeEndedSessions } from '../services/auth/sessions';
import type { Principal } from '../services/auth/tokens';

/** How often the sessions ended by 'Sair' whose tokens have all expired are deleted. */
const ENDED_SESSIONS_PURGE_MS = 60 * 60 * 1000;

/** Accounts remembered at most (one small record each); the least recently used go first. */
export const ACCOUNT_CACHE_MAX_ENTRIES = 10_000;

/** What a session check needs of an account (no password hash kept in memory). */
type SessionAccount = Pick<AccountRecord, 'id' | 'type' | 'active' | 'tokenVersion' | 'partnerId' | 'branchId' | 'endedSessions'>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Gives each API route its access from the permission table (src/domain/permissions.ts) as it is
 * registered, so no route states who may call it. A route missing from the table must declare its
 * own `public` or `allow` (tests' own routes do); one that does neither stops the start-up, closed
 * rather than open.
 */
export function applyApiAccess(route: RouteOptions) {
  if (!route.url.startsWith('/api/')) return;
  // Read before the loop: a route of several methods (@fastify/static's HEAD and GET) gets its access once per method.
  const declared = route.config?.public || route.config?.allow;
  for (const method of [route.method].flat()) {
    // Fastify adds a HEAD route for every GET: it shares the GET's access.
    const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
    const access: Access | undefined = API_ACCESS[key as keyof typeof API_ACCESS];
    if (access && declared)
      throw new Error(`${key}: who may call it is the permission table's (src/domain/permissions.ts), not the route's`);
    if (!access && !declared) throw new Error(`${key} is missing from API_ACCESS (src/domain/permissions.ts)`);
    if (access) route.config = { ...route.config, ...(access === 'public' ? { public: true } : { allow: ROLES[access] }) };
  }
}

/**
 * Turns the bearer token into `request.principal` (and `request.sessionId`) on every non-public
 * route and enforces the route's `allow` list. The account is read from the database with its
 * sessions 'Sair' ended, so inactivation or a password change (every session of the account) and
 * 'Sair' (the session that asked) revoke tokens at the next request. The read is reused for
 * AUTH_CACHE_TTL_MS at most and only while no write has happened since it began (app.dataVersion, which other instances on the same
 * PostgreSQL database move too): every revocation is a write, so it takes effect at once on the
 * instance that made it, and on the others once its announcement reaches them (a few milliseconds:
 * SECURITY.md, "The account cache and revocation").
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('sessionId', '');
  app.jobs.schedule({
    name: 'ended-sessions-purge',
    atStart: 'skip',
    everyMs: ENDED_SESSIONS_PURGE_MS,
    run: () => purgeEndedSessions(app.db),
  });
  app.addHook('onRoute', applyApiAccess);
  const accounts = new VersionedCache<SessionAccount | undefined>({
    ttlMs: app.config.caches.authTtlMs,
    maxEntries: ACCOUNT_CACHE_MAX_ENTRIES,
    version: () => app.dataVersion.current,
  });

  async function sessionAccount(type: UserType, id: number): Promise<SessionAccount | undefined> {
    const key = `${type}:${id}`;
    // Untrusted: another instance's revocation might not have been heard (plugins/dataVersion.ts).
    const trusted = app.dataVersion.trusted;
    const cached = trusted ? accounts.get(key) : undefined;
    if (cached) return cached;
    const ticket = accounts.ticket();
    const record = await findAccount(app.db, type, { id });
    const account = record && {
      id: record.id,
      type: record.type,
      active: record.active,
      tokenVersion: record.tokenVersion,
      partnerId: record.partnerId,
      branchId: record.branchId,
      endedSessions: record.endedSessions,
    };
    if (account && trusted) accounts.set(key, account, ticket);
    return account;
  }

  app.addHook('onRequest', async (request, reply) => {
    const routeConfig = request.routeOptions.config;
    const routeUrl = request.routeOptions.url;
    // Only API routes need a token; unknown paths answer 404 whoever asks; public routes are open.
    if (!routeUrl?.startsWith('/api/') || routeConfig.public) return;
    // Signed-in answers carry personal data: no browser or proxy keeps any of them, refusals included.
    reply.header('Cache-Control', 'no-store');

    const token = bearerToken(request);
    const claims = token ? app.tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    const account = await sessionAccount(claims.type, claims.id);
    if (!account) throw unauthorized();
    // A token we signed proves who is asking (inactivating also revokes it), so the session may say why it ended.
    if (!account.active) throw unauthorized(sessionEndedInactiveMessage(account.type));
    if (account.tokenVersion !== claims.tokenVersion || account.endedSessions.includes(claims.sessionId)) throw unauthorized();

    request.principal = {
      id: account.id,
      type: account.type,
      partnerId: account.partnerId,
      branchId: account.branchId,
      tokenVersion: account.tokenVersion,
    };
    request.sessionId = claims.sessionId;
    if (routeConfig.allow && !routeConfig.allow.includes(account.type)) throw forbidden();
  });
});
