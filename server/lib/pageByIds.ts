import { inArray, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

/**
 * One page of a list, its ids found first: `ids` (the filtered ids, with only the tables its order
 * needs joined) is ordered and cut to the page, and `rows` (the select list, with its lookups and
 * joins) reads those ids alone, ordered again, as an IN keeps no order. PostgreSQL computes a select
 * list for every row an OFFSET skips: read in one query, page 200 of the agenda ran 2,000 lookups of
 * each kind, the professionals' page 300 built 300 rows' specialties and schedules (bench/README.md).
 * The page's LIMIT and OFFSET are numbers, or a prepared query's placeholders.
 */
export function pageByIds<Rows extends PgSelect>(
  rows: Rows,
  id: AnyPgColumn,
  ids: PgSelect,
  orderBy: SQL[],
  page: { limit: number | Placeholder; offset: number | Placeholder },
): Rows {
  const pageIds = ids
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return rows.where(inArray(id, pageIds)).orderBy(...orderBy) as Rows;
}
