import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startAdminPortal } from '../test/demoPortal';
import { sqlRows, uuidsPageByPage } from '../test/helpers';

/**
 * Deep pages of the referrals list: past the first thousand rows, a page before the middle is read
 * forward and one past it from the end, in the reverse order (pageOfCountedList). 2,200 extra
 * referrals, their times repeating every 700 (so ties fall to the id), make pages deep enough.
 */
const EXTRA_REFERRALS = 2_200;
const PAGE_SIZE = 100;

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
  await app.db.execute(sql`
    insert into referrals (beneficiary_id, specialty_id, status, created_at)
    select holder.id, (select min(id) from specialties),
      (array['PENDING', 'COMPLETED', 'NON_SCHEDULABLE'])[1 + n % 3],
      now() - (n % 700) * interval '1 minute'
    from generate_series(1, ${EXTRA_REFERRALS}) as n
    cross join lateral (select id from beneficiaries order by id offset (n % 50) limit 1) as holder`);
});
afterAll(() => app.close());

/** Every referral's uuid page after page, as the screen pages through them. */
const walk = (sort: string) =>
  uuidsPageByPage(app, admin, (page) => `/api/appointments/referrals?page=${page}&pageSize=${PAGE_SIZE}${sort}`, PAGE_SIZE);

describe('GET /api/appointments/referrals, deep pages', () => {
  it.each([
    ['newest first (no sort)', '', sql`r.created_at desc, r.id desc`],
    ['oldest first', '&sort=criadoEm:asc', sql`r.created_at asc, r.id desc`],
    ['by patient', '&sort=beneficiario:asc', sql`b.name_key asc, r.id desc`],
    ['by CPF, descending', '&sort=cpf:desc', sql`b.cpf desc, r.id desc`],
    ['by status', '&sort=status:asc', sql`r.status asc, r.id desc`],
  ])('gives every referral once, in order, from the first page to the last: %s', async (_case, sort, order) => {
    const expected = await sqlRows<{ uuid: string }>(
      app,
      sql`select r.uuid from referrals r join beneficiaries b on b.id = r.beneficiary_id order by ${order}`,
    );
    expect(expected.length).toBeGreaterThan(EXTRA_REFERRALS);
    expect(await walk(sort)).toEqual(expected.map((row) => row.uuid));
  });
});
