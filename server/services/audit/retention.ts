import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_RETENTION_MONTHS } from '../../../src/domain/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per statement: the trail holds millions, and one statement would hold them all (and their ids) at once. */
const PURGE_BATCH = 10_000;

/**
 * Deletes audit rows older than the retention period (the only delete the table's trigger lets
 * through), `batchSize` at a time, oldest first from the trail's date index. Returns how many rows went.
 */
export async function purgeExpiredAudit(db: Database, batchSize = PURGE_BATCH): Promise<number> {
  const expired = lt(auditLog.createdAt, sql.raw(`now() - interval '${AUDIT_RETENTION_MONTHS} months'`));
  let removed = 0;
  for (;;) {
    const batch = await db
      .delete(auditLog)
      .where(
        inArray(auditLog.id, db.select({ id: auditLog.id }).from(auditLog).where(expired).orderBy(auditLog.createdAt).limit(batchSize)),
      )
      .returning({ id: auditLog.id });
    removed += batch.length;
    if (batch.length < batchSize) return removed;
  }
}

/**
 * Purges once the app is ready and then daily, on one server copy at a time (services/jobs).
 */
export function scheduleAuditRetention(app: FastifyInstance): void {
  app.jobs.schedule({
    name: 'audit-retention',
    atStart: 'wait',
    everyMs: DAY_MS,
    run: async () => {
      const removed = await purgeExpiredAudit(app.db);
      if (removed) app.log.info({ removed }, 'expired audit rows purged');
    },
  });
}
