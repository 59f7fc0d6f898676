import { and, asc, count, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Database } from '../../db/client';
import { lastMonths, REPORT_TIME_ZONE, type SalesReport, type SalesSummary } from '../../../src/domain/report';
import { branches, partners, resellers, sales } from '../../db/schema';
import { createTestApp, injectAs, loginAsDemo, sqlRows } from '../../test/helpers';
import { countQueries } from '../../test/queryCounter';
import type { Principal } from '../auth/tokens';
import { channelConditions, reportValues, saleConditions, saleValues, type SalesReportFilters } from './reportConditions';
import { salesReport } from './salesReport';
import { salesTotals } from './salesTotals';

/**
 * The rollup (the triggers of migrations 0007, 0021, 0022 and 0025, per payment method since 0023) against the
 * sales themselves: after inserts, updates, deletes and resellers changing partner, every figure of the
 * report equals a direct aggregate over `sales`, to the cent, for every scope and filter (the payment
 * method's included: it reads the rollup too), and the rollup tables equal their recomputation.
 */

let app: FastifyInstance;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-01 02:30 UTC = 2026-02-28 23:30 in São Paulo: the 30-day window starts late on 2026-01-29. */
const LATE_EVENING = new Date('2026-03-01T02:30:00Z');
/** 2026-03-01 03:10 UTC = 2026-03-01 00:10 in São Paulo: the windows start just after midnight. */
const JUST_AFTER_MIDNIGHT = new Date('2026-03-01T03:10:00Z');

const ids = { p1: 0, p2: 0, b1: 0, b2: 0, b3: 0, r1: 0, r2: 0, r3: 0, r4: 0 };

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  const [p1, p2] = await app.db
    .insert(partners)
    .values([
      { nome: 'Parceiro Rollup A', cnpj: '11222333000181', email: 'rollup-a@x.com', passwordHash: 'x' },
      { nome: 'Parceiro Rollup B', cnpj: '11444777000161', email: 'rollup-b@x.com', passwordHash: 'x' },
    ])
    .returning();
  const [b1, b2, b3] = await app.db
    .insert(branches)
    .values([
      { partnerId: p1.id, titulo: 'Filial A1', email: 'rollup-a1@x.com', passwordHash: 'x' },
      { partnerId: p1.id, titulo: 'Filial A2', email: 'rollup-a2@x.com', passwordHash: 'x' },
      { partnerId: p2.id, titulo: 'Filial B1', email: 'rollup-b1@x.com', passwordHash: 'x' },
    ])
    .returning();
  const reseller = (n: number, branch: typeof b1) => ({
    partnerId: branch.partnerId,
    branchId: branch.id,
    nome: `Revendedor Rollup ${n}`,
    cpf: '52998224725',
    email: `rollup-r${n}@x.com`,
    passwordHash: 'x',
  });
  const [r1, r2, r3, r4] = await app.db
    .insert(resellers)
    .values([reseller(1, b1), reseller(2, b1), reseller(3, b2), reseller(4, b3)])
    .returning();
  Object.assign(ids, { p1: p1.id, p2: p2.id, b1: b1.id, b2: b2.id, b3: b3.id, r1: r1.id, r2: r2.id, r3: r3.id, r4: r4.id });
});
afterAll(() => app.close());

