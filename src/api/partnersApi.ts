import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Partner, PartnerInput, PartnerOption, PartnerView } from '../domain/channels';
import { refreshesOnSuccess } from './refreshTable';
import { showSavedInLists } from './savedInLists';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { DoneAnswer, ListAnswer, SaveAnswer } from '../domain/wire/answers';

export const partnersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** As the user may see them: a branch user's answer leaves out the bank details. */
    getPartners: build.query<Page<PartnerView>, ListArgs>({
      query: (args) => `/partners?${listSearchParams(args)}`,
      transformResponse: (body: ListAnswer<PartnerView>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Partner', result?.items),
    }),
    /** Every partner the user may see, by name: the branch and reseller forms' partner picker (lists answer one page). */
    getPartnerOptions: build.query<PartnerOption[], void>({
      query: () => '/partners/options',
      transformResponse: (body: ListAnswer<PartnerOption>) => body.data.data,
      providesTags: (result) => listTags('Partner', result),
    }),
    createPartner: build.mutation<SaveAnswer<Partner>, PartnerInput>({
      query: (body) => ({ url: '/partners', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createPartner'),
    }),
    updatePartner: build.mutation<SaveAnswer<Partner>, { id: number; body: PartnerInput }>({
      query: ({ id, body }) => ({ url: `/partners/${id}`, method: 'PUT', body }),
      invalidatesTags: refreshesOnSuccess('updatePartner'),
      onQueryStarted: (_arg, lifecycle) =>
        showSavedInLists<PartnerView>(lifecycle, {
          tag: 'Partner',
          endpointName: 'getPartners',
          patchPage: (args, recipe) => lifecycle.dispatch(partnersApi.util.updateQueryData('getPartners', args, recipe)),
        }),
    }),
    deletePartner: build.mutation<DoneAnswer, number>({
      query: (id) => ({ url: `/partners/${id}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('deletePartner'),
    }),
  }),
});

export const {
  useGetPartnersQuery,
  useGetPartnerOptionsQuery,
  useCreatePartnerMutation,
  useUpdatePartnerMutation,
  useDeletePartnerMutation,
} = partnersApi;

/** Downloads the whole filtered list (not just the page) as CSV. */
export const exportPartnersCsv = (args: ListArgs, filename: string) => downloadFile(exportPath('/partners/export', args), filename);
