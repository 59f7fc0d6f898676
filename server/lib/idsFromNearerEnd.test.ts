import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';
import { idsFromNearerEndBesideTotal } from './idsFromNearerEnd';

/**
 * A deep page's ids from the nearer end of its list, beside the list's total, in one statement: the
 * ids of a table of 2,500 rows (1 to 2,500), each read of it noted by the direction that read it.
 */
const ROWS = 2_500;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.db.execute(sql`create table nearer_end_rows (id int primary key)`);
  await app.db.execute(sql`insert into nearer_end_rows select n from generate_series(1, ${ROWS}) as n`);
  await app.db.execute(sql`create table nearer_end_reads (direction text not null)`);
  // Called for each row a direction's scan reads: a scan that never runs notes nothing.
  await app.db.execute(sql`
    create function nearer_end_read(direction text) returns boolean language sql volatile
    as $$ insert into nearer_end_reads values (direction) returning true $$`);
});
afterAll(() => app?.close());

/** The page at `offset` (`limit` rows), the directions that read rows for it, and the statements sent. */
async function readPage(offset: number, limit = 10) {
  await app.db.execute(sql`truncate nearer_end_reads`);
  const queries = countQueries(app);
  const answer = await idsFromNearerEndBesideTotal(
    app.db,
    'test rows',
    { floor: 0 },
    { limit, offset },
    (reversed, cut) =>
      sql`select id from nearer_end_rows where id > ${sql.placeholder('floor')}::int and nearer_end_read(${reversed ? 'reversed' : 'forward'})
          order by id ${reversed ? sql`desc` : sql`asc`} limit ${cut.limit} offset ${cut.offset}`,
    {
      shape: 'every test row',
      build: () => sql`select count(*) from nearer_end_rows where id > ${sql.placeholder('floor')}::int`,
      values: { floor: 0 },
    },
  ).finally(() => queries.restore());
  const reads = await sqlRows<{ direction: string }>(app, sql`select distinct direction from nearer_end_reads`);
  return { ...answer, directions: reads.map((read) => read.direction), statements: queries.count };
}

/** The ids from `from` to `to`, both included. */
const idsFrom = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

describe('idsFromNearerEndBesideTotal', () => {
  it('reads a page before the middle forward, in one statement with the total, the other end never read', async () => {
    for (const offset of [1_000, 1_245]) {
      const page = await readPage(offset);
      expect(page).toEqual({ ids: idsFrom(offset + 1, offset + 10), total: ROWS, directions: ['forward'], statements: 1 });
    }
  });

  it("reads a page past the middle from the end, in the list's order, the start never read", async () => {
    for (const offset of [1_246, 2_000, 2_490]) {
      const page = await readPage(offset);
      expect(page).toEqual({ ids: idsFrom(offset + 1, offset + 10), total: ROWS, directions: ['reversed'], statements: 1 });
    }
  });

  it('cuts a last page shorter than the limit to the rows left', async () => {
    expect(await readPage(2_495)).toMatchObject({ ids: idsFrom(2_496, 2_500), total: ROWS });
    expect(await readPage(2_499, 50)).toMatchObject({ ids: [2_500], total: ROWS });
  });

  it('answers no ids for a page past the end, reading none, with the total', async () => {
    for (const offset of [ROWS, ROWS + 1_000])
      expect(await readPage(offset)).toEqual({ ids: [], total: ROWS, directions: [], statements: 1 });
  });
});
