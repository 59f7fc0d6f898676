import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { openDataVersionChannel } from '../db/dataVersionChannel';
import { DataVersion } from '../lib/dataVersion';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.dataVersion`, which the account and answer caches key on: a cached answer is served only while
 * the version has not moved since it was read. Nothing watches the database; whoever changes data a
 * cached answer shows says so:
 *
 * - **Write requests** (any method but GET/HEAD/OPTIONS, whatever their status): this plugin moves
 *   the version once the handler is done and before the answer leaves, so a client that got the
 *   answer and then reads a list gets the new list. That also covers what such a request changes
 *   elsewhere on our behalf (the telemedicine provider's own records).
 * - **Everything else that writes such data** calls `app.dataVersion.bump()` (services get it as a
 *   `changedData` callback) once its write committed: a periodic job (payment reconciliation), a
 *   follow-up that runs after the answer (the provider sync of a sale), a GET that writes (a Pix status
 *   look that expires or records a sale), start-up seeding. Tests writing through `app.db` do the same.
 * - Writes no cached answer shows need nothing: the audit trail (the read cache refuses its routes),
 *   the attempt counters, stored files, the sandbox gateway's charges, the site's parameters.
 *
 * On PostgreSQL, where several instances may share the database, each local move is announced to the
 * others (NOTIFY) and theirs move ours (LISTEN); a write request answers once its announcement went
 * out, and the caches serve nothing while the announcements cannot be heard (db/dataVersionChannel.ts).
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
