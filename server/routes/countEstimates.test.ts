import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CACHES } from '../config';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * A list's estimated total ('cerca de', past a thousand rows: lib/boundedCount.ts) is the planner's,
 * reused for the same filters for COUNT_ESTIMATE_TTL_MS. The benchmark's cache misses set it to 0,
 * so that every request asks the planner as a user with filters of their own would.
 */
const MATCHING_HOLDERS = 1_200;

async function portalKeepingEstimatesFor(estimateTtlMs: number) {
  const app = await createTestApp({ seed: true, config: { caches: { ...DEFAULT_CACHES, estimateTtlMs } } });
  await app.db.execute(sql`
    insert into beneficiaries (name, cpf, partner_id)
    select 'Estimativa ' || n, lpad((72000000000 + n)::text, 11, '0'), (select min(id) from partners)
    from generate_series(1, ${MATCHING_HOLDERS}) as n`);
  await app.db.execute(sql`analyze beneficiaries`);
  return { app, admin: await loginAsDemo(app, 'ADMINISTRADOR') };
}

/** The name filter's answer twice in a row, with the EXPLAINs each sent. */
async function askedTwice(app: FastifyInstance, admin: string) {
  const answers = [];
  for (let time = 0; time < 2; time++) {
    const queries = countQueries(app);
    try {
      const response = await injectAs(app, admin, { method: 'GET', url: '/api/beneficiaries?page=1&name=Estimativa' });
      expect(response.statusCode).toBe(200);
      answers.push({
        estimated: response.headers['x-total-estimated'],
        total: Number(response.headers['x-total-count']),
        explains: queries.statements.filter((statement) => /^explain/.test(statement)).length,
      });
    } finally {
      queries.restore();
    }
  }
  return answers;
}

describe("a large list's estimated total", () => {
  it('is asked once and reused for the same filters by default', async () => {
    const { app, admin } = await portalKeepingEstimatesFor(DEFAULT_CACHES.estimateTtlMs);
    try {
      const [first, second] = await askedTwice(app, admin);
      expect(first).toMatchObject({ estimated: 'true', explains: 1 });
      expect(first.total).toBeGreaterThan(1000);
      expect(second).toEqual({ ...first, explains: 0 });
    } finally {
      await app.close();
    }
  });

  it('is asked on every request with COUNT_ESTIMATE_TTL_MS=0', async () => {
    const { app, admin } = await portalKeepingEstimatesFor(0);
    try {
      const [first, second] = await askedTwice(app, admin);
      expect(first).toMatchObject({ estimated: 'true', explains: 1 });
      expect(second).toEqual(first);
    } finally {
      await app.close();
    }
  });
});
