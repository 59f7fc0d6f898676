import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AttemptCounters } from '../services/limits/attemptCounters';

/** Expired buckets are few and harmless (they are never counted): a purge every few minutes keeps the table small. */
const PURGE_INTERVAL_MS = 5 * 60 * 1000;

/** `app.limits`: the attempt counters every throttle and rate limit shares, in the database. */
export default fp(async function limits(app: FastifyInstance) {
  const counters = new AttemptCounters(app.db, app.config.jwtSecret);
  app.decorate('limits', counters);
  app.jobs.schedule({ name: 'attempt-counters-purge', atStart: 'skip', everyMs: PURGE_INTERVAL_MS, run: () => counters.purgeExpired() });
});
