import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Branch, BranchInput } from '../domain/channels';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { SaveAnswer } from './partnersApi';

interface ListBody<T> {
  data: { data: T[] };
}

export const branchesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getBranches: build.query<Page<Branch>, ListArgs>({
      query: (args) => `/branches?${listSearchParams(args)}`,
      transformResponse: (body: ListBody<Branch>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Branch', result?.items),
    }),
    /** One partner's branches by title: the reseller form's branch picker. */
    getBranchOptions: build.query<Branch[], number>({
      query: (partnerId) => `/branches?id_parceiro=${partnerId}&sort=titulo`,
      transformResponse: (body: ListBody<Branch>) => body.data.data,
      providesTags: (result) => listTags('Branch', result),
    }),
    createBranch: build.mutation<SaveAnswer<Branch>, BranchInput>({
      query: (body) => ({ url: '/branches', method: 'POST', body }),
      invalidatesTags: [{ type: 'Branch', id: 'LIST' }],
    }),
    updateBranch: build.mutation<SaveAnswer<Branch>, { id: number; body: BranchInput }>({
      query: ({ id, body }) => ({ url: `/branches/${id}`, method: 'PUT', body }),
      // Reseller rows show the branch's title (and follow it to a new partner).
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Branch', id },
        { type: 'Branch', id: 'LIST' },
        { type: 'Reseller', id: 'LIST' },
      ],
    }),
    deleteBranch: build.mutation<{ success: boolean; message?: string }, number>({
      query: (id) => ({ url: `/branches/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Branch', id },
        { type: 'Branch', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetBranchesQuery, useGetBranchOptionsQuery, useCreateBranchMutation, useUpdateBranchMutation, useDeleteBranchMutation } =
  branchesApi;

/** Downloads the whole filtered list (not just the page) as CSV. */
export const exportBranchesCsv = (args: ListArgs, filename: string) =>
  downloadFile(`/branches/export?${listSearchParams({ ...args, page: 1 })}`, filename);
