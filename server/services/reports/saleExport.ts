import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales } from '../../db/schema';
import { isAnyOf } from '../../lib/fewMatches';
import type { Principal } from '../auth/tokens';
import {
  reportConditionsOnSales,
  resumeAfter,
  saleConditions,
  ZONE,
  type SaleExportKey,
  type SalesReportFilters,
} from './reportConditions';
import { DEFAULT_SALE_ORDER } from './salesReport';

/**
 * The sales report's CSV export, read in keyset batches. A batch reads `sales` alone (no join), and
 * only what a line needs: the reseller's, branch's and partner's names would repeat in every row
 * (a third of what PGlite hands over, whose reading of the result bytes was the export's largest
 * cost), so they are read once per export for the resellers the batches name (ChannelNames).
 */

const exportFields = {
  id: sales.id,
  resellerId: sales.resellerId,
  tipo: sales.tipo,
  forma_pagamento: sales.paymentMethod,
  valor: sales.valor,
  /** dd/mm/yyyy hh:mm in São Paulo. */
  dataHoraLocal: sql<string>`to_char(${sales.dataHora} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI')`,
  /** Where the next batch resumes: PostgreSQL's text of the instant (microseconds kept). */
  keyTime: sql<string>`${sales.dataHora}::text`,
};

/**
 * A batch of the filtered sales (the caller checked assertMayFilterWithoutReseller before streaming),
 * newest first, after `after` by keyset on (data_hora, id): read down an index from there, so the
 * millionth row costs what the first did. 'Sem revendedor': the sales without one.
 */
export function saleExportBatch(db: Database, principal: Principal, filters: SalesReportFilters, limit: number, after?: SaleExportKey) {
  const inScope = filters.withoutReseller
    ? [isNull(sales.resellerId), ...saleConditions(filters)]
    : reportConditionsOnSales(principal, filters);
  return db
    .select(exportFields)
    .from(sales)
    .where(and(...inScope, resumeAfter(after)))
    .orderBy(...DEFAULT_SALE_ORDER)
    .limit(limit);
}

export type SaleExportRow = Awaited<ReturnType<typeof saleExportBatch>>[number];

export interface ChannelNames {
  reseller: string;
  branch: string;
  partner: string;
}

/**
 * The names of the resellers (with their branch and partner) the export's batches name, each read
 * once per export: `load(rows)` before a batch's lines, then `of(resellerId)`.
 */
export function channelNames(db: Database) {
  const known = new Map<number, ChannelNames>();
  return {
    async load(rows: ReadonlyArray<{ resellerId: number | null }>) {
      const missing = [...new Set(rows.map((row) => row.resellerId))].filter((id): id is number => id !== null && !known.has(id));
      if (missing.length === 0) return;
      const found = await db
        .select({ id: resellers.id, reseller: resellers.nome, branch: branches.titulo, partner: partners.nome })
        .from(resellers)
        .innerJoin(branches, eq(branches.id, resellers.branchId))
        .innerJoin(partners, eq(partners.id, resellers.partnerId))
        .where(isAnyOf(resellers.id, missing));
      for (const { id, ...names } of found) known.set(id, names);
    },
    of: (resellerId: number | null) => (resellerId === null ? undefined : known.get(resellerId)),
  };
}
