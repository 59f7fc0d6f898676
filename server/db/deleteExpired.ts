import { lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Deletes a table's rows whose time `column` is before `now`, for the jobs that keep short-lived
 * rows few (attempt counters, ended sessions); returns how many went.
 */
export async function deleteExpired(db: Database, table: PgTable, column: AnyPgColumn, now: Date): Promise<number> {
  const removed = await db
    .delete(table)
    .where(lt(column, now))
    .returning({ gone: sql`1` });
  return removed.length;
}
