import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { openDataVersionChannel } from '../db/dataVersionChannel';
import { DataVersion } from '../lib/dataVersion';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.dataVersion`, which the account cache keys on (plugins/auth.ts): a cached account is used only
 * while the version has not moved since it was read. Nothing watches the database. Every **write
 * request** (any method but GET/HEAD/OPTIONS, whatever its status) moves the version once the handler
 * is done and before the answer leaves, and only write requests change accounts (a sign-out, a
 * password change, an inactivation of the account, its branch or its partner): the next request with
 * a revoked token is refused. Jobs, follow-ups and GETs that write (payments) touch no account; a test
 * or a script writing accounts through `app.db` calls `app.dataVersion.bump()` itself.
 *
 * On PostgreSQL, where several instances may share the database, each local move is announced to the
 * others (NOTIFY) and theirs move ours (LISTEN); a write request answers once its announcement went
 * out, and the cache serves nothing while the announcements cannot be heard (db/dataVersionChannel.ts).
 * PGlite is one process by construction: nothing to announce.
 */
export default fp(async function dataVersion(app: FastifyInstance) {
  const version = new DataVersion();
  app.decorate('dataVersion', version);

  const { connectionString, notify } = app.database;
  const channel =
    connectionString && notify
      ? await openDataVersionChannel({
          version,
          connectionString,
          notify,
          warn: (message, error) => app.log.warn({ err: error }, message),
        })
      : undefined;

  /** Write requests whose move was already made before their answer. */
  const moved = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (SAFE_METHODS.has(request.method)) return payload;
    version.bump();
    moved.add(request);
    await channel?.published();
    return payload;
  });
  // A safety net for an answer that left without passing the hook above (a hijacked reply).
  app.addHook('onResponse', async (request) => {
    if (!SAFE_METHODS.has(request.method) && !moved.has(request)) version.bump();
  });
  // Registered after buildApp's own onClose (which ends the pool); onClose hooks run last registered first.
  if (channel) app.addHook('onClose', () => channel.close());
});
