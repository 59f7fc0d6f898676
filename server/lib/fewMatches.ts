import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { KeyPart } from './keyset';

/**
 * The first `limit` values of `key` among the rows `where` selects from `table`, read through a
 * MATERIALIZED CTE: planned apart from the LIMIT, a filter such as a name's `ilike` is answered from
 * its trigram index. Given the LIMIT, PostgreSQL (expecting thousands of matches from the trigram
 * statistics) walked another index checking every row instead: 620 ms over a million beneficiaries
 * for a name with 767 matches, against 20 ms from the trigram index (bench/README.md). With `order`
 * (ending in a unique column), the values read come back sorted by it: those first `limit` are
 * still whichever the index gave first, so the order is the list's only when they are all the matches.
 */
export async function firstMatches(
  db: Database,
  table: PgTable,
  key: SQL | AnyPgColumn,
  where: SQL | undefined,
  limit: number,
  order: KeyPart[] = [],
): Promise<number[]> {
  const sortColumns = order.map((part, index) => sql`, ${part.column} as ${sql.identifier(`sort_${index}`)}`);
  const sorted = order.map((part, index) => sql`${sql.identifier(`sort_${index}`)} ${sql.raw(part.direction)}`);
  const { rows } = (await db.execute(
    sql`with matching as materialized (select ${key} as key${sql.join(sortColumns)} from ${table} where ${where ?? sql`true`})
        select key from (select * from matching limit ${limit}) as first${order.length > 0 ? sql` order by ${sql.join(sorted, sql`, `)}` : sql``}`,
  )) as unknown as { rows: Array<{ key: number | string }> };
  return rows.map((row) => Number(row.key));
}

/**
 * `column = any($1)`: a list of ids as one array parameter (or a prepared query's placeholder for
 * one). As a thousand parameters (`in ($1, …)`), PostgreSQL took longer to plan the query than to run it.
 */
export const isAnyOf = (column: AnyPgColumn | SQL, ids: readonly number[] | Placeholder): SQL =>
  sql`${column} = any(${is(ids, Placeholder) ? ids : sql.param(ids)}::int[])`;
