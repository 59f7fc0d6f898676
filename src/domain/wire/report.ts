/** The sales report's answer (GET /api/reports/sales). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, WireObject } from './answers';

/** One row of the report's table: a sale, through a reseller or (names null) without one. */
export const SaleRow = WireObject({
  id: Type.Integer(),
  nome_revendedor: Nullable(Type.String()),
  nome_filial: Nullable(Type.String()),
  nome_parceiro: Nullable(Type.String()),
  tipo: Type.String({ description: 'The plan id (consulta_avulsa, …)' }),
  forma_pagamento: Type.String({ description: 'card | pix' }),
  valor: Type.Number(),
  data_hora: Timestamp,
});
export type SaleRow = Static<typeof SaleRow>;

export const SalesSummary = WireObject({ count: Type.Integer(), total: Type.Number(), last30: Type.Number(), last7: Type.Number() });
export type SalesSummary = Static<typeof SalesSummary>;

export const PartnerSales = WireObject({
  partnerId: Type.Integer(),
  nome_parceiro: Type.String(),
  count: Type.Integer(),
  total: Type.Number(),
});
export type PartnerSales = Static<typeof PartnerSales>;

export const MonthlySales = WireObject({ month: Type.String({ description: 'yyyy-mm' }), count: Type.Integer(), total: Type.Number() });
export type MonthlySales = Static<typeof MonthlySales>;

/**
 * Every figure within the caller's scope and the filters. `rows` is one page (X-Total-Count holds
 * the number of matching sales), `pageTotal` the sum of that page's values, and `monthly` the last
 * 12 months (the month filter aside, so the chart keeps its context).
 */
export const SalesReport = WireObject({
  summary: SalesSummary,
  byPartner: Type.Array(PartnerSales),
  rows: Type.Array(SaleRow),
  pageTotal: Type.Number(),
  monthly: Type.Array(MonthlySales),
  withoutReseller: Type.Optional(
    Type.Integer({
      description: 'Administrators only: how many paid sales have no reseller (the reseller filter sem-revendedor lists them)',
    }),
  ),
});
export type SalesReport = Static<typeof SalesReport>;
