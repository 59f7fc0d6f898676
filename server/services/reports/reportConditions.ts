import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { REPORT_TIME_ZONE } from '../../../src/domain/report';
import { resellers, sales } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { resellerScope } from '../scope';

export interface SalesReportFilters {
  partner?: number;
  branch?: number;
  reseller?: number;
  tipo?: string;
  /** yyyy-mm, a calendar month of São Paulo. */
  month?: string;
}

export const ZONE = sql.raw(`'${REPORT_TIME_ZONE}'`);

/** The first instant of a São Paulo calendar month (yyyy-mm), `plusMonths` later. */
export const monthStart = (yearMonth: string, plusMonths = 0) =>
  sql`((${`${yearMonth}-01`}::timestamp + ${`${plusMonths} month`}::interval) at time zone ${ZONE})`;

export const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The sales a principal may see that match the filters, for queries on `sales` joined to
 * `resellers`. Only paid sales made through a reseller count (spec: rows with a reseller name).
 */
export function reportConditions(principal: Principal, filters: SalesReportFilters, options: { ignoreMonth?: boolean } = {}): SQL[] {
  const conditions: Array<SQL | undefined> = [resellerScope(principal), eq(sales.status, 'paid')];
  if (filters.reseller) conditions.push(eq(resellers.id, filters.reseller));
  if (filters.branch) conditions.push(eq(resellers.branchId, filters.branch));
  if (filters.partner) conditions.push(eq(resellers.partnerId, filters.partner));
  if (filters.tipo) conditions.push(eq(sales.tipo, filters.tipo));
  if (filters.month && !options.ignoreMonth) {
    conditions.push(gte(sales.dataHora, monthStart(filters.month)), lt(sales.dataHora, monthStart(filters.month, 1)));
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}
