import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { professionals } from '../db/schema';
import { readPageByIds } from './preparedList';

/** readPageByIds: the page's ids first, then their rows, in the ids' order, each query built once per shape. */

const dialect = new PgDialect();

/** A database handle of its own (shapes are kept per handle): ids and rows answered as given, each build and execution recorded. */
function fakePage(pageIds: number[], rowIds: number[]) {
  const db = {} as Database;
  const built: string[] = [];
  const executed: Array<{ query: string; values: Record<string, unknown> }> = [];
  const preparable = <Row>(query: string, answer: Row[]) => ({
    getSQL: () => sql.raw(query),
    prepare: () => ({
      execute: async (values?: Record<string, unknown>) => {
        executed.push({ query, values: values! });
        return answer;
      },
    }),
  });
  const build = {
    ids: () => {
      built.push('ids');
      return preparable(
        'ids',
        pageIds.map((id) => ({ id })),
      );
    },
    rows: (ids: SQL) => {
      built.push(`rows where ${dialect.sqlToQuery(ids).sql}`);
      return preparable(
        'rows',
        rowIds.map((id) => ({ id, name: `row ${id}` })),
      );
    },
  };
  const read = (offset: number) =>
    readPageByIds(db, 'list: nome', { nome: '%a%' }, { limit: 3, offset }, { ...build, id: professionals.id });
  return { built, executed, read };
}

it("reads the page's ids, then their rows, put back in the ids' order", async () => {
  const page = fakePage([7, 3, 9], [3, 9, 7]);
  expect((await page.read(20)).map((row) => row.id)).toEqual([7, 3, 9]);
  expect(page.executed).toEqual([
    { query: 'ids', values: { nome: '%a%', limit: 3, offset: 20 } },
    { query: 'rows', values: { ids: [7, 3, 9] } },
  ]);
  expect(page.built).toEqual(['ids', 'rows where "professionals"."id" = any($1::int[])']);
});

it('builds each query once per shape, and the first rows without an offset', async () => {
  const page = fakePage([1, 2], [2, 1]);
  await page.read(0);
  await page.read(0);
  await page.read(10);
  // The ids at an offset are a text of their own (readPreparedPage); the rows by ids are one text.
  expect(page.built).toEqual(['ids', 'rows where "professionals"."id" = any($1::int[])', 'ids']);
});

it('reads no rows when the page has no ids', async () => {
  const page = fakePage([], []);
  expect(await page.read(30)).toEqual([]);
  expect(page.executed.map((execution) => execution.query)).toEqual(['ids']);
});
