import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Branch, BranchInput, BranchOption } from '../domain/channels';
import { refreshesOnSuccess } from './refreshTable';
import { showSavedInLists } from './savedInLists';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { DoneAnswer, ListAnswer, SaveAnswer } from '../domain/wire/answers';

export const branchesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getBranches: build.query<Page<Branch>, ListArgs>({
      query: (args) => `/branches?${listSearchParams(args)}`,
      transformResponse: (body: ListAnswer<Branch>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Branch', result?.items),
    }),
    /** One partner's branches by title: the reseller form's branch picker (lists answer one page). */
    getBranchOptions: build.query<BranchOption[], number>({
      query: (partnerId) => `/branches/options?id_parceiro=${partnerId}`,
      transformResponse: (body: ListAnswer<BranchOption>) => body.data.data,
      providesTags: (result) => listTags('Branch', result),
    }),
    createBranch: build.mutation<SaveAnswer<Branch>, BranchInput>({
      query: (body) => ({ url: '/branches', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createBranch'),
    }),
    updateBranch: build.mutation<SaveAnswer<Branch>, { id: number; body: BranchInput }>({
      query: ({ id, body }) => ({ url: `/branches/${id}`, method: 'PUT', body }),
      invalidatesTags: refreshesOnSuccess('updateBranch'),
      onQueryStarted: (_arg, lifecycle) =>
        showSavedInLists<Branch>(lifecycle, {
          tag: 'Branch',
          endpointName: 'getBranches',
          patchPage: (args, recipe) => lifecycle.dispatch(branchesApi.util.updateQueryData('getBranches', args, recipe)),
        }),
    }),
    deleteBranch: build.mutation<DoneAnswer, number>({
      query: (id) => ({ url: `/branches/${id}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('deleteBranch'),
    }),
  }),
});

export const { useGetBranchesQuery, useGetBranchOptionsQuery, useCreateBranchMutation, useUpdateBranchMutation, useDeleteBranchMutation } =
  branchesApi;

/** Downloads the whole filtered list (not just the page) as CSV. */
export const exportBranchesCsv = (args: ListArgs, filename: string) => downloadFile(exportPath('/branches/export', args), filename);
