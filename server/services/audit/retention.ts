import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_RETENTION_MONTHS } from '../../../src/domain/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes audit rows older than the retention period (the only delete the table's trigger lets
 * through). Returns how many rows went.
 */
export async function purgeExpiredAudit(db: Database): Promise<number> {
  const removed = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, sql.raw(`now() - interval '${AUDIT_RETENTION_MONTHS} months'`)))
    .returning({ id: auditLog.id });
  return removed.length;
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
