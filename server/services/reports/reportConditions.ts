import { eq, gte, isNotNull, lt, sql, type Column, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REPORT_TIME_ZONE } from '../../../src/domain/report';
import {
  branches,
  partners,
  resellers,
  sales,
  type salesPartnerDays,
  type salesPartnerMonths,
  type salesPartnerTotals,
} from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { ownScopeKey, resellerScopeOf } from '../scope';

/*
 * The report's conditions, written once for values or for a prepared query's placeholders (each query
 * is built once per shape, db/queryShapes.ts): the figures, the page and the CSV export read the same.
 */

export interface SalesReportFilters {
  partner?: number;
  branch?: number;
  reseller?: number;
  tipo?: string;
  /** yyyy-mm, a calendar month of São Paulo. */
  month?: string;
  /** card | pix (src/domain/paymentMethods.ts). */
  paymentMethod?: string;
  /** Only the sales without a reseller (reseller=sem-revendedor; administrators only). */
  withoutReseller?: boolean;
}

/**
 * The sales without a reseller have no partner or branch: filtered by one as well, none of them
 * match (the filters combine).
 */
export const partnerOrBranchAsked = (filters: SalesReportFilters) => filters.partner !== undefined || filters.branch !== undefined;

/** The values of the sale's own filters: plan, payment method and month. */
export type SaleValues<Text = string> = {
  tipo?: Text;
  paymentMethod?: Text;
  /** The month filter's first day, yyyy-mm-01: the rollups' month key, and where its first instant is computed from. */
  monthFirstDay?: Text;
};

/** The values of all the report's conditions: the principal's scope key (ownScopeKey), the channel filters, the sale's. */
export type ReportValues<Id = number, Text = string> = SaleValues<Text> & { scope: Id; partner?: Id; branch?: Id; reseller?: Id };

/** What the conditions are built from: values, or a prepared query's placeholders for them. */
export type SaleKeys = SaleValues<string | Placeholder>;
export type ReportKeys = ReportValues<number | Placeholder, string | Placeholder>;

/** Only a filter given has a value (one left out or sent empty has none), and only then a condition. */
export function saleValues(filters: SalesReportFilters): SaleValues {
  const values: SaleValues = {};
  if (filters.tipo) values.tipo = filters.tipo;
  if (filters.paymentMethod) values.paymentMethod = filters.paymentMethod;
  if (filters.month) values.monthFirstDay = `${filters.month}-01`;
  return values;
}

export function reportValues(principal: Principal, filters: SalesReportFilters): ReportValues {
  const values: ReportValues = { scope: ownScopeKey(principal) };
  if (filters.partner) values.partner = filters.partner;
  if (filters.branch) values.branch = filters.branch;
  if (filters.reseller) values.reseller = filters.reseller;
  return { ...values, ...saleValues(filters) };
}

/** The values but the month: the 12-month chart is the same whatever the month filter. */
export function withoutMonth<Values extends SaleValues>(values: Values): Values {
  const others = { ...values };
  delete others.monthFirstDay;
  return others;
}

/** The month filter (yyyy-mm) the values hold, if any. */
export const filteredMonth = (values: SaleValues) => values.monthFirstDay?.slice(0, 7);

/** What of the conditions changes a query's text: whose scope (a principal's type) and which values are given. */
export const shapeOf = (scope: string, values: object) => `${scope}, ${Object.keys(values).join(' ') || 'no filter'}`;

export const ZONE = sql.raw(`'${REPORT_TIME_ZONE}'`);

/** The first instant of a São Paulo calendar month (its first day, yyyy-mm-01), `plusMonths` later. */
export const monthStart = (monthFirstDay: string | Placeholder, plusMonths = 0) =>
  sql`((${monthFirstDay}::timestamp + ${`${plusMonths} month`}::interval) at time zone ${ZONE})`;

/** An instant from its ISO text (a Date's toISOString()), which a prepared query is given as a value. */
export const instant = (iso: string | Placeholder) => sql`${iso}::timestamptz`;

/** A São Paulo calendar month's first day (yyyy-mm-01) as a date: the rollups' month key. */
export const firstDay = (monthFirstDay: string | Placeholder) => sql`${monthFirstDay}::date`;

/** The days of `column` (a rollup's) in the month filter, when there is one. */
export const inMonthDays = (column: AnyPgColumn, monthFirstDay: string | Placeholder | undefined): SQL[] =>
  monthFirstDay === undefined
    ? []
    : [gte(column, firstDay(monthFirstDay)), lt(column, sql`(${firstDay(monthFirstDay)} + interval '1 month')::date`)];

/** The São Paulo calendar day of an instant (ISO text), and the first instant of the day after it. */
export const dayOf = (iso: string | Placeholder) => sql`(${instant(iso)} at time zone ${ZONE})::date`;
export const dayAfter = (iso: string | Placeholder) =>
  sql`(((${instant(iso)} at time zone ${ZONE})::date + 1)::timestamp at time zone ${ZONE})`;

