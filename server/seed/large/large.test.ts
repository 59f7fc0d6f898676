import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { sales } from '../../db/schema';
import { boundedCount, EXACT_COUNT_LIMIT, preparedCount } from '../../lib/boundedCount';
import { isValidCpf } from '../../../src/domain/documents';
import { createTestApp, injectAs, loginAsDemo, sqlRows } from '../../test/helpers';
import { seedLarge, type SeedStep } from '.';
import { SEED_SIZES } from './sizes';

const size = SEED_SIZES.test;
let app: FastifyInstance;
let admin: string;
const steps: SeedStep[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await seedLarge(app.db, app.passwords, size, (step) => steps.push(step));
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

const countOf = async (table: string) =>
  Number((await sqlRows<{ total: number }>(app, sql.raw(`select count(*)::int as total from ${table}`)))[0].total);

describe('seed at size (test size)', () => {
  it('creates every table at the size asked, reporting each step', async () => {
    expect(await countOf('partners')).toBe(size.partners);
    expect(await countOf('branches')).toBe(size.branches);
    expect(await countOf('resellers')).toBe(size.resellers);
    expect(await countOf('beneficiaries')).toBe(size.beneficiaries);
    expect(await countOf('beneficiaries where holder_id is not null')).toBe(size.beneficiaries / 4);
    expect(await countOf('sales')).toBe(size.sales);
    expect(await countOf('professionals')).toBe(size.professionals);
    expect(await countOf('appointments')).toBe(size.appointments);
    expect(await countOf('referrals')).toBe(size.referrals);
    expect(await countOf('audit_log')).toBe(size.auditEntries);
    expect(steps.map((step) => step.table)).toEqual(expect.arrayContaining(['sales', 'appointments', 'beneficiaries (holders)']));
  });

  it('gives a third of the holders one dependent sold by the same reseller', async () => {
    const holders = size.beneficiaries - size.beneficiaries / 4;
    expect(await countOf('(select distinct holder_id from beneficiaries where holder_id is not null) h')).toBe(holders / 3);
    expect(
      await countOf('beneficiaries d join beneficiaries h on h.id = d.holder_id where d.reseller_id is distinct from h.reseller_id'),
    ).toBe(0);
  });

  it('gives every beneficiary, reseller and professional a CPF with valid check digits', async () => {
    const cpfs = await sqlRows<{ cpf: string }>(
      app,
      sql`select cpf from beneficiaries union all select cpf from resellers union all select cpf from professionals`,
    );
    expect(cpfs).toHaveLength(size.beneficiaries + size.resellers + size.professionals);
    expect(cpfs.filter(({ cpf }) => !isValidCpf(cpf))).toEqual([]);
  });

  it('spreads sales over the months and keeps them tied to the buyer’s reseller', async () => {
    const [span] = await sqlRows<{ months: number }>(
      app,
      sql`select count(distinct date_trunc('month', data_hora))::int as months from sales`,
    );
    expect(span.months).toBeGreaterThanOrEqual(size.months);
    expect(
      await countOf('sales s join beneficiaries b on b.id = s.beneficiary_id where s.reseller_id is distinct from b.reseller_id'),
    ).toBe(0);
  });

  it('serves the lists and the report on the seeded data, paged', async () => {
    const holders = size.beneficiaries - size.beneficiaries / 4;
    const beneficiaries = await injectAs(app, admin, { method: 'GET', url: '/api/beneficiaries?page=1&pageSize=10' });
    expect(beneficiaries.statusCode).toBe(200);
    expect(beneficiaries.headers['x-total-count']).toBe(String(holders));

    const [{ name }] = await sqlRows<{ name: string }>(
      app,
      sql`select name from beneficiaries where holder_id is null order by id limit 1`,
    );
    const filtered = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/beneficiaries?page=1&name=${encodeURIComponent(name.split(' ')[1])}`,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().length).toBeGreaterThan(0);

    for (const url of ['/api/professionals?page=1', '/api/resellers?page=1', '/api/appointments?page=1&status=SCHEDULED']) {
      const response = await injectAs(app, admin, { method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
    }

    const report = await injectAs(app, admin, { method: 'GET', url: '/api/reports/sales?page=1' });
    expect(report.statusCode).toBe(200);
    const [{ paid }] = await sqlRows<{ paid: number }>(
      app,
      sql`select count(*)::int as paid from sales where status = 'paid' and reseller_id is not null`,
    );
    expect(report.json().summary.count).toBe(paid);
  });

  it('counts up to a thousand rows exactly and estimates beyond (O(limit), not O(table))', async () => {
    const agenda = await injectAs(app, admin, { method: 'GET', url: '/api/appointments?page=1' });
    expect(Number(agenda.headers['x-total-count'])).toBe(await countOf(`appointments where status <> 'CANCELED'`));

    const paid = await countOf(`sales where status = 'paid'`);
    expect(paid).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const paidSales = preparedCount(app.db, 'paid sales', {}, () =>
      app.db.select({ id: sales.id }).from(sales).where(eq(sales.status, 'paid')).$dynamic(),
    );
    const { total: estimate, estimated } = await boundedCount(app.db, paidSales);
    expect(estimated).toBe(true);
    expect(estimate).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(estimate - paid) / paid).toBeLessThan(0.1);
  });

  it('pages the agenda in its default order (coming first, then past) the same whatever the page size', async () => {
    const walk = async (pageSize: number) => {
      const ids: number[] = [];
      let total = 0;
      for (let page = 1; page === 1 || ids.length < total; page++) {
        const response = await injectAs(app, admin, { method: 'GET', url: `/api/appointments?page=${page}&pageSize=${pageSize}` });
        total = Number(response.headers['x-total-count']);
        const items = response.json() as Array<{ id: number }>;
        if (!items.length) break;
        ids.push(...items.map((appointment) => appointment.id));
      }
      return { ids, total };
    };
    const byHundred = await walk(100);
    expect(byHundred.ids.length).toBeGreaterThan(150);
    expect(byHundred.ids).toHaveLength(byHundred.total);
    expect((await walk(70)).ids).toEqual(byHundred.ids);
  });
});
