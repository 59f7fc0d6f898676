import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/scheduler';
import { scheduleAuditRetention } from './retention';

/**
 * The retention job as the scheduler receives it, on an app at hand whose database answers the
 * purge with the rows it deleted (the purge's own cut-off is tested on a real database in
 * audit.test.ts and queries.test.ts).
 */
function appAtHand(deletedRows: number) {
  const scheduled: JobDefinition[] = [];
  const info = jest.fn();
  const deleted = Array.from({ length: deletedRows }, (_, index) => ({ id: index + 1 }));
  const app = {
    jobs: { schedule: (job: JobDefinition) => scheduled.push(job) },
    db: {
      // The batch's ids (a subquery), then the delete of them.
      select: () => ({ from: () => ({ where: () => ({ orderBy: () => ({ limit: () => sql`select 1` }) }) }) }),
      delete: () => ({ where: () => ({ returning: async () => deleted }) }),
    },
    log: { info },
  } as unknown as FastifyInstance;
  scheduleAuditRetention(app);
  return { scheduled, info };
}

describe('the audit retention job', () => {
  it('is scheduled once, daily, under its own name, the start waiting for its first run', () => {
    const { scheduled } = appAtHand(0);
    expect(scheduled).toEqual([expect.objectContaining({ name: 'audit-retention', everyMs: 24 * 60 * 60 * 1000, atStart: 'wait' })]);
  });

  it('purges, and logs how many rows went when some did', async () => {
    const { scheduled, info } = appAtHand(2);
    await scheduled[0].run();
    expect(info).toHaveBeenCalledWith({ removed: 2 }, 'expired audit rows purged');
  });

  it('logs nothing when no row had expired', async () => {
    const { scheduled, info } = appAtHand(0);
    await scheduled[0].run();
    expect(info).not.toHaveBeenCalled();
  });
});
