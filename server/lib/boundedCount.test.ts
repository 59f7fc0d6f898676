import { gt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_CACHES } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { boundedCount, EXACT_COUNT_LIMIT, keepEstimatesFor, preparedCount } from './boundedCount';

/**
 * A list's total: exact up to EXACT_COUNT_LIMIT matching rows, PostgreSQL's estimate beyond it (never
 * below the rows actually counted), each estimate kept 30 seconds per query and values, at most 500 kept.
 */

const counted = pgTable('counted_rows', { n: integer('n').notNull(), twin: integer('twin').notNull() });

let database: DatabaseHandle;
const db = () => database.db;
/** The rows above `floor`, in `of` (the test's database unless another is given). */
const above = (floor: number, of: Database = db()) =>
  preparedCount(of, 'counted rows above a floor', { floor }, (withPlaceholders) =>
    of
      .select({ n: counted.n })
      .from(counted)
      .where(gt(counted.n, withPlaceholders ? sql.placeholder('floor') : floor))
      .$dynamic(),
  );

async function fill(from: number, to: number) {
  await db().execute(sql`insert into counted_rows (n, twin) select n, n from generate_series(${from}::int, ${to}::int) n`);
  await db().execute(sql`analyze counted_rows`);
}

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await db().execute(sql`create table counted_rows (n integer not null, twin integer not null)`);
  await fill(1, 5000);
});
afterAll(() => database.close());
afterEach(() => jest.restoreAllMocks());

test('counts exactly up to the limit, the limit itself included', async () => {
  expect(EXACT_COUNT_LIMIT).toBe(1000);
  expect(await boundedCount(db(), above(5000 - 37))).toEqual({ total: 37, estimated: false });
  expect(await boundedCount(db(), above(4000))).toEqual({ total: 1000, estimated: false });
  expect(await boundedCount(db(), above(5000))).toEqual({ total: 0, estimated: false });
});

test("one row past the limit is the planner's estimate, marked as estimated", async () => {
  // After ANALYZE the planner knows the table's 5,000 rows; every row matches n > -1.
  expect(await boundedCount(db(), above(-1))).toEqual({ total: 5000, estimated: true });
  const oneOver = await boundedCount(db(), above(3999));
  expect(oneOver.estimated).toBe(true);
  expect(oneOver.total).toBeGreaterThanOrEqual(1001);
});

test('an estimate below the rows counted gives way to the count', async () => {
  // The planner guesses n = twin matches a small share of the rows; all 5,000 match, 1,001 are counted.
  const everyTwin = preparedCount(db(), 'every twin', {}, () =>
    db()
      .select({ n: counted.n })
      .from(counted)
      .where(sql`${counted.n} = ${counted.twin}`)
      .$dynamic(),
  );
  const explained = (await db().execute(sql`explain (format json) ${everyTwin.rows()}`)) as unknown as {
    rows: Array<{ 'QUERY PLAN': unknown }>;
  };
  const plan = explained.rows[0]['QUERY PLAN'];
  const planRows = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'];
  expect(planRows).toBeLessThan(1001);
  expect(await boundedCount(db(), everyTwin)).toEqual({ total: 1001, estimated: true });
});

test('a query is built only for an estimate, which is kept under its key', async () => {
  const rows = jest.fn(above(-1).rows);
  const few = { key: 'prepared: few', countUpTo: jest.fn(async (limit: number) => Math.min(limit, 37)), rows };
  expect(await boundedCount(db(), few)).toEqual({ total: 37, estimated: false });
  expect(few.countUpTo).toHaveBeenCalledWith(EXACT_COUNT_LIMIT + 1);
  expect(rows).not.toHaveBeenCalled();

  const many = { key: 'prepared: many', countUpTo: jest.fn(async (limit: number) => limit), rows };
  expect(await boundedCount(db(), many)).toEqual({ total: 5000, estimated: true });
  expect(await boundedCount(db(), many)).toEqual({ total: 5000, estimated: true });
  expect(many.countUpTo).toHaveBeenCalledTimes(1);
  expect(rows).toHaveBeenCalledTimes(1);
});

describe('kept estimates', () => {
  // Kept from 5,000 rows, or asked afresh once 10,000 are there (the planner says about 10,000).
  async function answerOf(floor: number) {
    const { total, estimated } = await boundedCount(db(), above(floor));
    expect(estimated).toBe(true);
    if (total === 5000) return 'kept';
    return total > 9000 ? 'fresh' : `unexpected ${total}`;
  }
  let now: number;
  beforeEach(() => {
    now = Date.parse('2026-11-26T12:00:00Z') + Math.floor(Math.random() * 1e9);
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  test('are reused for 30 seconds per query and values, then asked again', async () => {
    await database.db.execute(sql`truncate counted_rows`);
    await fill(1, 5000);
    expect(await boundedCount(db(), above(-2))).toEqual({ total: 5000, estimated: true });
    await fill(5001, 10000);

    now += 29_999;
    expect(await answerOf(-2)).toBe('kept');
    // Other values are another query: asked afresh.
    expect(await answerOf(-3)).toBe('fresh');
    now += 1;
    expect(await answerOf(-2)).toBe('fresh');
  });

  test('are kept as long as the database is told, and not at all for 0 (COUNT_ESTIMATE_TTL_MS)', async () => {
    await database.db.execute(sql`truncate counted_rows`);
    await fill(1, 5000);
    try {
      keepEstimatesFor(db(), 5_000);
      expect(await answerOf(-6)).toBe('kept');
      await fill(5001, 10000);
      now += 4_999;
      expect(await answerOf(-6)).toBe('kept');
      now += 1;
      expect(await answerOf(-6)).toBe('fresh');

      keepEstimatesFor(db(), 0);
      const explains = jest.spyOn(db(), 'execute');
      expect(await answerOf(-7)).toBe('fresh');
      expect(await answerOf(-7)).toBe('fresh');
      expect(explains).toHaveBeenCalledTimes(2);
    } finally {
      keepEstimatesFor(db(), DEFAULT_CACHES.estimateTtlMs);
    }
  });

  test('are at most 500: the 501st pushes out the oldest', async () => {
    await database.db.execute(sql`truncate counted_rows`);
    await fill(1, 5000);
    // Fresh keys (floors unused elsewhere), enough to fill the store whatever it kept before.
    const floors = Array.from({ length: 501 }, (_, i) => -1000 - i);
    for (const floor of floors) await boundedCount(db(), above(floor));
    await fill(5001, 10000);

    // The first of the 501 was pushed out; the second is kept, then pushed out by the first's return.
    expect(await answerOf(floors[1])).toBe('kept');
    expect(await answerOf(floors[0])).toBe('fresh');
    expect(await answerOf(floors[500])).toBe('kept');
    expect(await answerOf(floors[1])).toBe('fresh');
  });

  test('are kept per database', async () => {
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
    try {
      await other.db.execute(sql`create table counted_rows (n integer not null, twin integer not null)`);
      await other.db.execute(sql`insert into counted_rows (n, twin) select n, n from generate_series(1, 2000) n`);
      await other.db.execute(sql`analyze counted_rows`);
      expect(await boundedCount(db(), above(-5))).toEqual({ total: expect.any(Number), estimated: true });
      expect(await boundedCount(other.db, above(-5, other.db))).toEqual({ total: 2000, estimated: true });
    } finally {
      await other.close();
    }
  });
});
