import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ReportFilterName, SalesReport } from '../domain/report';
import type { SalesChannelOptions } from '../domain/salesChannel';
import { apiSlice } from './apiSlice';
import { listSearchParams, type ListArgs } from './paging';

/** The report with the number of matching sales (X-Total-Count) for the pagination. */
export interface SalesReportPage extends SalesReport {
  totalRows: number;
}

/** The query string of the report's filters alone (the CSV export takes the same filters). */
export function reportFilterParams(filters: Partial<Record<ReportFilterName, string>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params.toString();
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