/** Sales around every boundary the rollup has: São Paulo midnights and month ends, the windows' first instants. */
function boundarySales(now: Date) {
  const at = (ms: number) => new Date(now.getTime() + ms);
  const instants = [
    at(-30 * DAY - 20 * 60_000),
    at(-30 * DAY + 10 * 60_000),
    at(-30 * DAY + 5 * HOUR),
    at(-7 * DAY - 5 * 60_000),
    at(-7 * DAY + 5 * 60_000),
    at(-7 * DAY + 2 * HOUR),
    at(-HOUR),
    at(-10 * 60_000),
    at(-40 * DAY),
    at(-400 * DAY),
    new Date('2026-02-01T02:45:00Z'), // 2026-01-31 23:45 in São Paulo: January there, February in UTC
    new Date('2026-02-01T03:15:00Z'), // 2026-02-01 00:15 in São Paulo
    new Date('2026-01-01T02:59:59Z'),
  ];
  const plans = [
    ['consulta_avulsa', '39.90'],
    ['plano_individual', '44.90'],
    ['plano_individual_premium', '59.90'],
  ] as const;
  const channel = [ids.r1, ids.r2, ids.r3, ids.r4, null];
  const statuses = ['paid', 'paid', 'refunded', 'paid', 'chargeback', 'paid', 'paid'];
  return instants.flatMap((dataHora, i) =>
    channel.map((resellerId, j) => {
      const [tipo, valor] = plans[(i + j) % plans.length];
      const paymentMethod = (i + 2 * j) % 3 === 0 ? 'pix' : 'card';
      return { resellerId, tipo, valor, dataHora, paymentMethod, status: statuses[(i * 5 + j) % statuses.length] };
    }),
  );
}

/**
 * The figures as the report computed them before the rollup: aggregates over every sale in scope.
 * 'Sem revendedor' (administrators): the paid sales without a reseller, by the sales' own filters.
 */
async function directFigures(principal: Principal, filters: SalesReportFilters, now: Date) {
  const { withoutReseller } = filters;
  // Through a reseller: the scope's resellers (their current branch and partner) as a subquery, not the
  // sales' own copies of them (migration 0024), which these figures check.
  const throughScope = (more: SalesReportFilters) =>
    inArray(
      sales.resellerId,
      app.db
        .select({ id: resellers.id })
        .from(resellers)
        .where(and(...channelConditions(principal.type, reportValues(principal, more)))),
    );
  const inScope = (more: SalesReportFilters) =>
    and(...(withoutReseller ? [isNull(sales.resellerId)] : [throughScope(more)]), ...saleConditions(saleValues(more)));
  const total = sql<string>`coalesce(sum(${sales.valor}), 0)`;
  const since = (days: number) => sql`${new Date(now.getTime() - days * DAY).toISOString()}::timestamptz`;
  const monthKey = sql<string>`to_char(${sales.dataHora} at time zone '${sql.raw(REPORT_TIME_ZONE)}', 'YYYY-MM')`;
  const months = lastMonths(now);
  const [[summary], byPartner, monthly] = await Promise.all([
    app.db
      .select({
        count: count(),
        total,
        last30: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${since(30)}), 0)`,
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${since(7)}), 0)`,
      })
      .from(sales)
      .where(inScope(filters)),
    withoutReseller
      ? []
      : app.db
          .select({ partnerId: partners.id, nome_parceiro: partners.nome, count: count(), total })
          .from(sales)
          .innerJoin(resellers, eq(sales.resellerId, resellers.id))
          .innerJoin(partners, eq(resellers.partnerId, partners.id))
          .where(and(...channelConditions(principal.type, reportValues(principal, filters)), ...saleConditions(saleValues(filters))))
          .groupBy(partners.id, partners.nome)
          .orderBy(desc(total), asc(partners.nome)),
    app.db
      .select({ month: monthKey, count: count(), total })
      .from(sales)
      .where(and(inScope({ ...filters, month: undefined }), gte(monthKey, months[0])))
      .groupBy(monthKey),
  ]);
  const reais = (value: string) => Number(value);
  const byMonth = new Map(monthly.map((entry) => [entry.month, entry]));
  return {
    summary: { count: summary.count, total: reais(summary.total), last30: reais(summary.last30), last7: reais(summary.last7) },
    byPartner: byPartner.map((entry) => ({ ...entry, total: reais(entry.total) })),
    monthly: months.map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: reais(byMonth.get(month)?.total ?? '0') })),
  };
}

const principals = (): Principal[] => [
  { id: 1, type: 'ADMINISTRADOR', tokenVersion: 0 },
  { id: ids.p1, type: 'PARCEIRO', partnerId: ids.p1, tokenVersion: 0 },
  { id: ids.p2, type: 'PARCEIRO', partnerId: ids.p2, tokenVersion: 0 },
  { id: ids.b1, type: 'FILIAL', partnerId: ids.p1, branchId: ids.b1, tokenVersion: 0 },
  { id: ids.r2, type: 'REVENDEDOR', partnerId: ids.p1, branchId: ids.b1, tokenVersion: 0 },
];

