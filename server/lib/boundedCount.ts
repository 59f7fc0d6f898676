import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { DEFAULT_CACHES } from '../config';
import type { Database } from '../db/client';
import { oncePerShape } from '../db/queryShapes';

/** Up to this many matching rows are counted exactly; beyond it the planner's estimate is the total. */
export const EXACT_COUNT_LIMIT = 1000;
const MAX_CACHED_ESTIMATES = 500;

interface ExplainRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string;
}

/** A list's total, and whether it is the planner's estimate (shown as "cerca de 75.000"). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

interface Estimates {
  ttlMs: number;
  byQuery: Map<string, { total: number; until: number }>;
}

const estimates = new WeakMap<Database, Estimates>();

function estimatesOf(db: Database): Estimates {
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = { ttlMs: DEFAULT_CACHES.estimateTtlMs, byQuery: new Map() }));
  return kept;
}

/** How long `db`'s estimates are reused; 0 asks the planner every time (the benchmark's cache misses). */
export function keepEstimatesFor(db: Database, ttlMs: number): void {
  const kept = estimatesOf(db);
  kept.ttlMs = ttlMs;
  kept.byQuery.clear();
}

/**
 * A list's rows, for boundedCount: counted by a query prepared once per shape (db/queryShapes.ts),
 * and built as SQL only for EXPLAIN, when the count passes the limit.
 */
export interface PreparedCount {
  /** Names the query's text and its values: the key its estimate is kept under. */
  key: string;
  /** How many rows the query returns, `limit` at most: `select count(*) from (<query> limit $n) "capped"`. */
  countUpTo(limit: number): Promise<number>;
  /** The query (a fresh SELECT without ORDER BY/LIMIT, built with its values), for EXPLAIN. */
  rows(): PgSelect;
}

/**
 * The PreparedCount of a list's rows under `shape` (which names the query's text, as for
 * oncePerShape): `ids(true)` selects them with a prepared query's placeholders, `ids(false)` with
 * `values`, for EXPLAIN.
 */
export function preparedCount(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  ids: (withPlaceholders: boolean) => PgSelect,
): PreparedCount {
  return {
    key: `${shape}\u0000${JSON.stringify(values)}`,
    async countUpTo(limit) {
      const counted = oncePerShape(db, `${shape}; counted up to a limit`, () =>
        db.select({ total: count() }).from(ids(true).limit(sql.placeholder('limit')).as('capped')),
      );
      const [{ total }] = await counted.execute({ ...values, limit });
      return total;
    },
    rows: () => ids(false),
  };
}

/**
 * The number of rows `query` holds, in O(limit) rather than O(table): counting stops after EXACT_COUNT_LIMIT + 1 rows, and a larger total is PostgreSQL's
 * own estimate (EXPLAIN's row count, from the statistics ANALYZE keeps), reused for a while (keepEstimatesFor).
 * Small lists, and every filtered list that narrows to a few hundred rows, stay exact; a list of
 * 75,000 shows "about 75,000" (`estimated`). `atLeast` is a number of rows the caller knows the query
 * returns (a name filter's probe of its matches): past EXACT_COUNT_LIMIT nothing is counted, the
 * estimate answers, never below it.
 */
export async function boundedCount(db: Database, query: PreparedCount, atLeast = 0): Promise<ListTotal> {
  const { ttlMs, byQuery: cache } = estimatesOf(db);
  const cached = cache.get(query.key);
  if (cached && cached.until > Date.now()) return { total: cached.total, estimated: true };

  let total = atLeast;
  if (atLeast <= EXACT_COUNT_LIMIT) {
    total = await query.countUpTo(EXACT_COUNT_LIMIT + 1);
    if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  }
  const result = (await db.execute(sql`explain (format json) ${query.rows()}`)) as unknown as { rows: ExplainRow[] };
  const plan = result.rows[0]['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<ExplainRow['QUERY PLAN'], string>) : plan;
  const estimate = Math.max(total, Math.round(parsed[0].Plan['Plan Rows']));
  if (ttlMs > 0) {
    if (cache.size >= MAX_CACHED_ESTIMATES) cache.delete(cache.keys().next().value!);
    cache.set(query.key, { total: estimate, until: Date.now() + ttlMs });
  }
  return { total: estimate, estimated: true };
}
