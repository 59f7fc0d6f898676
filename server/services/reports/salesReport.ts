import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPlanId } from '../../../src/domain/plans';
import { isYearMonth, lastMonths, REPORT_TIME_ZONE, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales } from '../../db/schema';
import { badRequest } from '../../lib/httpErrors';
import { idFilter } from '../../lib/listQuery';
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

export function parseReportFilters(query: unknown): SalesReportFilters {
  const raw = (query ?? {}) as Record<string, unknown>;
  const tipo = raw.tipo === undefined || raw.tipo === '' ? undefined : raw.tipo;
  if (tipo !== undefined && !isPlanId(tipo)) throw badRequest('Filtro tipo inválido.');
  const month = raw.month === undefined || raw.month === '' ? undefined : raw.month;
  if (month !== undefined && !isYearMonth(month)) throw badRequest('Filtro month inválido.');
  return {
    partner: idFilter(query, 'partner'),
    branch: idFilter(query, 'branch'),
    reseller: idFilter(query, 'reseller'),
    tipo,
    month,
  };
}

const ZONE = sql.raw(`'${REPORT_TIME_ZONE}'`);
const DAY_MS = 86_400_000;

/** The first instant of a São Paulo calendar month (yyyy-mm), `plusMonths` later. */
const monthStart = (yearMonth: string, plusMonths = 0) =>
  sql`((${`${yearMonth}-01`}::timestamp + ${`${plusMonths} month`}::interval) at time zone ${ZONE})`;

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const money = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * The sales a principal may see that match the filters, for queries on `sales` joined to
 * `resellers`. Only paid sales made through a reseller count (spec: rows with a reseller name).
 */
function reportConditions(principal: Principal, filters: SalesReportFilters, options: { ignoreMonth?: boolean } = {}): SQL[] {
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

const totalValue = sql<string>`coalesce(sum(${sales.valor}), 0)`;

export const SALE_SORTS = {
  data_hora: sales.dataHora,
  valor: sales.valor,
  tipo: sales.tipo,
  nome_revendedor: resellers.nome,
  nome_filial: branches.titulo,
  nome_parceiro: partners.nome,
};
export const DEFAULT_SALE_ORDER = [desc(sales.dataHora), desc(sales.id)];

/** Sales with their reseller, branch and partner: the report's rows and everything sorted like them. */
function withChannel<T extends PgSelect>(query: T) {
  return query
    .innerJoin(resellers, eq(sales.resellerId, resellers.id))
    .innerJoin(branches, eq(resellers.branchId, branches.id))
    .innerJoin(partners, eq(resellers.partnerId, partners.id));
}

const saleRowFields = {
  id: sales.id,
  nome_revendedor: resellers.nome,
  nome_filial: branches.titulo,
  nome_parceiro: partners.nome,
  tipo: sales.tipo,
  valor: sales.valor,
  data_hora: sales.dataHora,
};

type Page = { orderBy: SQL[]; limit: number; offset: number };

/**
 * The whole report in a handful of aggregate queries: nothing but one page of rows ever leaves the
 * database. The 30- and 7-day windows end at `now`; months are São Paulo calendar months.
 */
export async function salesReport(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  page: Page,
  now: Date = new Date(),
): Promise<SalesReport> {
  const where = and(...reportConditions(principal, filters));
  const months = lastMonths(now);
  const monthKey = sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'YYYY-MM')`;
  const pageValues = withChannel(db.select({ valor: sales.valor }).from(sales).$dynamic())
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_values');

  const [[summary], byPartner, rows, [pageTotal], monthly] = await Promise.all([
    db
      .select({
        count: count(),
        total: totalValue,
        last30: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(new Date(now.getTime() - 30 * DAY_MS))}), 0)`,
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(new Date(now.getTime() - 7 * DAY_MS))}), 0)`,
      })
      .from(sales)
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      .where(where),
    db
      .select({ partnerId: partners.id, nome_parceiro: partners.nome, count: count(), total: totalValue })
      .from(sales)
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      .innerJoin(partners, eq(resellers.partnerId, partners.id))
      .where(where)
      .groupBy(partners.id, partners.nome)
      .orderBy(desc(totalValue), asc(partners.nome)),
    withChannel(db.select(saleRowFields).from(sales).$dynamic())
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<string>`coalesce(sum(${pageValues.valor}), 0)` }).from(pageValues),
    db
      .select({ month: monthKey, count: count(), total: totalValue })
      .from(sales)
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      .where(and(...reportConditions(principal, filters, { ignoreMonth: true }), gte(sales.dataHora, monthStart(months[0]))))
      .groupBy(monthKey),
  ]);

  const byMonth = new Map(monthly.map((entry) => [entry.month, entry]));
  return {
    summary: { count: summary.count, total: money(summary.total), last30: money(summary.last30), last7: money(summary.last7) },
    byPartner: byPartner.map((entry) => ({ ...entry, total: money(entry.total) })),
    rows: rows.map((row) => ({ ...row, valor: money(row.valor), data_hora: row.data_hora.toISOString() })),
    pageTotal: money(pageTotal.total),
    monthly: months.map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: money(byMonth.get(month)?.total ?? 0) })),
  };
}

/** A batch of the filtered sales for the CSV export, newest first, dated dd/mm/yyyy hh:mm in São Paulo. */
export function saleBatch(db: Database, principal: Principal, filters: SalesReportFilters, limit: number, offset: number) {
  const fields = {
    ...saleRowFields,
    dataHoraLocal: sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI')`,
  };
  return withChannel(db.select(fields).from(sales).$dynamic())
    .where(and(...reportConditions(principal, filters)))
    .orderBy(...DEFAULT_SALE_ORDER)
    .limit(limit)
    .offset(offset);
}
