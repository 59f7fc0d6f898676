import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { lastMonths, type MonthlySales, type PartnerSales, type SalesSummary } from '../../../src/domain/report';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  partners,
  resellers,
  sales,
  salesDays,
  salesHours,
  salesMonths,
  salesPartnerDays,
  salesPartnerMonths,
  salesPartnerTotals,
  salesResellerMonths,
} from '../../db/schema';
import type { Principal } from '../auth/tokens';
import {
  channelConditions,
  dayAfter,
  dayOf,
  firstDay,
  instant,
  reportConditionsOnSales,
  ZONE,
  rollupSaleConditions,
  sumCount,
  sumTotal,
  type SalesReportFilters,
} from './reportConditions';

/**
 * The report's figures (summary, per partner, per month) from the rollups the database keeps
 * (server/db/schema/salesTotals.ts), never from the sales themselves, so they cost the same at any
 * number of sales: the whole business's for an administrator naming no channel (and the per-partner
 * totals for its table by partner), per partner up to a partner, per reseller for a branch or a
 * reseller. Only the instants the calendar cannot express are read from `sales`: where a 30- or
 * 7-day window starts, within its hour for the whole business, within its day for a partner (from
 * the partner's own sales: migration 0024).
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

/** The whole business (an administrator naming no partner, branch or reseller): its months, days and hours need no partner's rows. */
const wholeBusiness = (principal: Principal, filters: SalesReportFilters) =>
  principal.type === 'ADMINISTRADOR' && !filters.partner && !filters.branch && !filters.reseller;

// The conditions below are for drizzle's `and`, which leaves out the `undefined` of a filter not set.

/** The partner rows (totals, months or days) a principal may see that match the partner, plan and method filters. */
const partnerConditions = (
  table: typeof salesPartnerTotals | typeof salesPartnerMonths | typeof salesPartnerDays,
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

/**
 * Count and total per partner (over all time from the per-partner totals, in a month from that
 * month's per-partner rows) and per month from the first of the last twelve on (the whole
 * business's months, or the partner's).
 */
async function partnerMonths(db: Database, principal: Principal, filters: SalesReportFilters, since: string) {
  const byPartnerOf = (table: typeof salesPartnerTotals | typeof salesPartnerMonths, inMonth?: SQL) => {
    const count = sumCount(table.count);
    const total = sumTotal(table.total);
    return db
      .select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total })
      .from(table)
      .innerJoin(partners, eq(partners.id, table.partnerId))
      .where(and(...partnerConditions(table, principal, filters), inMonth))
      .groupBy(partners.id, partners.nome)
      .having(gt(count, 0))
      .orderBy(...byTotalThenName(total));
  };
  const whole = wholeBusiness(principal, filters);
  const months = whole ? salesMonths : salesPartnerMonths;
  const monthScope = whole ? rollupSaleConditions(salesMonths, filters) : partnerConditions(salesPartnerMonths, principal, filters);
  const [byPartner, monthly] = await Promise.all([
    filters.month
      ? byPartnerOf(salesPartnerMonths, eq(salesPartnerMonths.month, firstDay(filters.month)))
      : byPartnerOf(salesPartnerTotals),
    db
      .select({ month: months.month, count: sumCount(months.count), total: sumTotal(months.total) })
      .from(months)
      .where(and(...monthScope, gte(months.month, firstDay(since))))
      .groupBy(months.month),
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

/** Where the report's 30- and 7-day windows start: `now` minus 30 and 7 days. */
export const windowStarts = (now: Date) => ({ last30: new Date(now.getTime() - 30 * DAY_MS), last7: new Date(now.getTime() - 7 * DAY_MS) });

type WindowStarts = ReturnType<typeof windowStarts>;
type WindowSums = { last30: number; last7: number };

/**
 * Each window's sum of `column` over the rows of `table` where `where` and `part(start)` hold.
 * Under a month filter, a window whose first day is outside that month has nothing there (its first
 * day's sales are all outside the month) and is not read; with neither window left, nothing is
 * (a 65 ms read of a partner's month at the xl size, for nothing).
 */
async function windowSums(
  db: Database,
  table: PgTable,
  column: SQLWrapper,
  where: Array<SQL | undefined>,
  part: (start: Date) => SQL,
  starts: WindowStarts,
  month: string | undefined,
): Promise<WindowSums> {
  const counted = (start: Date) => !month || lastMonths(start, 1)[0] === month;
  const read = [starts.last30, starts.last7].filter(counted);
  if (read.length === 0) return { last30: 0, last7: 0 };
  const sumOf = (start: Date) => (counted(start) ? sql<string>`coalesce(sum(${column}) filter (where ${part(start)}), 0)` : sql<string>`0`);
  const [sums] = await db
    .select({ last30: sumOf(starts.last30), last7: sumOf(starts.last7) })
    .from(table)
    .where(and(...where, or(...read.map(part))));
  return { last30: money(sums.last30), last7: money(sums.last7) };
}

/** The sales of each window's first day from its starting instant (the rollups hold whole days), where `where` holds. */
export const firstDayParts = (db: Database, where: SQL[], starts: WindowStarts, month: string | undefined) =>
  windowSums(
    db,
    sales,
    sales.valor,
    where,
    (start) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, dayAfter(start)))!,
    starts,
    month,
  );

