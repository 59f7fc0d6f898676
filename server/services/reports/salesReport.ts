import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPaymentMethod } from '../../../src/domain/paymentMethods';
import { isPlanId } from '../../../src/domain/plans';
import { isYearMonth, lastMonths, WITHOUT_RESELLER, type SalesReport } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { branches, partners, resellers, sales } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/httpErrors';
import { idFilter, type ListSort } from '../../lib/listQuery';
import { pageFromNearerEndOf } from '../../lib/nearerEnd';
import { placeholdersFor, readPageByIds } from '../../lib/preparedList';
import type { Principal } from '../auth/tokens';
import {
  money,
  reportConditionsOnSales,
  reportValues,
  saleRowFields,
  shapeOf,
  type ReportKeys,
  type ReportValues,
  type SalesReportFilters,
} from './reportConditions';
import { offsetOf, pageKey, pageOrderBy, pageShape, type Page } from './saleOrder';
import { salesTotals } from './salesTotals';
import { unattributedReport } from './unattributedSales';

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
 * A page of the report's rows in `orderBy` with the names joined, its limit and offset placeholders:
 * for an order by a name, which needs the joins to find its page.
 */
function joinedPageQuery(db: Database, type: Principal['type'], keys: ReportKeys, orderBy: SQL[], offset: number) {
  return withChannel(db.select(saleRowFields).from(sales).$dynamic())
    .where(and(...reportConditionsOnSales(type, keys)))
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(offsetOf(offset));
}

/**
 * Reads pages of the report's rows in the order of `sort` or its reverse, each query prepared once per
 * shape. When every part of the order is the sale's own column, the page's ids come from `sales` alone
 * and the names are joined for those rows only (readPageByIds): joined first, the three lookups ran
 * for every row the offset skipped (1,500 of them on page 150, 10 of the query's 12 ms at the large size).
 */
function rowsReader(db: Database, type: Principal['type'], values: ReportValues, sort: ListSort | undefined) {
  const byIds = pageKey(sort).every((part) => SALE_OWN_COLUMNS.has(part.column));
  return (reversed: boolean, limit: number, offset: number) => {
    const shape = `reports: page, ${shapeOf(type, values)}, ${pageShape(sort, reversed, offset)}`;
    if (byIds)
      return readPageByIds(
        db,
        shape,
        values,
        { limit, offset },
        {
          ids: (cut) =>
            db
              .select({ id: sales.id })
              .from(sales)
              .where(and(...reportConditionsOnSales(type, placeholdersFor(values))))
              .orderBy(...pageOrderBy(sort, reversed))
              .limit(cut.limit)
              .offset(cut.offset),
          rows: (ids) => withChannel(db.select(saleRowFields).from(sales).$dynamic()).where(ids),
          id: sales.id,
        },
      );
    const query = oncePerShape(db, shape, () => joinedPageQuery(db, type, placeholdersFor(values), pageOrderBy(sort, reversed), offset));
    return query.execute({ ...values, limit, offset });
  };
}

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
  if (filters.withoutReseller) return unattributedReport(db, filters, page, now);
  // An administrator's figures say how many sales have no reseller, in the same statement.
  const totalsRead = salesTotals(db, principal, filters, now, { withoutReseller: principal.type === 'ADMINISTRADOR' });
  // The figures' count is the page's total: a page past the middle is read from the end (lib/nearerEnd.ts).
  const [{ rows }, totals] = await Promise.all([
    pageFromNearerEndOf(
      page,
      rowsReader(db, principal.type, reportValues(principal, filters), page.sort),
      async () => (await totalsRead).summary.count,
    ),
    totalsRead,
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
    withoutReseller: totals.withoutReseller,
  };
}