const filterCases = (): SalesReportFilters[] => [
  {},
  { partner: ids.p1 },
  { partner: ids.p2, tipo: 'plano_individual' },
  { branch: ids.b1 },
  { branch: ids.b2, month: '2026-02' },
  { reseller: ids.r2 },
  { reseller: ids.r4, tipo: 'consulta_avulsa' },
  { tipo: 'plano_individual_premium' },
  { month: '2026-01' },
  { month: '2026-02' },
  { partner: ids.p1, month: '2026-01' },
  { partner: ids.p1, month: '2026-02', tipo: 'consulta_avulsa' },
  { paymentMethod: 'pix' },
  { paymentMethod: 'card', month: '2026-02' },
  { partner: ids.p1, paymentMethod: 'pix' },
  { branch: ids.b1, paymentMethod: 'card' },
  { reseller: ids.r4, tipo: 'consulta_avulsa', paymentMethod: 'pix' },
  { tipo: 'plano_individual', paymentMethod: 'card', month: '2026-01' },
];

/** The administrator's 'Sem revendedor' with each filter it combines with. */
const unattributedCases = (): SalesReportFilters[] =>
  [
    {},
    { tipo: 'consulta_avulsa' },
    { month: '2026-02' },
    { month: '2026-01', tipo: 'plano_individual' },
    { paymentMethod: 'pix' },
    { paymentMethod: 'card', month: '2026-02' },
    { paymentMethod: 'pix', tipo: 'plano_individual' },
  ].map((filters) => ({ ...filters, withoutReseller: true }));

/** Every scope × filter at both instants, and the administrator's 'Sem revendedor': the report's figures equal the direct aggregates. */
async function expectReportEqualsSales() {
  const [administrator] = principals();
  const cases = principals().flatMap((principal) => filterCases().map((filters) => ({ principal, filters })));
  cases.push(...unattributedCases().map((filters) => ({ principal: administrator, filters })));
  for (const now of [LATE_EVENING, JUST_AFTER_MIDNIGHT]) {
    for (const { principal, filters } of cases) {
      const report = await salesReport(app.db, principal, filters, { limit: 1, offset: 0 }, now);
      const expected = await directFigures(principal, filters, now);
      expect({ principal, filters, now, summary: report.summary, byPartner: report.byPartner, monthly: report.monthly }).toEqual({
        principal,
        filters,
        now,
        ...expected,
      });
    }
  }
}

/**
 * The rollup tables hold exactly their recomputation from `sales` (keys whose sales all went away may
 * stay at zero), and every sale's partner and branch are its reseller's current ones (migration 0024).
 */
