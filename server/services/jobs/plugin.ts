import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobLocks, soleProcessLocks } from '../../db/jobLocks';
import { createJobScheduler } from './scheduler';

/**
 * `app.jobs`: where the periodic jobs register; they start once the app is ready and stop (the
 * running one finished, the locks freed) when it closes, before the database does. On PostgreSQL
 * the copies share each job through an advisory lock; PGlite is one process by construction.
 */
export default fp(async function jobs(app: FastifyInstance) {
  const { connectionString } = app.database;
  const locks = connectionString ? createJobLocks(connectionString, randomUUID()) : soleProcessLocks;
  const scheduler = createJobScheduler(locks, app.log);
  app.decorate('jobs', scheduler);
  app.addHook('onReady', () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
});
