import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { lastMonths, type MonthlySales, type PartnerSales, type SalesSummary } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { partners, resellers, sales, salesPartnerDays, salesPartnerMonths, salesResellerMonths } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import {
  channelConditions,
  dayAfter,
  dayOf,
  firstDay,
  instant,
  reportConditionsOnSales,
  rollupSaleConditions,
  sumCount,
  sumTotal,
  type SalesReportFilters,
} from './reportConditions';

/**
 * The report's figures (summary, per partner, per month) from the rollup the database keeps
 * (server/db/schema/salesTotals.ts), never from the sales themselves, so they cost the same at any
 * number of sales: per partner (at most a few thousand rows for the administrator) unless a branch
 * or a reseller narrows the scope, then per reseller of that branch. Only the instants the calendar
 * days cannot express are read from `sales`: the part of the day where a 30- or 7-day window starts.
 */

const DAY_MS = 86_400_000;

/** Reais from a numeric's text, rounded to the cent. */
export const money = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100;

export interface SalesTotals {
  summary: SalesSummary;
  byPartner: PartnerSales[];
  /** Months (yyyy-mm) from the first of the last twelve on, only those with rows in the rollup. */
  monthly: MonthlySales[];
}

/** Per partner when the scope and filters name at most a partner; a branch or reseller needs the reseller grain. */
const atPartnerGrain = (principal: Principal, filters: SalesReportFilters) =>
  principal.type !== 'FILIAL' && principal.type !== 'REVENDEDOR' && !filters.branch && !filters.reseller;

// The conditions below are for drizzle's `and`, which leaves out the `undefined` of a filter not set.

/** The partner rows (months or days) a principal may see that match the partner, plan and method filters. */
const partnerConditions = (
  table: typeof salesPartnerMonths | typeof salesPartnerDays,
  principal: Principal,
  filters: SalesReportFilters,
): Array<SQL | undefined> => [
  principal.type === 'PARCEIRO' ? eq(table.partnerId, principal.partnerId!) : undefined,
  filters.partner ? eq(table.partnerId, filters.partner) : undefined,
  ...rollupSaleConditions(table, filters),
];

/** Per-reseller rows, joined to `resellers`: its current branch and partner decide scope and filters. */
const resellerConditions = (principal: Principal, filters: SalesReportFilters): Array<SQL | undefined> => [
  ...channelConditions(principal, filters),
  ...rollupSaleConditions(salesResellerMonths, filters),
];

const byTotalThenName = (total: SQL) => [desc(total), asc(partners.nome)];

/** Count and total per partner and per month (from the first of the last twelve on) from the per-partner months. */
async function partnerMonths(db: Database, principal: Principal, filters: SalesReportFilters, since: string) {
  const table = salesPartnerMonths;
  const count = sumCount(table.count);
  const total = sumTotal(table.total);
  const scope = partnerConditions(table, principal, filters);
  const inMonth = filters.month ? eq(table.month, firstDay(filters.month)) : undefined;
  const [byPartner, monthly] = await Promise.all([
    db
      .select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total })
      .from(table)
      .innerJoin(partners, eq(partners.id, table.partnerId))
      .where(and(...scope, inMonth))
      .groupBy(partners.id, partners.nome)
      .having(gt(count, 0))
      .orderBy(...byTotalThenName(total)),
    db
      .select({ month: table.month, count, total })
      .from(table)
      .where(and(...scope, gte(table.month, firstDay(since))))
      .groupBy(table.month),
  ]);
  return { byPartner, monthly };
}

/** The same from the per-reseller months of the resellers in scope (a branch's at most). */
async function resellerMonths(db: Database, principal: Principal, filters: SalesReportFilters, since: string) {
  const table = salesResellerMonths;
  const count = sumCount(table.count);
  const total = sumTotal(table.total);
  const scope = resellerConditions(principal, filters);
  const inMonth = filters.month ? eq(table.month, firstDay(filters.month)) : undefined;
  const [byPartner, monthly] = await Promise.all([
    db
      .select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total })
      .from(table)
      .innerJoin(resellers, eq(resellers.id, table.resellerId))
      .innerJoin(partners, eq(partners.id, resellers.partnerId))
      .where(and(...scope, inMonth))
      .groupBy(partners.id, partners.nome)
      .having(gt(count, 0))
      .orderBy(...byTotalThenName(total)),
    db
      .select({ month: table.month, count, total })
      .from(table)
      .innerJoin(resellers, eq(resellers.id, table.resellerId))
      .where(and(...scope, gte(table.month, firstDay(since))))
      .groupBy(table.month),
  ]);
  return { byPartner, monthly };
}

/**
 * Sums of the sales since `now` minus 30 and 7 days. At the partner grain: the whole days after each
 * window's first day from the per-day rollup, plus the sales of that first day from its starting instant.
 * At the reseller grain (a branch at most): the window's sales themselves, through the reseller's index.
 */
async function windows(db: Database, principal: Principal, filters: SalesReportFilters, now: Date) {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const rawWhere = (...more: SQL[]) => and(...reportConditionsOnSales(principal, filters), ...more);
  if (!atPartnerGrain(principal, filters)) {
    const [raw] = await db
      .select({
        last30: sumTotal(sql`${sales.valor}`),
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(since7)}), 0)`,
      })
      .from(sales)
      .where(rawWhere(gte(sales.dataHora, instant(since30))));
    return { last30: money(raw.last30), last7: money(raw.last7) };
  }
  const days = salesPartnerDays;
  const monthDays = filters.month
    ? [gte(days.day, firstDay(filters.month)), lt(days.day, sql`(${firstDay(filters.month)} + interval '1 month')::date`)]
    : [];
  const firstDayPart = (since: Date) => and(gte(sales.dataHora, instant(since)), lt(sales.dataHora, dayAfter(since)))!;
  const [[whole], [partial]] = await Promise.all([
    db
      .select({
        last30: sumTotal(days.total),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(since7)}), 0)`,
      })
      .from(days)
      .where(and(...partnerConditions(days, principal, filters), ...monthDays, gt(days.day, dayOf(since30)))),
    db
      .select({
        last30: sql<string>`coalesce(sum(${sales.valor}) filter (where ${firstDayPart(since30)}), 0)`,
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${firstDayPart(since7)}), 0)`,
      })
      .from(sales)
      .where(rawWhere(or(firstDayPart(since30), firstDayPart(since7))!)),
  ]);
  return { last30: money(whole.last30) + money(partial.last30), last7: money(whole.last7) + money(partial.last7) };
}

/** The report's figures for a principal and filters; months (yyyy-mm) are the last twelve before `now`. */
export async function salesTotals(db: Database, principal: Principal, filters: SalesReportFilters, now: Date): Promise<SalesTotals> {
  const since = lastMonths(now)[0];
  const [figures, window] = await Promise.all([
    (atPartnerGrain(principal, filters) ? partnerMonths : resellerMonths)(db, principal, filters, since),
    windows(db, principal, filters, now),
  ]);
  const byPartner = figures.byPartner.map((entry) => ({ ...entry, total: money(entry.total) }));
  // Every counted sale in scope has exactly one partner in that list: the summary is its sum (in cents, exact).
  const cents = byPartner.reduce((sum, entry) => sum + Math.round(entry.total * 100), 0);
  return {
    summary: {
      count: byPartner.reduce((sum, entry) => sum + entry.count, 0),
      total: cents / 100,
      last30: money(window.last30),
      last7: money(window.last7),
    },
    byPartner,
    monthly: figures.monthly.map((entry) => ({ month: entry.month.slice(0, 7), count: entry.count, total: money(entry.total) })),
  };
}
