import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * The first `limit` values of `key` among the rows `where` selects from `table`, read through a
 * MATERIALIZED CTE: planned apart from the LIMIT, a filter such as a name's `ilike` is answered from
 * its trigram index. Given the LIMIT, PostgreSQL (expecting thousands of matches from the trigram
 * statistics) walked another index checking every row instead: 620 ms over a million beneficiaries
 * for a name with 767 matches, against 20 ms from the trigram index (bench/README.md).
 */
export async function firstMatches(
  db: Database,
  table: PgTable,
  key: SQL | AnyPgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number[]> {
  const { rows } = (await db.execute(
    sql`with matching as materialized (select ${key} as key from ${table} where ${where ?? sql`true`}) select key from matching limit ${limit}`,
  )) as unknown as { rows: Array<{ key: number | string }> };
  return rows.map((row) => Number(row.key));
}

/**
 * `column = any($1)`: a list of ids as one array parameter (or a prepared query's placeholder for
 * one). As a thousand parameters (`in ($1, …)`), PostgreSQL took longer to plan the query than to run it.
 */
export const isAnyOf = (column: AnyPgColumn | SQL, ids: readonly number[] | Placeholder): SQL =>
  sql`${column} = any(${is(ids, Placeholder) ? ids : sql.param(ids)}::int[])`;
