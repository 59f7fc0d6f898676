import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';
import { countQueries } from '../test/queryCounter';
import { partsInOneStatement, type StatementPart } from './statementParts';

/** Several selects in one statement (the sales report's figures): their answers, their order, their values. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** The numbers from `from` to `to` (placeholders), biggest first, with a numeric each a tenth of it. */
const series: StatementPart = {
  shape: 'a series, biggest first',
  build: () =>
    sql`select n, n / 10.0 as tenth from generate_series(${sql.placeholder('from')}::int, ${sql.placeholder('to')}::int) as n order by n desc`,
  columns: ['n', 'tenth'],
  answer: 'rows',
  values: { from: 1, to: 4 },
};

/** One row of sums over the same numbers, whose numeric total must stay exact to the cent. */
const sums: StatementPart = {
  shape: 'sums of a series',
  build: () =>
    sql`select count(*)::int, coalesce(sum(n * 0.10), 0) from generate_series(${sql.placeholder('from')}::int, ${sql.placeholder('to')}::int) as n`,
  columns: ['count', 'total'],
  answer: 'row',
  values: { from: 1, to: 4 },
};

describe('partsInOneStatement', () => {
  it("answers each part in one statement: rows in their select's order, one row as an object", async () => {
    const queries = countQueries(app);
    const answer = await partsInOneStatement(app.db, 'test', { series, sums }).finally(() => queries.restore());
    expect(queries.count).toBe(1);
    expect(answer).toEqual({
      series: [
        { n: 4, tenth: 0.4 },
        { n: 3, tenth: 0.3 },
        { n: 2, tenth: 0.2 },
        { n: 1, tenth: 0.1 },
      ],
      sums: { count: 4, total: 1 },
    });
  });

  it('answers a part without rows as an empty list, and its sums as zero', async () => {
    const none = { from: 5, to: 4 };
    const answer = await partsInOneStatement(app.db, 'test', { series: { ...series, values: none }, sums: { ...sums, values: none } });
    expect(answer).toEqual({ series: [], sums: { count: 0, total: 0 } });
  });

  it('reuses one text per combination of shapes, each execution with its own values', async () => {
    for (const to of [2, 3]) {
      const answer = await partsInOneStatement(app.db, 'test', { sums: { ...sums, values: { from: 1, to } } });
      expect(answer).toEqual({ sums: { count: to, total: to === 2 ? 0.3 : 0.6 } });
    }
  });

  it('refuses a placeholder given two values by two parts, sending nothing', async () => {
    const queries = countQueries(app);
    const asked = partsInOneStatement(app.db, 'test', { series, sums: { ...sums, values: { from: 2, to: 4 } } });
    await expect(asked.finally(() => queries.restore())).rejects.toThrow("Placeholder 'from' has two values in one statement.");
    expect(queries.count).toBe(0);
  });
});
