import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPlanId } from '../../../src/domain/plans';
import { isYearMonth, lastMonths, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales } from '../../db/schema';
import { badRequest } from '../../lib/httpErrors';
import { idFilter } from '../../lib/listQuery';
import type { Principal } from '../auth/tokens';
import { reportConditions, ZONE, type SalesReportFilters } from './reportConditions';
import { money, salesTotals } from './salesTotals';

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
 * The whole report: the figures from the rollup (salesTotals), one page of rows and its total from
 * `sales`. Nothing but that page ever leaves the database, and nothing reads every sale in scope.
 * The 30- and 7-day windows end at `now`; months are São Paulo calendar months.
 */
export async function salesReport(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  page: Page,
  now: Date = new Date(),
): Promise<SalesReport> {
  const [totals, rows] = await Promise.all([
    salesTotals(db, principal, filters, now),
    withChannel(db.select(saleRowFields).from(sales).$dynamic())
      .where(and(...reportConditions(principal, filters)))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
  ]);
  // The page's footer, summed in cents: exact, as the database's numeric sum was.
  const pageCents = rows.reduce((sum, row) => sum + Math.round(money(row.valor) * 100), 0);

  const byMonth = new Map(totals.monthly.map((entry) => [entry.month, entry]));
  return {
    summary: totals.summary,
    byPartner: totals.byPartner,
    rows: rows.map((row) => ({ ...row, valor: money(row.valor), data_hora: row.data_hora.toISOString() })),
    pageTotal: pageCents / 100,
    monthly: lastMonths(now).map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: byMonth.get(month)?.total ?? 0 })),
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