/** A rollup column summed: a count (0 when no row) and a total (numeric's text). */
export const sumCount = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
export const sumTotal = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)`;

/** Reais from a numeric's text, rounded to the cent. */
export const money = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100;

/** A months part's rows (lib/statementParts.ts: JSON, its month a date's text) as the chart's months (yyyy-mm), in reais. */
export const monthsOf = (answer: unknown) =>
  (answer as Array<{ month: string; count: number; total: number }>).map((entry) => ({
    month: entry.month.slice(0, 7),
    count: entry.count,
    total: money(entry.total),
  }));

/** The columns a principal's scope compares with its key (ownScopeKey), by its type; an administrator has no scope. */
type ScopeColumns = Record<Exclude<Principal['type'], 'ADMINISTRADOR'>, AnyPgColumn>;
const scopeOn = (columns: ScopeColumns, type: Principal['type'], key: number | Placeholder) =>
  type === 'ADMINISTRADOR' ? undefined : eq(columns[type], key);
/** A principal's sales on the sale's own channel columns, as resellerScopeOf on its reseller's (migration 0024 keeps them alike). */
const SALE_SCOPE: ScopeColumns = { PARCEIRO: sales.partnerId, FILIAL: sales.branchId, REVENDEDOR: sales.resellerId };

const given = (conditions: Array<SQL | undefined>) => conditions.filter((condition): condition is SQL => condition !== undefined);

/** The scope's and the channel filters' conditions on `resellers`. */
export function channelConditions(type: Principal['type'], keys: ReportKeys): SQL[] {
  return given([
    resellerScopeOf(type, keys.scope),
    keys.reseller !== undefined ? eq(resellers.id, keys.reseller) : undefined,
    keys.branch !== undefined ? eq(resellers.branchId, keys.branch) : undefined,
    keys.partner !== undefined ? eq(resellers.partnerId, keys.partner) : undefined,
  ]);
}

/**
 * The plan and method filters on a rollup's rows (they are keyed by both); the month is the caller's,
 * each rollup having its own period.
 */
export function rollupSaleConditions(rollup: { tipo: Column; paymentMethod: Column }, keys: SaleKeys) {
  return [
    keys.tipo !== undefined ? eq(rollup.tipo, keys.tipo) : undefined,
    keys.paymentMethod !== undefined ? eq(rollup.paymentMethod, keys.paymentMethod) : undefined,
  ];
}

/** Only paid sales count; the plan, method and month filters. */
export function saleConditions(keys: SaleKeys): SQL[] {
  const conditions = [eq(sales.status, 'paid')];
  if (keys.tipo !== undefined) conditions.push(eq(sales.tipo, keys.tipo));
  if (keys.paymentMethod !== undefined) conditions.push(eq(sales.paymentMethod, keys.paymentMethod));
  if (keys.monthFirstDay !== undefined)
    conditions.push(gte(sales.dataHora, monthStart(keys.monthFirstDay)), lt(sales.dataHora, monthStart(keys.monthFirstDay, 1)));
  return conditions;
}

/**
 * The same for queries on `sales` alone, by the sale's own reseller, branch and partner: a partner's
 * or a branch's sales by date come from their index (sales_partner_time_idx, sales_branch_time_idx),
 * however many other partners sell meanwhile; with no scope and no channel filter, "through a
 * reseller". The windows' sums and the page's ids read only the sales they count.
 */
export function reportConditionsOnSales(type: Principal['type'], keys: ReportKeys): SQL[] {
  const channel = given([
    scopeOn(SALE_SCOPE, type, keys.scope),
    keys.reseller !== undefined ? eq(sales.resellerId, keys.reseller) : undefined,
    keys.branch !== undefined ? eq(sales.branchId, keys.branch) : undefined,
    keys.partner !== undefined ? eq(sales.partnerId, keys.partner) : undefined,
  ]);
  return [...(channel.length > 0 ? channel : [isNotNull(sales.resellerId)]), ...saleConditions(keys)];
}

/** Per partner when the scope and filters name at most a partner; a branch or reseller needs the reseller grain. */
export const atPartnerGrain = (type: Principal['type'], values: ReportValues) =>
  type !== 'FILIAL' && type !== 'REVENDEDOR' && values.branch === undefined && values.reseller === undefined;

/** The whole business (an administrator naming no partner, branch or reseller): its months, days and hours need no partner's rows. */
export const wholeBusiness = (type: Principal['type'], values: ReportValues) =>
  type === 'ADMINISTRADOR' && values.partner === undefined && values.branch === undefined && values.reseller === undefined;

/**
 * The partner rows (totals, months or days) a principal may see that match the partner, plan and
 * method filters; for drizzle's `and`, which leaves out the `undefined` of a filter not set.
 */
export const partnerConditions = (
  table: typeof salesPartnerTotals | typeof salesPartnerMonths | typeof salesPartnerDays,
  type: Principal['type'],
  keys: ReportKeys,
): Array<SQL | undefined> => [
  type === 'PARCEIRO' ? eq(table.partnerId, keys.scope) : undefined,
  keys.partner !== undefined ? eq(table.partnerId, keys.partner) : undefined,
  ...rollupSaleConditions(table, keys),
];

/** Where a CSV batch resumes: the last sale sent, its instant as PostgreSQL's text (microseconds kept; a Date has milliseconds). */
export interface SaleExportKey {
  id: number;
  keyTime: string;
}

/** The sales after `after` in the export's order (data_hora desc, id desc): a keyset, so no batch re-reads the rows before it. */
export function resumeAfter(after?: SaleExportKey): SQL | undefined {
  if (!after) return undefined;
  return sql`${sales.dataHora} <= ${after.keyTime}::timestamptz and (${sales.dataHora} < ${after.keyTime}::timestamptz or ${sales.id} < ${after.id})`;
}

/** The columns of one row of the report (and of its export), whoever sold it. */
export const saleRowFields = {
  id: sales.id,
  nome_revendedor: resellers.nome,
  nome_filial: branches.titulo,
  nome_parceiro: partners.nome,
  tipo: sales.tipo,
  forma_pagamento: sales.paymentMethod,
  valor: sales.valor,
  data_hora: sales.dataHora,
};
