import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { lastMonths, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales, salesUnattributedDays, salesUnattributedMonths } from '../../db/schema';
import {
  dayOf,
  firstDay,
  rollupSaleConditions,
  saleConditions,
  saleRowFields,
  sumCount,
  sumTotal,
  type SalesReportFilters,
} from './reportConditions';
import { orderOfKey } from '../../lib/keyset';
import type { Page } from './salesReport';
import { firstDayParts, money, windowStarts } from './salesTotals';

/**
 * The paid sales made without a reseller: a checkout link whose `rev` named no active reseller still
 * sells, and the sale is credited to no one ('Sem revendedor'). They are outside every partner's
 * rollup (salesTotals) and have their own (per month and per day); their rows are read from `sales`
 * through its (reseller_id, data_hora) index.
 */

const unattributed = (filters: SalesReportFilters) => and(isNull(sales.resellerId), ...saleConditions(filters));

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
 * How many paid sales have no reseller, whatever the filters (the administrator's report shows it):
 * from their maintained monthly counts, not a count of the sales.
 */
export async function countWithoutReseller(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${salesUnattributedMonths.count}), 0)::int`.mapWith(Number) })
    .from(salesUnattributedMonths);
  return row.count;
}

type Figures = Pick<SalesReport, 'summary' | 'monthly'>;

/**
 * The figures from the maintained rollups (migrations 0021 and 0022, per method since 0023), whatever
 * the filters: the months for the count, the total and the chart, the days for the 30- and 7-day
 * windows, whose first day (from the window's starting instant) alone is read from the sales. A few
 * hundred rows whatever the number of sales.
 */
async function figuresFromRollups(db: Database, filters: SalesReportFilters, now: Date): Promise<Figures> {
  const starts = windowStarts(now);
  const since = lastMonths(now)[0];
  const months = salesUnattributedMonths;
  const days = salesUnattributedDays;
  const monthDays = filters.month
    ? [gte(days.day, firstDay(filters.month)), lt(days.day, sql`(${firstDay(filters.month)} + interval '1 month')::date`)]
    : [];
  const [[summary], monthly, [whole], partial] = await Promise.all([
    db
      .select({ count: sumCount(months.count), total: sumTotal(months.total) })
      .from(months)
      .where(and(...rollupSaleConditions(months, filters), filters.month ? eq(months.month, firstDay(filters.month)) : undefined)),
    db
      .select({ month: months.month, count: sumCount(months.count), total: sumTotal(months.total) })
      .from(months)
      .where(and(...rollupSaleConditions(months, filters), gte(months.month, firstDay(since))))
      .groupBy(months.month),
    db
      .select({
        last30: sumTotal(days.total),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(starts.last7)}), 0)`,
      })
      .from(days)
      .where(and(...rollupSaleConditions(days, filters), ...monthDays, gt(days.day, dayOf(starts.last30)))),
    firstDayParts(db, [isNull(sales.resellerId), ...saleConditions(filters)], starts, filters.month),
  ]);
  return {
    summary: {
      count: summary.count,
      total: money(summary.total),
      last30: money(money(whole.last30) + partial.last30),
      last7: money(money(whole.last7) + partial.last7),
    },
    monthly: monthly.map((entry) => ({ month: entry.month.slice(0, 7), count: entry.count, total: money(entry.total) })),
  };
}

/** The report (figures, one page, the last 12 months) of the sales without a reseller. */
export async function unattributedReport(db: Database, filters: SalesReportFilters, page: Page, now: Date): Promise<SalesReport> {
  const [figures, rows] = await Promise.all([
    figuresFromRollups(db, filters, now),
    selectRows(db)
      .where(unattributed(filters))
      .orderBy(...orderOfKey(page.key))
      .limit(page.limit)
      .offset(page.offset),
  ]);
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
  };
}
