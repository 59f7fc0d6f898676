import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { KeyPart } from './keyset';

/** What matchesIfFew read: every match in order when they are at most `few`, and how many it saw. */
export interface FewMatches {
  /** The matches' keys in `order`, when there are at most `few` of them; undefined past it. */
  few?: number[];
  /** The number of matches when they are at most `few`; past it `few + 1`, a floor of them all. */
  seen: number;
}

/**
 * The values of `key` among the rows `where` selects from `table` when there are at most `few`,
 * sorted by `order` (ending in a unique column); past `few`, only that there are more. One statement,
 * reading at most `few + 1` matches through a MATERIALIZED CTE: planned apart from the LIMIT, a
 * filter such as a name's `ilike` is answered from its trigram index. Given the LIMIT, PostgreSQL
 * (expecting thousands of matches from the trigram statistics) walked another index checking every
 * row instead: 620 ms over a million beneficiaries for a name with 767 matches, against 20 ms from
 * the trigram index (bench/README.md). Past `few`, the matches read are neither sorted nor sent: a
 * common surname's thousand holders cost 0.7 ms of the database's time sorted and sent, and the
 * server's time to read them, for nothing.
 */
export async function matchesIfFew(
  db: Database,
  table: PgTable,
  key: SQL | AnyPgColumn,
  where: SQL | undefined,
  few: number,
  order: KeyPart[] = [],
): Promise<FewMatches> {
  const sortColumns = order.map((part, index) => sql`, ${part.column} as ${sql.identifier(`sort_${index}`)}`);
  const sorted = order.map((part, index) => sql`${sql.identifier(`sort_${index}`)} ${sql.raw(part.direction)}`);
  // `read` is used twice, so PostgreSQL keeps its rows rather than reading the matches again.
  const { rows } = (await db.execute(
    sql`with matching as materialized (select ${key} as key${sql.join(sortColumns)} from ${table} where ${where ?? sql`true`}),
        read as (select * from matching limit ${few + 1}),
        counted as (select count(*)::int as seen from read)
        (select read.key, counted.seen from read, counted where counted.seen <= ${few}${order.length > 0 ? sql` order by ${sql.join(sorted, sql`, `)}` : sql``})
        union all
        (select null, seen from counted where seen > ${few})`,
  )) as unknown as { rows: Array<{ key: number | string | null; seen: number }> };
  if (rows.length === 0) return { few: [], seen: 0 };
  const seen = Number(rows[0].seen);
  return seen > few ? { seen } : { few: rows.map((row) => Number(row.key)), seen };
}

/**
 * `column = any($1)`: a list of ids as one array parameter (or a prepared query's placeholder for
 * one). As a thousand parameters (`in ($1, …)`), PostgreSQL took longer to plan the query than to run it.
 */
export const isAnyOf = (column: AnyPgColumn | SQL, ids: readonly number[] | Placeholder): SQL =>
  sql`${column} = any(${is(ids, Placeholder) ? ids : sql.param(ids)}::int[])`;
