import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { paymentMethodLabel } from '../../src/domain/paymentMethods';
import { planName } from '../../src/domain/plans';
import { REPORT_COLUMNS, REPORT_TEXTS } from '../../src/domain/report';
import { CsvFile } from '../../src/domain/wire/answers';
import { SalesReport } from '../../src/domain/wire/report';
import { SalesChannelOptions } from '../../src/domain/wire/salesChannel';
import { csvMoney, keysetBatches, sendCsv } from '../lib/csv';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { ExportQuery, ListQuery } from '../lib/requestSchemas';
import { PAYMENT_METHODS } from '../../src/domain/paymentMethods';
import { PLAN_IDS } from '../../src/domain/plans';
import { WITHOUT_RESELLER } from '../../src/domain/report';
import { salesChannelOptions } from '../services/beneficiaries/channelOptions';
import { assertMayFilterWithoutReseller, parseReportFilters, salesReport } from '../services/reports/salesReport';
import { DEFAULT_SALE_ORDER, SALE_SORTS } from '../services/reports/saleOrder';
import { channelNames, saleExportBatch, saleOf, type SaleExportRecord } from '../services/reports/saleExport';

/** This module's routes in the API reference (/api/docs). */
const tags = ['reports'];

/** What parseReportFilters reads, for /api/docs. */
const FILTERS = {
  partner: "The partner's id",
  branch: "The branch's id",
  reseller: `The reseller's id, or ${WITHOUT_RESELLER} for the sales of no reseller`,
  tipo: `The plan: ${PLAN_IDS.join(', ')}`,
  forma_pagamento: `The payment method: ${PAYMENT_METHODS.join(', ')}`,
  month: 'The month, yyyy-mm',
};

const CSV_HEADER = [
  REPORT_COLUMNS.reseller,
  REPORT_COLUMNS.branch,
  REPORT_COLUMNS.partner,
  REPORT_COLUMNS.type,
  REPORT_COLUMNS.paymentMethod,
  REPORT_COLUMNS.value,
  REPORT_COLUMNS.dateTime,
];

/**
 * The sales report, within the caller's scope (a partner its branches' sales, a branch its
 * resellers', a reseller its own, an administrator all), filtered by partner, branch, reseller,
 * tipo (plan id), forma_pagamento (card | pix) and month (yyyy-mm).
 */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * `{summary:{count,total,last30,last7}, byPartner:[{partnerId,nome_parceiro,count,total}],
   * rows:[{id,nome_revendedor,nome_filial,nome_parceiro,tipo,forma_pagamento,valor,data_hora}], pageTotal,
   * monthly:[{month,count,total}]}`; X-Total-Count is the number of matching sales. Page size 10 by default.
   */
  app.get(
    '/api/reports/sales',
    {
      schema: {
        tags,
        summary: 'Sales report (one page)',
        querystring: ListQuery({ sorts: Object.keys(SALE_SORTS), filterDescriptions: FILTERS }),
        response: { 200: SalesReport },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, SALE_SORTS, DEFAULT_SALE_ORDER);
      const report = await salesReport(app.db, request.principal, parseReportFilters(request.query), {
        sort: list.sort,
        limit: list.pageSize,
        offset: list.offset,
      });
      setTotalCount(reply, report.summary.count);
      return report;
    },
  );

  /** The partner, branch and reseller choices: every reseller in scope with its branch and partner. */
  app.get(
    '/api/reports/sales/filters',
    {
      schema: { tags, summary: "The sales report's channel options", response: { 200: SalesChannelOptions } },
    },
    async (request) => salesChannelOptions(app.db, request.principal),
  );

  /** Every filtered sale as CSV, newest first, read in keyset batches (a million sales in seconds). */
  app.get(
    '/api/reports/sales/export',
    {
      schema: {
        tags,
        summary: 'Export the sales report as CSV',
        querystring: ExportQuery({ filterDescriptions: FILTERS }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const filters = parseReportFilters(request.query);
      // Before the first byte: a refusal cannot be sent once the CSV is streaming.
      assertMayFilterWithoutReseller(request.principal, filters);
      const names = channelNames(app.db);
      const batches = keysetBatches<SaleExportRecord>(async (limit, after) => {
        const rows = await saleExportBatch(app.db, request.principal, filters, limit, after && saleOf(after));
        await names.load(rows);
        return rows;
      });
      return sendCsv(reply, {
        filename: 'relatorio-vendas.csv',
        header: CSV_HEADER,
        batches,
        line: (record) => {
          const sale = saleOf(record);
          const channel = names.of(sale.resellerId);
          return [
            channel?.reseller ?? REPORT_TEXTS.withoutReseller,
            channel?.branch,
            channel?.partner,
            planName(sale.tipo),
            paymentMethodLabel(sale.forma_pagamento),
            csvMoney(sale.valor),
            sale.dataHoraLocal,
          ];
        },
      });
    },
  );
}
