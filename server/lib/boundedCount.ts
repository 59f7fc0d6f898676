import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/** Up to this many matching rows are counted exactly; beyond it the planner's estimate is the total. */
export const EXACT_COUNT_LIMIT = 1000;
/** An estimate is reused this long for the same query: it is approximate anyway, and paging re-asks it. */
const ESTIMATE_TTL_MS = 30_000;
const MAX_CACHED_ESTIMATES = 500;

interface ExplainRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string;
}

/** A list's total, and whether it is the planner's estimate (shown as "cerca de 75.000"). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

const estimates = new WeakMap<Database, Map<string, { total: number; until: number }>>();

function cachedEstimates(db: Database) {
  let cache = estimates.get(db);
  if (!cache) estimates.set(db, (cache = new Map()));
  return cache;
}

/**
 * The number of rows `rows()` (a fresh SELECT without ORDER BY/LIMIT) returns, in O(limit) rather
 * than O(table): counting stops after EXACT_COUNT_LIMIT + 1 rows, and a larger total is PostgreSQL's
 * own estimate (EXPLAIN's row count, from the statistics ANALYZE keeps), reused for ESTIMATE_TTL_MS.
 * Small lists, and every filtered list that narrows to a few hundred rows, stay exact; a list of
 * 75,000 shows "about 75,000" (`estimated`). `atLeast` is a number of rows the caller knows the query
 * returns (a name filter's probe of its matches): past EXACT_COUNT_LIMIT nothing is counted, the
 * estimate answers, never below it.
 */
export async function boundedCount(db: Database, rows: () => PgSelect, atLeast = 0): Promise<ListTotal> {
  const { sql: text, params } = rows().toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const cache = cachedEstimates(db);
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return { total: cached.total, estimated: true };

  let total = atLeast;
  if (atLeast <= EXACT_COUNT_LIMIT) {
    const capped = rows()
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('capped');
    [{ total }] = await db.select({ total: count() }).from(capped);
    if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  }
  const result = (await db.execute(sql`explain (format json) ${rows()}`)) as unknown as { rows: ExplainRow[] };
  const plan = result.rows[0]['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<ExplainRow['QUERY PLAN'], string>) : plan;
  const estimate = Math.max(total, Math.round(parsed[0].Plan['Plan Rows']));
  if (cache.size >= MAX_CACHED_ESTIMATES) cache.delete(cache.keys().next().value!);
  cache.set(key, { total: estimate, until: Date.now() + ESTIMATE_TTL_MS });
  return { total: estimate, estimated: true };
}
