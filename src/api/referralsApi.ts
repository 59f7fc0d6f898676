import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { Referral } from '../domain/wire/care';

/** A medical referral as GET /api/appointments/referrals answers it: defined once in domain/wire/care. */
export type { Referral };

/** How many pending referrals the new-appointment wizard lists for a search. */
export const PENDING_REFERRALS_LIMIT = 50;

const withUuidIds = (items: Referral[] | undefined) => items?.map((item) => ({ id: item.uuid }));

export const referralsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<Page<Referral>, ListArgs>({
      query: (args) => `/appointments/referrals?${listSearchParams(args)}`,
      transformResponse: (body: Referral[], meta) => toPage(body, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Referral', withUuidIds(result?.items)),
    }),
    /** Pending referrals whose patient's name or CPF contains the text: the patients of an appointment from a referral. */
    getPendingReferrals: build.query<Referral[], string>({
      query: (search) =>
        `/appointments/referrals?${listSearchParams({ page: 1, pageSize: PENDING_REFERRALS_LIMIT, sort: 'beneficiario:asc', filters: { status: 'PENDING', busca: search } })}`,
      providesTags: (result) => listTags('Referral', withUuidIds(result)),
    }),
  }),
});

export const { useGetReferralsQuery, useGetPendingReferralsQuery } = referralsApi;

/** Downloads the whole filtered list (not just the page) as CSV. */
export const exportReferralsCsv = (args: ListArgs) =>
  downloadFile(exportPath('/appointments/referrals/export.csv', args), 'encaminhamentos.csv');
