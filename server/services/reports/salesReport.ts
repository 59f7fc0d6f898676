import { and, eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPaymentMethod } from '../../../src/domain/paymentMethods';
import { isPlanId } from '../../../src/domain/plans';
import { isYearMonth, lastMonths, WITHOUT_RESELLER, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/httpErrors';
import { orderOfKey, type KeyPart } from '../../lib/keyset';
import { idFilter } from '../../lib/listQuery';
import { pageFromNearerEnd } from '../../lib/nearerEnd';
import { pageByIds } from '../../lib/pageByIds';
import type { Principal } from '../auth/tokens';
import { reportConditionsOnSales, saleRowFields, type SalesReportFilters } from './reportConditions';
import { money, salesTotals } from './salesTotals';
import { countWithoutReseller, unattributedReport } from './unattributedSales';

export function parseReportFilters(query: unknown): SalesReportFilters {
  const raw = (query ?? {}) as Record<string, unknown>;
  // A filter sent empty (`tipo=`) is no filter, as one left out.
  const given = (name: string) => (raw[name] === '' ? undefined : raw[name]);
  const tipo = given('tipo');
  if (tipo !== undefined && !isPlanId(tipo)) throw badRequest('Filtro tipo inválido.');
  const month = given('month');
  if (month !== undefined && !isYearMonth(month)) throw badRequest('Filtro month inválido.');
  const method = given('forma_pagamento');
  if (method !== undefined && !isPaymentMethod(method)) throw badRequest('Filtro forma_pagamento inválido.');
  const withoutReseller = raw.reseller === WITHOUT_RESELLER;
  return {
    partner: idFilter(query, 'partner'),
    branch: idFilter(query, 'branch'),
    reseller: withoutReseller ? undefined : idFilter(query, 'reseller'),
    tipo,
    month,
    paymentMethod: method,
    withoutReseller,
  };
}

export const SALE_SORTS = {
  data_hora: sales.dataHora,
  valor: sales.valor,
  tipo: sales.tipo,
  forma_pagamento: sales.paymentMethod,
  nome_revendedor: resellers.nome,
  nome_filial: branches.titulo,
  nome_parceiro: partners.nome,
};
/** Newest first, the unique id last: the report's order when none is asked for. */
export const DEFAULT_SALE_KEY: KeyPart[] = [
  { column: sales.dataHora, direction: 'desc' },
  { column: sales.id, direction: 'desc' },
];
export const DEFAULT_SALE_ORDER = orderOfKey(DEFAULT_SALE_KEY);

/** Sales with their reseller, branch and partner: the report's rows and everything sorted like them. */
function withChannel<T extends PgSelect>(query: T) {
  return query
    .innerJoin(resellers, eq(sales.resellerId, resellers.id))
    .innerJoin(branches, eq(resellers.branchId, branches.id))
    .innerJoin(partners, eq(resellers.partnerId, partners.id));
}

/** The sort columns that are the sale's own: a page in their order is found in `sales` alone. */
const SALE_OWN_COLUMNS = new Set<unknown>([sales.dataHora, sales.valor, sales.tipo, sales.paymentMethod, sales.id]);

/**
 * Reads pages of the report's rows in the orders of `key`. When every part is the sale's own column,
 * the page's ids come from `sales` alone and the names are joined for those rows only (pageByIds):
 * joined first, the three lookups ran for every row the offset skipped (1,500 of them on page 150, 10
 * of the query's 12 ms at the large size). An order by a name needs the joins to find its page.
 */
function rowsReader(db: Database, principal: Principal, filters: SalesReportFilters, key: KeyPart[]) {
  const where = () => and(...reportConditionsOnSales(principal, filters));
  const rows = () => withChannel(db.select(saleRowFields).from(sales).$dynamic());
  if (!key.every((part) => SALE_OWN_COLUMNS.has(part.column)))
    return (orderBy: SQL[], limit: number, offset: number) =>
      rows()
        .where(where())
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
  return (orderBy: SQL[], limit: number, offset: number) =>
    pageByIds(rows(), sales.id, db.select({ id: sales.id }).from(sales).where(where()).$dynamic(), orderBy, { limit, offset });
}

/** One page of the report's rows in the order `key` (keyset's parts). */
export type Page = { key: KeyPart[]; limit: number; offset: number };

/** The sales without a reseller belong to no partner's or branch's scope: administrators only. */
export function assertMayFilterWithoutReseller(principal: Principal, filters: SalesReportFilters) {
  if (filters.withoutReseller && principal.type !== 'ADMINISTRADOR')
    throw forbidden('Apenas administradores veem as vendas sem revendedor.');
}

/**
 * The whole report: the figures from the rollup (salesTotals), one page of rows from `sales`. Nothing but that page ever leaves the database, and nothing reads every sale in scope.
 * The 30- and 7-day windows end at `now`; months are São Paulo calendar months.
 */
export async function salesReport(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  page: Page,
  now: Date = new Date(),
): Promise<SalesReport> {
  assertMayFilterWithoutReseller(principal, filters);
  const withoutReseller = principal.type === 'ADMINISTRADOR' ? await countWithoutReseller(db) : undefined;
  if (filters.withoutReseller) return { ...(await unattributedReport(db, filters, page, now)), withoutReseller };
  const totalsRead = salesTotals(db, principal, filters, now);
  // The figures' count is the page's total: a page past the middle is read from the end (pageFromNearerEnd).
  const { rows } = await pageFromNearerEnd(
    page.key,
    page,
    rowsReader(db, principal, filters, page.key),
    async () => (await totalsRead).summary.count,
  );
  const totals = await totalsRead;
  // The page's footer, summed in cents: exact, as the database's numeric sum was.
  const pageCents = rows.reduce((sum, row) => sum + Math.round(money(row.valor) * 100), 0);

  const byMonth = new Map(totals.monthly.map((entry) => [entry.month, entry]));
  return {
    summary: totals.summary,
    byPartner: totals.byPartner,
    rows: rows.map((row) => ({ ...row, valor: money(row.valor), data_hora: row.data_hora.toISOString() })),
    pageTotal: pageCents / 100,
    monthly: lastMonths(now).map((month) => ({ month, count: byMonth.get(month)?.count ?? 0, total: byMonth.get(month)?.total ?? 0 })),
    withoutReseller,
  };
}
