import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, partners, resellers, sales } from '../../db/schema';
import { isAnyOf } from '../../lib/fewMatches';
import type { Principal } from '../auth/tokens';
import {
  partnerOrBranchAsked,
  reportConditionsOnSales,
  reportValues,
  resumeAfter,
  saleConditions,
  saleValues,
  ZONE,
  type SaleExportKey,
  type SalesReportFilters,
} from './reportConditions';
import { DEFAULT_SALE_ORDER } from './saleOrder';

/**
 * The sales report's CSV export, read in keyset batches. A batch reads `sales` alone (no join), and
 * only what a line needs: the reseller's, branch's and partner's names would repeat in every row
 * (a third of what PGlite hands over, whose reading of the result bytes was the export's largest
 * cost), so they are read once per export for the resellers the batches name (ChannelNames).
 *
 * Besides the reseller, a row's columns come as one field, a JSON array: PGlite copies and decodes
 * every field of a result on its own, and with seven fields a row that took over half the export's
 * time (a million sales read in 13.4 s with seven fields, 5.6 s as one, its JSON parsed included).
 * A batch keeps its rows as read and each line parses its own (`saleOf`): parsed a batch at a time,
 * a thousand rows outlived the young generation's collections, and the server's heap grew by over
 * 100 MB during a million-row export.
 */

/** The columns of a line, in the order of the array (`SaleColumns`). */
const saleColumns = sql<string>`json_build_array(
  ${sales.id},
  ${sales.dataHora}::text,
  ${sales.tipo},
  ${sales.paymentMethod},
  ${sales.valor}::text,
  to_char(${sales.dataHora} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI')
)::text`;

type SaleColumns = [id: number, keyTime: string, tipo: string, formaPagamento: string, valor: string, dataHoraLocal: string];

/** A row of a batch as read: its reseller (whose names the batch loads) and its other columns, not yet parsed. */
export interface SaleExportRecord {
  resellerId: number | null;
  columns: string;
}

/** A sale of the export; `keyTime` is PostgreSQL's text of the instant (microseconds kept), where the next batch resumes. */
export interface SaleExportRow extends SaleExportKey {
  resellerId: number | null;
  tipo: string;
  forma_pagamento: string;
  valor: string;
  /** dd/mm/yyyy hh:mm in São Paulo. */
  dataHoraLocal: string;
}

export function saleOf({ resellerId, columns }: SaleExportRecord): SaleExportRow {
  const [id, keyTime, tipo, formaPagamento, valor, dataHoraLocal] = JSON.parse(columns) as SaleColumns;
  return { id, keyTime, resellerId, tipo, forma_pagamento: formaPagamento, valor, dataHoraLocal };
}

/**
 * A batch of the filtered sales (the caller checked assertMayFilterWithoutReseller before streaming),
 * newest first, after `after` by keyset on (data_hora, id): read down an index from there, so the
 * millionth row costs what the first did. 'Sem revendedor': the sales without one.
 */
export function saleExportBatch(
  db: Database,
  principal: Principal,
  filters: SalesReportFilters,
  limit: number,
  after?: SaleExportKey,
): Promise<SaleExportRecord[]> {
  if (filters.withoutReseller && partnerOrBranchAsked(filters)) return Promise.resolve([]);
  const inScope = filters.withoutReseller
    ? [isNull(sales.resellerId), ...saleConditions(saleValues(filters))]
    : reportConditionsOnSales(principal.type, reportValues(principal, filters));
  return db
    .select({ resellerId: sales.resellerId, columns: saleColumns })
    .from(sales)
    .where(and(...inScope, resumeAfter(after)))
    .orderBy(...DEFAULT_SALE_ORDER)
    .limit(limit);
}

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