/** A São Paulo local time (timestamp without time zone) as an instant. */
const instantOfLocal = (local: SQL) => sql`(${local} at time zone ${ZONE})`;
/** The local hour after the one an instant falls in, and the local day after its day. */
const localHourAfter = (start: Date) => sql`(date_trunc('hour', ${instant(start)} at time zone ${ZONE}) + interval '1 hour')`;
const localDayAfter = (start: Date) => sql`((${instant(start)} at time zone ${ZONE})::date + 1)::timestamp`;

/**
 * firstDayParts for the whole business (`onSales`: its conditions on `sales`): the whole hours of
 * each window's first day from the hourly rollup, and only the sales of the hour the window starts
 * in (a few hundred at the xl size, not the first day's 14,000).
 */
async function firstDayPartsByHour(db: Database, onSales: SQL[], filters: SalesReportFilters, starts: WindowStarts): Promise<WindowSums> {
  const hours = salesHours;
  const laterHours = (start: Date) => and(gte(hours.hour, localHourAfter(start)), lt(hours.hour, localDayAfter(start)))!;
  const firstHour = (start: Date) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, instantOfLocal(localHourAfter(start))))!;
  const [fromHours, fromSales] = await Promise.all([
    windowSums(db, hours, hours.total, rollupSaleConditions(hours, filters), laterHours, starts, filters.month),
    windowSums(db, sales, sales.valor, onSales, firstHour, starts, filters.month),
  ]);
  return { last30: fromHours.last30 + fromSales.last30, last7: fromHours.last7 + fromSales.last7 };
}

/**
 * Sums of the sales since `now` minus 30 and 7 days. At the partner grain: the whole days after each
 * window's first day from the per-day rollup (the whole business's, or per partner), plus that
 * first day from its starting instant. At the reseller grain (a branch at most): the window's sales
 * themselves, through the branch's or the reseller's index.
 */
async function windows(db: Database, principal: Principal, filters: SalesReportFilters, now: Date) {
  const starts = windowStarts(now);
  const onSales = reportConditionsOnSales(principal, filters);
  if (!atPartnerGrain(principal, filters)) {
    const [raw] = await db
      .select({
        last30: sumTotal(sql`${sales.valor}`),
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(starts.last7)}), 0)`,
      })
      .from(sales)
      .where(and(...onSales, gte(sales.dataHora, instant(starts.last30))));
    return { last30: money(raw.last30), last7: money(raw.last7) };
  }
  const whole = wholeBusiness(principal, filters);
  const days = whole ? salesDays : salesPartnerDays;
  const dayScope = whole ? rollupSaleConditions(salesDays, filters) : partnerConditions(salesPartnerDays, principal, filters);
  const monthDays = filters.month
    ? [gte(days.day, firstDay(filters.month)), lt(days.day, sql`(${firstDay(filters.month)} + interval '1 month')::date`)]
    : [];
  const [[wholeDays], partial] = await Promise.all([
    db
      .select({
        last30: sumTotal(days.total),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(starts.last7)}), 0)`,
      })
      .from(days)
      .where(and(...dayScope, ...monthDays, gt(days.day, dayOf(starts.last30)))),
    whole ? firstDayPartsByHour(db, onSales, filters, starts) : firstDayParts(db, onSales, starts, filters.month),
  ]);
  return { last30: money(wholeDays.last30) + partial.last30, last7: money(wholeDays.last7) + partial.last7 };
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
