import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { lastMonths, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales, salesUnattributedMonths } from '../../db/schema';
import {
  instant,
  monthStart,
  resumeAfter,
  saleConditions,
  saleRowFields,
  ZONE,
  type SaleExportKey,
  type SalesReportFilters,
} from './reportConditions';
import { orderOfKey } from '../../lib/keyset';
import type { Page } from './salesReport';
import { money } from './salesTotals';

/**
 * The paid sales made without a reseller: a checkout link whose `rev` named no active reseller still
 * sells, and the sale is credited to no one ('Sem revendedor'). They are outside every partner's
 * rollup (salesTotals), and few: read from `sales` through its (reseller_id, data_hora) index.
 */

const DAY_MS = 86_400_000;

const unattributed = (filters: SalesReportFilters) => and(isNull(sales.resellerId), ...saleConditions(filters));

/** The same columns as the report's rows; the names are null (the screen says 'Sem revendedor'). */
const rowFields = {
  ...saleRowFields,
  /** For the CSV export: the local date, and where its next batch resumes. */
  dataHoraLocal: sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI')`,
  keyTime: sql<string>`${sales.dataHora}::text`,
};

/** Left joins, so that the report's sort columns (reseller, branch, partner names) still exist. */
const selectRows = (db: Database) =>
  db
    .select(rowFields)
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

/** The report (figures, one page, the last 12 months) of the sales without a reseller. */
export async function unattributedReport(db: Database, filters: SalesReportFilters, page: Page, now: Date): Promise<SalesReport> {
  const since30 = instant(new Date(now.getTime() - 30 * DAY_MS));
  const since7 = instant(new Date(now.getTime() - 7 * DAY_MS));
  const months = lastMonths(now);
  const monthOf = sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'YYYY-MM')`;
  const [[summary], rows, monthly] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`.mapWith(Number),
        total: sql<string>`coalesce(sum(${sales.valor}), 0)`,
        last30: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${since30}), 0)`,
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${since7}), 0)`,
      })
      .from(sales)
      .where(unattributed(filters)),
    selectRows(db)
      .where(unattributed(filters))
      .orderBy(...orderOfKey(page.key))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ month: monthOf, count: sql<number>`count(*)::int`.mapWith(Number), total: sql<string>`coalesce(sum(${sales.valor}), 0)` })
      .from(sales)
      .where(and(unattributed({ tipo: filters.tipo }), gte(sales.dataHora, monthStart(months[0]))))
      .groupBy(monthOf),
  ]);
  const byMonth = new Map(monthly.map((entry) => [entry.month, entry]));
  const pageCents = rows.reduce((sum, row) => sum + Math.round(money(row.valor) * 100), 0);
  return {
    summary: { count: summary.count, total: money(summary.total), last30: money(summary.last30), last7: money(summary.last7) },
    byPartner: [],
    rows: rows.map(({ dataHoraLocal: _local, keyTime: _key, ...row }) => ({
      ...row,
      valor: money(row.valor),
      data_hora: row.data_hora.toISOString(),
    })),
    pageTotal: pageCents / 100,
    monthly: months.map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: money(byMonth.get(month)?.total ?? 0) })),
  };
}

/** A batch of them for the CSV export, newest first, dated dd/mm/yyyy hh:mm in São Paulo. */
export function unattributedBatch(db: Database, filters: SalesReportFilters, limit: number, after?: SaleExportKey) {
  return selectRows(db)
    .where(and(unattributed(filters), resumeAfter(after)))
    .orderBy(sql`${sales.dataHora} desc`, sql`${sales.id} desc`)
    .limit(limit);
}
