import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDataVersionChannel } from '../db/dataVersionChannel';
import { onDatabaseWrite } from '../lib/databaseWrites';
import { DataVersion } from '../lib/dataVersion';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.dataVersion`, which the account and answer caches key on. It moves after every write through
 * `app.db` (requests, timers, follow-ups that run after the answer) and after every request that is
 * not a GET/HEAD/OPTIONS, whatever its status, which also covers changes made elsewhere on our
 * behalf (the telemedicine provider's own records).
 *
 * On PostgreSQL, where several instances may share the database, each local move is announced to the
 * others (NOTIFY) and theirs move ours (LISTEN); a write request answers once its announcement went
 * out, and the caches serve nothing while the announcements cannot be heard (db/dataVersionChannel.ts).
 * PGlite is one process by construction: nothing to announce.
 */
export default fp(async function dataVersion(app: FastifyInstance) {
  const version = new DataVersion();
  app.decorate('dataVersion', version);
  const unsubscribe = onDatabaseWrite(app.db, () => version.bump());
  app.addHook('onClose', async () => void unsubscribe());
  app.addHook('onResponse', async (request) => {
    if (!SAFE_METHODS.has(request.method)) version.bump();
  });

  const { connectionString, notify } = app.database;
  if (!connectionString || !notify) return;
  const channel = await openDataVersionChannel({
    version,
    connectionString,
    notify,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) await channel.published();
    return payload;
  });
  // Registered after buildApp's own onClose (which ends the pool); onClose hooks run last registered first.
  app.addHook('onClose', () => channel.close());
});
