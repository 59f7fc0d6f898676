import { Client } from 'pg';

/**
 * The advisory lock (two-key form: class, object) that serialises start-up across server copies on
 * one PostgreSQL database. Jobs use another class (db/jobLocks.ts).
 */
export const STARTUP_LOCK = { class: 0x504f5254, object: 1 } as const;

/**
 * Runs `task` holding STARTUP_LOCK, waiting while another copy holds it. The lock lives on a
 * connection of its own, outside the pool, so the task may use every pooled connection (a pool of
 * one included); a copy that dies while holding it loses the connection, and the lock with it.
 */
export async function withStartupLock<T>(connectionString: string, task: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString, application_name: 'portal-startup', connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [STARTUP_LOCK.class, STARTUP_LOCK.object]);
    return await task();
  } finally {
    await client.end().catch(() => undefined);
  }
}
