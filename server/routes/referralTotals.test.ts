import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { insertBeneficiary, specialtyByName } from '../test/careFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs, sqlRows, uuidsPageByPage } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * The referrals' total without filters, or by status alone, is the database's own count per status
 * (migration 0029): exact at any size, and no statement counts the referrals. 1,200 referrals of one
 * patient (statuses in turn) make the list long enough to be estimated otherwise.
 */
const REFERRALS = 1_200;
const PAGE_SIZE = 100;
const PATIENT = 'Paciente Totais Encaminhamentos';

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
  const patient = await insertBeneficiary(app.db, { name: PATIENT });
  const specialty = await specialtyByName(app.db, 'Cardiologia');
  await app.db.execute(sql`
    insert into referrals (beneficiary_id, specialty_id, status, created_at, updated_at)
    select ${patient.id}, ${specialty.id}, (array['PENDING', 'NON_SCHEDULABLE', 'COMPLETED'])[1 + n % 3],
           now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, ${REFERRALS}) as n`);
});
afterAll(() => app.close());

/** Every referral the list shows (under `status` alone, when given), newest first. */
const everyListed = (status?: string) =>
  sqlRows<{ uuid: string }>(
    app,
    sql`select uuid from referrals where ${status === undefined ? sql`true` : sql`status = ${status}`} order by created_at desc, id desc`,
  );

async function readPage(query: string, page = 1) {
  const queries = countQueries(app);
  try {
    const response = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/appointments/referrals?page=${page}&pageSize=${PAGE_SIZE}${query}`,
    });
    expect(response.statusCode).toBe(200);
    return {
      total: Number(response.headers['x-total-count']),
      estimated: response.headers['x-total-estimated'],
      countsReferrals: queries.statements.some((statement) => /count\(\*\)|^explain/.test(statement)),
      readsMaintainedCounts: queries.statements.filter((statement) => /"referral_counts"/.test(statement)).length,
      // The statements that read the referrals, in order.
      onReferrals: queries.statements.filter((statement) => /"referral(s|_counts)"/.test(statement)),
    };
  } finally {
    queries.restore();
  }
}

describe('GET /api/appointments/referrals, totals from the maintained counts', () => {
  it.each([
    ['without filters', '', undefined],
    ['by status', '&status=COMPLETED', 'COMPLETED'],
  ])('gives the exact total %s, counting nothing', async (_case, query, status) => {
    const expected = await everyListed(status);
    expect(expected.length).toBeGreaterThan(status ? 300 : REFERRALS);
    expect(await readPage(query)).toMatchObject({
      total: expected.length,
      estimated: undefined,
      countsReferrals: false,
      readsMaintainedCounts: 1,
    });
  });

  // Page 11 starts past the first thousand referrals and nearer the end: read from it, in the same statement.
  it.each([
    ['without filters', '', 1, '"referrals"'],
    ['by status', '&status=COMPLETED', 1, '"referrals"."status" = '],
    ['without filters, on a deep page', '', 11, '"referrals"'],
  ])("asks the maintained total %s in the statement of the page's ids, then reads their rows", async (_case, query, page, idsCondition) => {
    const { onReferrals } = await readPage(query, page);
    expect(onReferrals).toHaveLength(2);
    expect(onReferrals[0]).toMatch(/"referral_counts"/);
    expect(onReferrals[0]).toContain(idsCondition);
    expect(onReferrals[1]).toMatch(/"referrals"\."id" = any\(/);
  });

  it('counts the rows under any other filter, beside the status too', async () => {
    const [{ completed }] = await sqlRows<{ completed: number }>(
      app,
      sql`select count(*)::int as completed from referrals r join beneficiaries b on b.id = r.beneficiary_id
          where b.name = ${PATIENT} and r.status = 'COMPLETED'`,
    );
    const filtered = await readPage(`&status=COMPLETED&busca=${encodeURIComponent(PATIENT)}`);
    expect(filtered).toMatchObject({ total: completed, estimated: undefined, countsReferrals: true, readsMaintainedCounts: 0 });
  });

  it('gives every referral once, newest first, from the first page to the last, without filters', async () => {
    const expected = await everyListed();
    const listed = await uuidsPageByPage(app, admin, (page) => `/api/appointments/referrals?page=${page}&pageSize=${PAGE_SIZE}`, PAGE_SIZE);
    expect(listed).toEqual(expected.map((row) => row.uuid));
  });

  it('follows a new referral, a change of status and a deletion', async () => {
    const before = (await readPage('')).total;
    const completed = (await readPage('&status=COMPLETED')).total;
    const [{ id }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into referrals (beneficiary_id, specialty_id, status)
          select beneficiary_id, specialty_id, 'PENDING' from referrals order by id limit 1 returning id`,
    );
    expect((await readPage('')).total).toBe(before + 1);
    await app.db.execute(sql`update referrals set status = 'COMPLETED' where id = ${id}`);
    expect((await readPage('&status=COMPLETED')).total).toBe(completed + 1);
    await app.db.execute(sql`delete from referrals where id = ${id}`);
    expect(await readPage('')).toMatchObject({ total: before, estimated: undefined });
    expect((await readPage('&status=COMPLETED')).total).toBe(completed);
  });
});
