import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { lastMonths, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { branches, partners, resellers, sales, salesUnattributedDays, salesUnattributedMonths } from '../../db/schema';
import { placeholdersFor } from '../../lib/preparedList';
import { partsInOneStatement, type StatementPart } from '../../lib/statementParts';
import {
  dayOf,
  firstDay,
  inMonthDays,
  money,
  monthsOf,
  partnerOrBranchAsked,
  rollupSaleConditions,
  saleConditions,
  saleRowFields,
  saleValues,
  shapeOf,
  sumCount,
  sumTotal,
  withoutMonth,
  type SaleKeys,
  type SaleValues,
  type SalesReportFilters,
} from './reportConditions';
import { offsetOf, pageOrderBy, pageShape, type Page } from './saleOrder';
import { firstDayOfSales, startOf, windowStarts, windowSumsOf, windowSumsPart } from './salesWindows';

/**
 * The paid sales made without a reseller: a checkout link whose `rev` named no active reseller still
 * sells, and the sale is credited to no one ('Sem revendedor'). They are outside every partner's
 * rollup (salesTotals) and have their own (per month and per day); their rows are read from `sales`
 * through its (reseller_id, data_hora) index. Each query is prepared once per shape (db/queryShapes.ts),
 * whose conditions are the sale's own filters alone.
 */

const unattributed = (keys: SaleKeys) => [isNull(sales.resellerId), ...saleConditions(keys)];

/** The shape of these conditions: no principal's scope, the filters given. */
const shapeWithout = (values: SaleValues) => shapeOf('without reseller', values);

/**
 * The report's columns, left joined, so that its sort columns (reseller, branch, partner names) still
 * exist; the names are null (the screen says 'Sem revendedor').
 */
const selectRows = (db: Database) =>
  db
    .select(saleRowFields)
    .from(sales)
    .leftJoin(resellers, eq(sales.resellerId, resellers.id))
    .leftJoin(branches, eq(resellers.branchId, branches.id))
    .leftJoin(partners, eq(resellers.partnerId, partners.id));

/**
 * How many paid sales have no reseller, whatever the filters (the administrator's report shows it),
 * as a StatementPart (lib/statementParts.ts, read with withoutResellerOf): from their maintained
 * monthly counts, not a count of the sales.
 */
export const withoutResellerPart = (db: Database): StatementPart => ({
  shape: 'reports: sales without a reseller counted',
  build: () => db.select({ count: sumCount(salesUnattributedMonths.count) }).from(salesUnattributedMonths),
  columns: ['count'],
  answer: 'row',
  values: {},
});

export const withoutResellerOf = (answer: unknown) => (answer as { count: number }).count;

/** How many sales have no reseller, alone (withoutResellerPart). */
const countWithoutReseller = async (db: Database) =>
  withoutResellerOf((await partsInOneStatement(db, 'reports: count', { withoutReseller: withoutResellerPart(db) })).withoutReseller);

type Figures = Pick<SalesReport, 'summary' | 'monthly' | 'withoutReseller'>;

/**
 * The figures from the maintained rollups (migrations 0021 and 0022, per method since 0023), whatever
 * the filters, in two statements (lib/statementParts.ts): the months for the count, the total and the
 * chart, with how many sales have no reseller; then the days for the 30- and 7-day windows, whose
 * first day (from the window's starting instant) alone is read from the sales. A few hundred rows
 * whatever the number of sales.
 */
async function figuresFromRollups(db: Database, values: SaleValues, now: Date): Promise<Figures> {
  const starts = windowStarts(now);
  const months = salesUnattributedMonths;
  const days = salesUnattributedDays;
  const shape = shapeWithout(values);
  const chart = withoutMonth(values);
  const wholeDays = () => {
    const keys = placeholdersFor(values);
    return db
      .select({
        last30: sumTotal(days.total).as('last30'),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(startOf('last7'))}), 0)`.as('last7'),
      })
      .from(days)
      .where(and(...rollupSaleConditions(days, keys), ...inMonthDays(days.day, keys.monthFirstDay), gt(days.day, dayOf(startOf('last30')))))
      .as('whole_days');
  };
  const figures = partsInOneStatement(db, 'reports: figures without a reseller', {
    summary: {
      shape: `reports: summary from rollups, ${shape}`,
      build: () => {
        const keys = placeholdersFor(values);
        return db
          .select({ count: sumCount(months.count), total: sumTotal(months.total) })
          .from(months)
          .where(
            and(...rollupSaleConditions(months, keys), keys.monthFirstDay ? eq(months.month, firstDay(keys.monthFirstDay)) : undefined),
          );
      },
      columns: ['count', 'total'],
      answer: 'row',
      values,
    },
    monthly: {
      shape: `reports: months from rollups, ${shapeWithout(chart)}`,
      build: () =>
        db
          .select({ month: months.month, count: sumCount(months.count), total: sumTotal(months.total) })
          .from(months)
          .where(and(...rollupSaleConditions(months, placeholdersFor(chart)), gte(months.month, firstDay(sql.placeholder('since')))))
          .groupBy(months.month),
      columns: ['month', 'count', 'total'],
      answer: 'rows',
      values: { ...chart, since: `${lastMonths(now)[0]}-01` },
    },
    withoutReseller: withoutResellerPart(db),
  });
  // The windows apart, planned for each request's dates (salesTotals).
  const windowSums = partsInOneStatement(db, 'reports: windows', {
    windows: windowSumsPart(db, `reports: windows, ${shape}`, wholeDays, [firstDayOfSales(unattributed)], values, starts),
  });
  const [answer, sums] = await Promise.all([figures, windowSums]);
  const summary = answer.summary as { count: number; total: number };
  const windows = windowSumsOf(sums.windows);
  return {
    summary: { count: summary.count, total: money(summary.total), last30: windows.last30, last7: windows.last7 },
    monthly: monthsOf(answer.monthly),
    withoutReseller: withoutResellerOf(answer.withoutReseller),
  };
}

/** One page of the sales without a reseller, in the page's order. */
function pageWithout(db: Database, values: SaleValues, page: Page) {
  const query = oncePerShape(db, `reports: page, ${shapeWithout(values)}, ${pageShape(page.sort, false, page.offset)}`, () =>
    selectRows(db)
      .where(and(...unattributed(placeholdersFor(values))))
      .orderBy(...pageOrderBy(page.sort, false))
      .limit(sql.placeholder('limit'))
      .offset(offsetOf(page.offset)),
  );
  return query.execute({ ...values, limit: page.limit, offset: page.offset });
}

/**
 * The report (figures, one page, the last 12 months) of the sales without a reseller, with how many
 * they are in all (an administrator's report).
 */
export async function unattributedReport(db: Database, filters: SalesReportFilters, page: Page, now: Date): Promise<SalesReport> {
  if (partnerOrBranchAsked(filters)) return { ...noSales(now), withoutReseller: await countWithoutReseller(db) };
  const values = saleValues(filters);
  const [figures, rows] = await Promise.all([figuresFromRollups(db, values, now), pageWithout(db, values, page)]);
  const byMonth = new Map(figures.monthly.map((entry) => [entry.month, entry]));
  const pageCents = rows.reduce((sum, row) => sum + Math.round(money(row.valor) * 100), 0);
  return {
    summary: figures.summary,
    byPartner: [],
    rows: rows.map((row) => ({
      ...row,
      valor: money(row.valor),
      data_hora: row.data_hora.toISOString(),
    })),
    pageTotal: pageCents / 100,
    monthly: lastMonths(now).map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: byMonth.get(month)?.total ?? 0 })),
    withoutReseller: figures.withoutReseller,
  };
}

/** The report of no sale: zero figures over the last twelve months. */
function noSales(now: Date): SalesReport {
  return {
    summary: { count: 0, total: 0, last30: 0, last7: 0 },
    byPartner: [],
    rows: [],
    pageTotal: 0,
    monthly: lastMonths(now).map((month) => ({ month, count: 0, total: 0 })),
  };
}
