import { eq, gte, isNotNull, lt, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { REPORT_TIME_ZONE } from '../../../src/domain/report';
import { branches, partners, resellers, sales } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { resellerScope } from '../scope';

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

export const ZONE = sql.raw(`'${REPORT_TIME_ZONE}'`);

/** The first instant of a São Paulo calendar month (yyyy-mm), `plusMonths` later. */
export const monthStart = (yearMonth: string, plusMonths = 0) =>
  sql`((${`${yearMonth}-01`}::timestamp + ${`${plusMonths} month`}::interval) at time zone ${ZONE})`;

export const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The first day of a São Paulo calendar month (yyyy-mm) as a date: the rollups' month key. */
export const firstDay = (yearMonth: string) => sql`${`${yearMonth}-01`}::date`;

/** The São Paulo calendar day of an instant, and the first instant of the day after it. */
export const dayOf = (date: Date) => sql`(${instant(date)} at time zone ${ZONE})::date`;
export const dayAfter = (date: Date) => sql`(((${instant(date)} at time zone ${ZONE})::date + 1)::timestamp at time zone ${ZONE})`;

/** A rollup column summed: a count (0 when no row) and a total (numeric's text). */
export const sumCount = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
export const sumTotal = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)`;

/** The scope's and the channel filters' conditions on `resellers`. */
export function channelConditions(principal: Principal, filters: SalesReportFilters): SQL[] {
  return [
    resellerScope(principal),
    filters.reseller ? eq(resellers.id, filters.reseller) : undefined,
    filters.branch ? eq(resellers.branchId, filters.branch) : undefined,
    filters.partner ? eq(resellers.partnerId, filters.partner) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The plan and method filters on a rollup's rows (they are keyed by both); the month is the caller's,
 * each rollup having its own period.
 */
export function rollupSaleConditions(rollup: { tipo: Column; paymentMethod: Column }, filters: SalesReportFilters) {
  return [
    filters.tipo ? eq(rollup.tipo, filters.tipo) : undefined,
    filters.paymentMethod ? eq(rollup.paymentMethod, filters.paymentMethod) : undefined,
  ];
}

/** Only paid sales count; the plan, method and month filters. */
export function saleConditions(filters: SalesReportFilters): SQL[] {
  const conditions = [eq(sales.status, 'paid')];
  if (filters.tipo) conditions.push(eq(sales.tipo, filters.tipo));
  if (filters.paymentMethod) conditions.push(eq(sales.paymentMethod, filters.paymentMethod));
  if (filters.month) conditions.push(gte(sales.dataHora, monthStart(filters.month)), lt(sales.dataHora, monthStart(filters.month, 1)));
  return conditions;
}

/** A principal's scope on the sale's own channel columns (migration 0024 keeps them as the reseller's). */
function saleScope(principal: Principal): SQL | undefined {
  switch (principal.type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(sales.partnerId, principal.partnerId!);
    case 'FILIAL':
      return eq(sales.branchId, principal.branchId!);
    case 'REVENDEDOR':
      return eq(sales.resellerId, principal.id);
  }
}

/**
 * The same for queries on `sales` alone, by the sale's own reseller, branch and partner: a partner's
 * or a branch's sales by date come from their index (sales_partner_time_idx, sales_branch_time_idx),
 * however many other partners sell meanwhile; with no scope and no channel filter, "through a
 * reseller". The windows' sums and the page's ids read only the sales they count.
 */
export function reportConditionsOnSales(principal: Principal, filters: SalesReportFilters): SQL[] {
  const channel = [
    saleScope(principal),
    filters.reseller ? eq(sales.resellerId, filters.reseller) : undefined,
    filters.branch ? eq(sales.branchId, filters.branch) : undefined,
    filters.partner ? eq(sales.partnerId, filters.partner) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return [...(channel.length > 0 ? channel : [isNotNull(sales.resellerId)]), ...saleConditions(filters)];
}

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
