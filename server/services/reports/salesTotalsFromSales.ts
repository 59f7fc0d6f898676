import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { lastMonths } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { partners, resellers, sales } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { instant, monthStart, reportConditions, ZONE, type SalesReportFilters } from './reportConditions';
import { money, type SalesTotals } from './salesTotals';

const DAY_MS = 86_400_000;

/**
 * The report's figures read from the sales themselves, for the one filter the rollup does not know:
 * the payment method (issue 23). Same shape and rules as salesTotals; it costs what the matching
 * sales cost, so it serves only that filter (the rollup gains the method when a report needs it fast).
 */
export async function salesTotalsFromSales(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  now: Date,
): Promise<SalesTotals> {
  const since = lastMonths(now)[0];
  const where = and(...reportConditions(principal, filters));
  const count = sql<number>`count(*)::int`.mapWith(Number);
  const total = sql<string>`coalesce(sum(${sales.valor}), 0)`;
  const fromSales = () => db.select({ partnerId: partners.id, nome_parceiro: partners.nome, count, total }).from(sales);
  const month = sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'YYYY-MM')`;
  const [byPartner, monthly, [window]] = await Promise.all([
    fromSales()
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      .innerJoin(partners, eq(resellers.partnerId, partners.id))
      .where(where)
      .groupBy(partners.id, partners.nome)
      .orderBy(desc(total), asc(partners.nome)),
    db
      .select({ month, count, total })
      .from(sales)
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      // The chart shows the last twelve months whatever month the filter picks, as the rollup's does.
      .where(and(...reportConditions(principal, { ...filters, month: undefined }), gte(sales.dataHora, monthStart(since))))
      .groupBy(month),
    db
      .select({
        last30: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(new Date(now.getTime() - 30 * DAY_MS))}), 0)`,
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(new Date(now.getTime() - 7 * DAY_MS))}), 0)`,
      })
      .from(sales)
      .innerJoin(resellers, eq(sales.resellerId, resellers.id))
      .where(where),
  ]);
  const partnersTotals = byPartner.map((entry) => ({ ...entry, total: money(entry.total) }));
  const cents = partnersTotals.reduce((sum, entry) => sum + Math.round(entry.total * 100), 0);
  return {
    summary: {
      count: partnersTotals.reduce((sum, entry) => sum + entry.count, 0),
      total: cents / 100,
      last30: money(window.last30),
      last7: money(window.last7),
    },
    byPartner: partnersTotals,
    monthly: monthly.map((entry) => ({ month: entry.month, count: entry.count, total: money(entry.total) })),
  };
}
