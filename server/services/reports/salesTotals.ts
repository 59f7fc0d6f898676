import { and, asc, desc, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { lastMonths, type MonthlySales, type PartnerSales, type SalesSummary } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { partners, resellers, salesMonths, salesPartnerMonths, salesPartnerTotals, salesResellerMonths } from '../../db/schema';
import { nameOrder } from '../../lib/nameOrder';
import { placeholdersFor } from '../../lib/preparedList';
import { partsInOneStatement, type StatementPart } from '../../lib/statementParts';
import type { Principal } from '../auth/tokens';
import {
  atPartnerGrain,
  channelConditions,
  firstDay,
  money,
  monthsOf,
  partnerConditions,
  reportValues,
  rollupSaleConditions,
  shapeOf,
  sumCount,
  sumTotal,
  wholeBusiness,
  withoutMonth,
  type ReportKeys,
  type ReportValues,
  type SalesReportFilters,
} from './reportConditions';
import { windowSumsOf, windowsPart } from './salesWindows';
import { withoutResellerOf, withoutResellerPart } from './unattributedSales';

/**
 * The report's figures (summary, per partner, per month) from the rollups the database keeps
 * (server/db/schema/salesTotals.ts), never from the sales themselves, so they cost the same at any
 * number of sales: the whole business's for an administrator naming no channel (and the per-partner
 * totals for its table by partner), per partner up to a partner, per reseller for a branch or a
 * reseller. The 30- and 7-day windows are salesWindows.ts's. Each query is a StatementPart
 * (lib/statementParts.ts), prepared once per shape: `values` are the conditions' (reportValues),
 * `since` the chart's first month.
 */

export interface SalesTotals {
  summary: SalesSummary;
  byPartner: PartnerSales[];
  /** Months (yyyy-mm) from the first of the last twelve on, only those with rows in the rollup. */
  monthly: MonthlySales[];
}

/** The chart's months start at `since` (yyyy-mm-01, the first of the last twelve). */
const fromSince = sql.placeholder('since');

const byTotalThenName = (total: SQL) => [desc(total), asc(nameOrder(partners.nome)), asc(partners.id)];

/** Count and total per partner of a partner rollup (all-time totals, or a month's rows with `inMonth`). */
function byPartnerOf(
  db: Database,
  table: typeof salesPartnerTotals | typeof salesPartnerMonths,
  type: Principal['type'],
  keys: ReportKeys,
  inMonth?: SQL,
) {
  const count = sumCount(table.count);
  const total = sumTotal(table.total);
  return db
    .select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total })
    .from(table)
    .innerJoin(partners, eq(partners.id, table.partnerId))
    .where(and(...partnerConditions(table, type, keys), inMonth))
    .groupBy(partners.id, partners.nome)
    .having(gt(count, 0))
    .orderBy(...byTotalThenName(total));
}

/** The columns of the figures' parts: count and total per partner, and per month. */
const PARTNER_COLUMNS = ['partnerId', 'nome_parceiro', 'count', 'total'];
const MONTH_COLUMNS = ['month', 'count', 'total'];

/** The figures' parts per partner and per month (each a StatementPart: lib/statementParts.ts). */
interface FigureParts {
  byPartner: StatementPart;
  monthly: StatementPart;
}

/**
 * Count and total per partner (over all time from the per-partner totals, in a month from that
 * month's per-partner rows) and per month from the first of the last twelve on (the whole
 * business's months, or the partner's).
 */
function partnerMonths(db: Database, type: Principal['type'], values: ReportValues, since: string): FigureParts {
  const chart = withoutMonth(values);
  return {
    byPartner: {
      shape: `reports: by partner from partner rollups, ${shapeOf(type, values)}`,
      build: () => {
        const keys = placeholdersFor(values);
        return keys.monthFirstDay
          ? byPartnerOf(db, salesPartnerMonths, type, keys, eq(salesPartnerMonths.month, firstDay(keys.monthFirstDay)))
          : byPartnerOf(db, salesPartnerTotals, type, keys);
      },
      columns: PARTNER_COLUMNS,
      answer: 'rows',
      values,
    },
    monthly: {
      shape: `reports: months from partner rollups, ${shapeOf(type, chart)}`,
      build: () => {
        const keys = placeholdersFor(chart);
        const whole = wholeBusiness(type, chart);
        const months = whole ? salesMonths : salesPartnerMonths;
        const monthScope = whole ? rollupSaleConditions(salesMonths, keys) : partnerConditions(salesPartnerMonths, type, keys);
        return db
          .select({ month: months.month, count: sumCount(months.count), total: sumTotal(months.total) })
          .from(months)
          .where(and(...monthScope, gte(months.month, firstDay(fromSince))))
          .groupBy(months.month);
      },
      columns: MONTH_COLUMNS,
      answer: 'rows',
      values: { ...chart, since },
    },
  };
}

