import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { AUDIT_TEXTS, type AuditEntryView, type AuditFilterName, type BeneficiaryAuditEntry } from '../domain/audit';
import type { ListAnswer } from '../domain/wire/answers';
import { apiSlice } from './apiSlice';
import { downloadFile, exportPath, type DownloadThunk } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';

/** The audit trail: always read fresh (it grows with every action, so nothing is cached for long). */
export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAuditEntries: build.query<Page<AuditEntryView>, ListArgs>({
      query: (args) => `/audit?${listSearchParams(args)}`,
      transformResponse: (body: ListAnswer<AuditEntryView>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      keepUnusedDataFor: 0,
    }),
    /** Who saw or changed one beneficiary recently (its details dialog). */
    getBeneficiaryAudit: build.query<BeneficiaryAuditEntry[], string>({
      query: (uuid) => `/audit/beneficiaries/${encodeURIComponent(uuid)}`,
      transformResponse: (body: ListAnswer<BeneficiaryAuditEntry>) => body.data.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** Downloads the whole filtered trail (not just the page), once dispatched; false when the server refused. */
export function exportAuditCsv(filters: Partial<Record<AuditFilterName, string>>, sort?: string): DownloadThunk {
  return downloadFile(exportPath('/audit/export', { filters, sort }), AUDIT_TEXTS.csvFilename);
}

export const { useGetAuditEntriesQuery, useGetBeneficiaryAuditQuery } = auditApi;
