import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ReportFilterName, SalesReport } from '../domain/report';
import type { SalesChannelOptions } from '../domain/salesChannel';
import { apiSlice } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, type ListArgs } from './paging';

/** The report with the number of matching sales (X-Total-Count) for the pagination. */
export interface SalesReportPage extends SalesReport {
  totalRows: number;
}

export const reportApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSalesReport: build.query<SalesReportPage, ListArgs>({
      query: (args) => `/reports/sales?${listSearchParams(args)}`,
      transformResponse: (body: SalesReport, meta) => ({
        ...body,
        totalRows: Number((meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count') ?? body.summary.count),
      }),
      providesTags: ['Report'],
    }),
    getSalesReportFilters: build.query<SalesChannelOptions, void>({
      query: () => '/reports/sales/filters',
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetSalesReportQuery, useGetSalesReportFiltersQuery } = reportApi;

/** Downloads every sale the filters match (not just the page) as CSV. */
export const exportSalesReportCsv = (filters: Partial<Record<ReportFilterName, string>>) =>
  downloadFile(exportPath('/reports/sales/export', { filters }), 'relatorio-vendas.csv');