/** Per-reseller rows, joined to `resellers`: its current branch and partner decide scope and filters. */
const resellerConditions = (type: Principal['type'], keys: ReportKeys): Array<SQL | undefined> => [
  ...channelConditions(type, keys),
  ...rollupSaleConditions(salesResellerMonths, keys),
];

/** The same from the per-reseller months of the resellers in scope (a branch's at most). */
function resellerMonths(db: Database, type: Principal['type'], values: ReportValues, since: string): FigureParts {
  const table = salesResellerMonths;
  const count = sumCount(table.count);
  const total = sumTotal(table.total);
  const chart = withoutMonth(values);
  return {
    byPartner: {
      shape: `reports: by partner from reseller rollups, ${shapeOf(type, values)}`,
      build: () => {
        const keys = placeholdersFor(values);
        return db
          .select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total })
          .from(table)
          .innerJoin(resellers, eq(resellers.id, table.resellerId))
          .innerJoin(partners, eq(partners.id, resellers.partnerId))
          .where(and(...resellerConditions(type, keys), keys.monthFirstDay ? eq(table.month, firstDay(keys.monthFirstDay)) : undefined))
          .groupBy(partners.id, partners.nome)
          .having(gt(count, 0))
          .orderBy(...byTotalThenName(total));
      },
      columns: PARTNER_COLUMNS,
      answer: 'rows',
      values,
    },
    monthly: {
      shape: `reports: months from reseller rollups, ${shapeOf(type, chart)}`,
      build: () =>
        db
          .select({ month: table.month, count, total })
          .from(table)
          .innerJoin(resellers, eq(resellers.id, table.resellerId))
          .where(and(...resellerConditions(type, placeholdersFor(chart)), gte(table.month, firstDay(fromSince))))
          .groupBy(table.month),
      columns: MONTH_COLUMNS,
      answer: 'rows',
      values: { ...chart, since },
    },
  };
}

/** A row per partner, as its part answers it (JSON: numbers). */
type PartnerRow = { partnerId: number; nome_parceiro: string; count: number; total: number };

/**
 * The report's figures for a principal and filters: per partner, per month and, `withoutReseller`,
 * how many sales have no reseller (withoutResellerPart) in one statement (lib/statementParts.ts); the
 * windows in another, since PostgreSQL plans theirs for each request's dates and keeps one plan for
 * the others (together, all were planned every time: the branch's report 446-562 → 372-378 req/s).
 * Months (yyyy-mm) are the last twelve before `now`.
 */
export async function salesTotals(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  now: Date,
  { withoutReseller = false } = {},
): Promise<SalesTotals & { withoutReseller?: number }> {
  const values = reportValues(principal, filters);
  const since = `${lastMonths(now)[0]}-01`;
  const figures = (atPartnerGrain(principal.type, values) ? partnerMonths : resellerMonths)(db, principal.type, values, since);
  const parts: Record<string, StatementPart> = withoutReseller ? { ...figures, withoutReseller: withoutResellerPart(db) } : { ...figures };
  const [answer, windows] = await Promise.all([
    partsInOneStatement(db, 'reports: figures', parts),
    partsInOneStatement(db, 'reports: windows', { windows: windowsPart(db, principal.type, values, now) }),
  ]);
  const window = windowSumsOf(windows.windows);
  const byPartner = (answer.byPartner as PartnerRow[]).map((entry) => ({ ...entry, total: money(entry.total) }));
  // Every counted sale in scope has exactly one partner in that list: the summary is its sum (in cents, exact).
  const cents = byPartner.reduce((sum, entry) => sum + Math.round(entry.total * 100), 0);
  return {
    summary: {
      count: byPartner.reduce((sum, entry) => sum + entry.count, 0),
      total: cents / 100,
      last30: window.last30,
      last7: window.last7,
    },
    byPartner,
    monthly: monthsOf(answer.monthly),
    ...(withoutReseller && { withoutReseller: withoutResellerOf(answer.withoutReseller) }),
  };
}
