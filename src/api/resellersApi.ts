import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Reseller, ResellerInput } from '../domain/channels';
import { refreshesOnSuccess } from './refreshTable';
import { showSavedInLists } from './savedInLists';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { DoneAnswer, ListAnswer, SaveAnswer } from '../domain/wire/answers';

export const resellersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getResellers: build.query<Page<Reseller>, ListArgs>({
      query: (args) => `/resellers?${listSearchParams(args)}`,
      transformResponse: (body: ListAnswer<Reseller>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Reseller', result?.items),
    }),
    createReseller: build.mutation<SaveAnswer<Reseller>, ResellerInput>({
      query: (body) => ({ url: '/resellers', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createReseller'),
    }),
    updateReseller: build.mutation<SaveAnswer<Reseller>, { id: number; body: ResellerInput }>({
      query: ({ id, body }) => ({ url: `/resellers/${id}`, method: 'PUT', body }),
      invalidatesTags: refreshesOnSuccess('updateReseller'),
      onQueryStarted: (_arg, lifecycle) =>
        showSavedInLists<Reseller>(lifecycle, {
          tag: 'Reseller',
          endpointName: 'getResellers',
          patchPage: (args, recipe) => lifecycle.dispatch(resellersApi.util.updateQueryData('getResellers', args, recipe)),
        }),
    }),
    deleteReseller: build.mutation<DoneAnswer, number>({
      query: (id) => ({ url: `/resellers/${id}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('deleteReseller'),
    }),
  }),
});

export const { useGetResellersQuery, useCreateResellerMutation, useUpdateResellerMutation, useDeleteResellerMutation } = resellersApi;

/** Downloads the whole filtered list (not just the page) as CSV. */
export const exportResellersCsv = (args: ListArgs, filename: string) => downloadFile(exportPath('/resellers/export', args), filename);
