import { Client } from 'pg';

/**
 * The advisory lock (two-key form: class, object) that serialises start-up across server copies on
 * one PostgreSQL database. Jobs use another class (db/jobLocks.ts).
 */
export const STARTUP_LOCK = { class: 0x504f5254, object: 1 } as const;

/** Throwaway test databases are copied from one migrated template, made once under this lock (db/migratedTemplate.ts). */
export const TEMPLATE_LOCK = { class: STARTUP_LOCK.class, object: 2 } as const;

/**
 * Runs `task` holding STARTUP_LOCK, waiting while another copy holds it. The lock lives on a
 * connection of its own, outside the pool, so the task may use every pooled connection (a pool of
 * one included); a copy that dies while holding it loses the connection, and the lock with it.
 */
export function withStartupLock<T>(connectionString: string, task: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(connectionString, STARTUP_LOCK, task);
}

/** Runs `task` holding an advisory lock of the database at `connectionString` (see withStartupLock). */
export async function withAdvisoryLock<T>(
  connectionString: string,
  lock: { class: number; object: number },
  task: () => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString, application_name: 'portal-startup', connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [lock.class, lock.object]);
    return await task();
  } finally {
    await client.end().catch(() => undefined);
  }
}