async function expectRollupEqualsSales() {
  const counted = `from sales s join resellers r on r.id = s.reseller_id where s.status = 'paid'`;
  const day = `(s.data_hora at time zone '${REPORT_TIME_ZONE}')::date`;
  const pairs = [
    [
      'select reseller_id, month, tipo, payment_method, count, total from sales_reseller_months where count <> 0 or total <> 0',
      `select s.reseller_id, date_trunc('month', ${day})::date, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3, 4`,
    ],
    [
      'select partner_id, month, tipo, payment_method, count, total from sales_partner_months where count <> 0 or total <> 0',
      `select r.id_parceiro, date_trunc('month', ${day})::date, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3, 4`,
    ],
    [
      'select day, partner_id, tipo, payment_method, count, total from sales_partner_days where count <> 0 or total <> 0',
      `select ${day}, r.id_parceiro, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3, 4`,
    ],
    [
      'select partner_id, tipo, payment_method, count, total from sales_partner_totals where count <> 0 or total <> 0',
      `select r.id_parceiro, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3`,
    ],
    [
      'select month, tipo, payment_method, count, total from sales_months where count <> 0 or total <> 0',
      `select date_trunc('month', ${day})::date, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3`,
    ],
    [
      'select day, tipo, payment_method, count, total from sales_days where count <> 0 or total <> 0',
      `select ${day}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3`,
    ],
    [
      'select hour, tipo, payment_method, count, total from sales_hours where count <> 0 or total <> 0',
      `select date_trunc('hour', s.data_hora at time zone '${REPORT_TIME_ZONE}'), s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${counted} group by 1, 2, 3`,
    ],
    [
      'select id, partner_id, branch_id from sales',
      'select s.id, r.id_parceiro, r.id_filial from sales s left join resellers r on r.id = s.reseller_id',
    ],
    [
      'select month, tipo, payment_method, count, total from sales_unattributed_months where count <> 0 or total <> 0',
      `select date_trunc('month', ${day})::date, s.tipo, s.payment_method, count(*)::int, sum(s.valor) from sales s where s.status = 'paid' and s.reseller_id is null group by 1, 2, 3`,
    ],
    [
      'select day, tipo, payment_method, count, total from sales_unattributed_days where count <> 0 or total <> 0',
      `select ${day}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) from sales s where s.status = 'paid' and s.reseller_id is null group by 1, 2, 3`,
    ],
  ];
  for (const [rollup, recomputed] of pairs) {
    const difference = await sqlRows<{ n: number }>(
      app,
      sql.raw(`select count(*)::int as n from ((${rollup} except all ${recomputed}) union all (${recomputed} except all ${rollup})) d`),
    );
    expect({ rollup, difference: Number(difference[0].n) }).toEqual({ rollup, difference: 0 });
  }
  for (const table of [
    'sales_partner_days',
    'sales_partner_totals',
    'sales_hours',
    'sales_unattributed_months',
    'sales_unattributed_days',
  ]) {
    const [rows] = await sqlRows<{ n: number }>(app, sql.raw(`select count(*)::int as n from ${table} where count <> 0`));
    expect({ table, filled: Number(rows.n) > 0 }).toEqual({ table, filled: true });
  }
}

describe('the sales rollup', () => {
  it('counts a bulk insert of sales in every status, around the São Paulo month ends and the windows', async () => {
    await app.db.insert(sales).values([...boundarySales(LATE_EVENING), ...boundarySales(JUST_AFTER_MIDNIGHT)]);
    await expectRollupEqualsSales();
    await expectReportEqualsSales();
  });

  it('follows status, date, value, plan, payment method and reseller changes made in one statement or one by one', async () => {
    const ours = (
      await app.db
        .select({ id: sales.id })
        .from(sales)
        .where(inArray(sales.resellerId, [ids.r1, ids.r2, ids.r3, ids.r4]))
        .orderBy(sales.id)
    ).map((sale) => sale.id);
    const some = (offset: number, step: number) => ours.filter((_, index) => index % step === offset);
    // Refunds and chargebacks of paid sales, and refunded ones paid again, in one statement.
    await app.db
      .update(sales)
      .set({ status: sql`case ${sales.status} when 'paid' then 'refunded' when 'refunded' then 'paid' else 'chargeback' end` })
      .where(inArray(sales.id, some(0, 3)));
    await app.db.update(sales).set({ status: 'chargeback' }).where(eq(sales.id, ours[1]));
    // Across a São Paulo month end (23:45 of January 31 there), and into the windows' first days.
    await app.db
      .update(sales)
      .set({ dataHora: new Date('2026-02-01T02:45:00Z') })
      .where(inArray(sales.id, some(1, 5)));
    await app.db
      .update(sales)
      .set({ dataHora: sql`${sales.dataHora} + interval '50 minutes'` })
      .where(inArray(sales.id, some(2, 4)));
    await app.db
      .update(sales)
      .set({ valor: '12.34' })
      .where(inArray(sales.id, some(3, 6)));
    await app.db
      .update(sales)
      .set({ tipo: 'plano_individual_premium' })
      .where(inArray(sales.id, some(0, 7)));
    // Card to Pix and Pix to card in one statement, with and without a reseller.
    await app.db
      .update(sales)
      .set({ paymentMethod: sql`case ${sales.paymentMethod} when 'pix' then 'card' else 'pix' end` })
      .where(or(inArray(sales.id, some(1, 4)), isNull(sales.resellerId)));
    // To another partner's reseller, out of every reseller, and back into one.
    await app.db
      .update(sales)
      .set({ resellerId: ids.r4 })
      .where(inArray(sales.id, some(4, 8)));
    await app.db
      .update(sales)
      .set({ resellerId: null })
      .where(inArray(sales.id, some(5, 9)));
    await app.db
      .update(sales)
      .set({ resellerId: ids.r3 })
      .where(and(sql`${sales.resellerId} is null`, gte(sales.dataHora, new Date('2026-01-01T00:00:00Z'))));
    // A statement that changes nothing the report counts.
    await app.db.update(sales).set({ beneficiaryId: null }).where(inArray(sales.id, ours));
    await expectRollupEqualsSales();
    await expectReportEqualsSales();
  });

  it('follows deletes, one and many', async () => {
    const [first] = await app.db.select({ id: sales.id }).from(sales).where(eq(sales.resellerId, ids.r1)).orderBy(sales.id).limit(1);
    await app.db.delete(sales).where(eq(sales.id, first.id));
    await app.db.delete(sales).where(and(eq(sales.resellerId, ids.r2), eq(sales.tipo, 'consulta_avulsa')));
    await expectRollupEqualsSales();
    await expectReportEqualsSales();
  });

  it('moves the partner totals with a reseller that changes branch, and with a branch that changes partner', async () => {
    await app.db.update(resellers).set({ branchId: ids.b3, partnerId: ids.p2 }).where(eq(resellers.id, ids.r2));
    await expectRollupEqualsSales();
    // As the branch service does it: the branch, then its resellers in one statement.
    await app.db.update(branches).set({ partnerId: ids.p2 }).where(eq(branches.id, ids.b1));
    await app.db.update(resellers).set({ partnerId: ids.p2 }).where(eq(resellers.branchId, ids.b1));
    await expectRollupEqualsSales();
    await expectReportEqualsSales();
  });

  it('stays exact under concurrent single-sale payments', async () => {
    const now = new Date();
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        app.db.insert(sales).values({
          resellerId: [ids.r1, ids.r2, ids.r3, ids.r4][index % 4],
          tipo: 'plano_individual',
          valor: '44.90',
          dataHora: now,
        }),
      ),
    );
    await expectRollupEqualsSales();
  });

  it('answers each scope from its own rollup: the whole business, per partner, per reseller for a branch', async () => {
    // Marks written into the rollups behind the triggers' back, in a transaction rolled back after:
    // each scope's figures move by the marks of the rollups it must read, and by no other.
    const [administrator, partner, , branch] = principals();
    const cases: Array<[Principal, SalesReportFilters]> = [
      [administrator, {}],
      [partner, {}],
      [branch, {}],
      [administrator, { month: '2026-02' }],
    ];
    const moved: SalesSummary[] = [];
    const mark = (table: string, key: Record<string, string | number>, count: number, total: number) => {
      const columns = Object.keys(key).join(', ');
      const values = Object.values(key).map((value) => (typeof value === 'number' ? value : `'${value}'`));
      return sql.raw(`insert into ${table} (${columns}, tipo, payment_method, count, total) values (${values.join(', ')}, 'consulta_avulsa', 'card', ${count}, ${total})
        on conflict (${columns}, tipo, payment_method) do update set count = ${table}.count + ${count}, total = ${table}.total + ${total}`);
    };
    // JUST_AFTER_MIDNIGHT: the windows start at 00:10 on 2026-01-30 and 2026-02-22 in São Paulo.
    const marks = [
      mark('sales_partner_totals', { partner_id: ids.p1 }, 2000, 2000),
      mark('sales_partner_months', { partner_id: ids.p1, month: '2026-02-01' }, 3000, 3000),
      mark('sales_reseller_months', { reseller_id: ids.r1, month: '2026-02-01' }, 1000, 1000),
      // 2026-02-20: a whole day of the 30-day window, before the 7-day one.
      mark('sales_partner_days', { day: '2026-02-20', partner_id: ids.p1 }, 1, 500),
      mark('sales_days', { day: '2026-02-20' }, 1, 700),
      // The 7-day window's first day, after the hour it starts in (for the 30-day window, a whole day).
      mark('sales_hours', { hour: '2026-02-22 05:00' }, 1, 900),
    ];
    const rolledBack = app.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const summaries = () =>
        Promise.all(cases.map(async ([principal, filters]) => (await salesTotals(db, principal, filters, JUST_AFTER_MIDNIGHT)).summary));
      const before = await summaries();
      for (const statement of marks) await db.execute(statement);
      const after = await summaries();
      const cents = (value: number) => Math.round(value * 100) / 100;
      moved.push(
        ...after.map((summary, i) => ({
          count: summary.count - before[i].count,
          total: cents(summary.total - before[i].total),
          last30: cents(summary.last30 - before[i].last30),
          last7: cents(summary.last7 - before[i].last7),
        })),
      );
      tx.rollback();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(moved).toEqual([
      { count: 2000, total: 2000, last30: 700, last7: 900 },
      { count: 2000, total: 2000, last30: 500, last7: 0 },
      { count: 1000, total: 1000, last30: 0, last7: 0 },
      { count: 3000, total: 3000, last30: 700, last7: 900 },
    ]);
  });

  // A window's first day read under a month filter is in that month: bounding its sales by the month
  // too made the statement's prepared plan, made for any values, walk the month's sales by date.
  it("reads a window's first day of sales without the month filter's bounds, as a partner and as the whole business", async () => {
    const [administrator, partner] = principals();
    const queries = countQueries(app);
    try {
      // JUST_AFTER_MIDNIGHT: the 7-day window's first day, 2026-02-22, is in the month filtered.
      const filtered: Array<[Principal, SalesReportFilters]> = [
        [partner, { month: '2026-02' }],
        [administrator, { partner: ids.p1, month: '2026-02' }],
        [administrator, { month: '2026-02' }],
      ];
      for (const [principal, filters] of filtered) await salesTotals(app.db, principal, filters, JUST_AFTER_MIDNIGHT);
    } finally {
      queries.restore();
    }
    const windows = queries.statements.filter((statement) => statement.includes('"first_day_0"'));
    expect(windows).toHaveLength(3);
    // The month's bounds on the sales (reportConditions.ts' monthStart): none in the windows' statements.
    for (const statement of windows) expect(statement).not.toMatch(/"sales"\."data_hora" [<>]=? \(\(\$\d+::timestamp \+/);
  });

  it('answers GET /api/reports/sales from the rollup with the figures of the sales themselves', async () => {
    const admin = await loginAsDemo(app, 'ADMINISTRADOR');
    const queries = [
      '',
      `&partner=${ids.p2}`,
      `&branch=${ids.b3}&tipo=plano_individual`,
      `&month=${lastMonths()[11]}`,
      '&forma_pagamento=pix',
      `&partner=${ids.p1}&forma_pagamento=card`,
    ];
    for (const query of queries) {
      const now = new Date();
      const response = await injectAs(app, admin, { method: 'GET', url: `/api/reports/sales?page=1${query}` });
      expect(response.statusCode).toBe(200);
      const body = response.json() as SalesReport;
      const filters = Object.fromEntries(new URLSearchParams(query).entries()) as Record<string, string>;
      const expected = await directFigures(
        { id: 1, type: 'ADMINISTRADOR', tokenVersion: 0 },
        {
          partner: filters.partner ? Number(filters.partner) : undefined,
          branch: filters.branch ? Number(filters.branch) : undefined,
          tipo: filters.tipo,
          month: filters.month,
          paymentMethod: filters.forma_pagamento,
        },
        now,
      );
      expect({ summary: body.summary, byPartner: body.byPartner, monthly: body.monthly }).toEqual(expected);
      expect(Number(response.headers['x-total-count'])).toBe(expected.summary.count);
    }
  });
});
