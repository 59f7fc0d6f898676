import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Professional } from '../domain/care';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { DoneAnswer, SaveAnswer } from '../domain/wire/answers';

/** Screens import the shape from here with the endpoints; it is defined once in domain/care. */
export type { Professional };

export const professionalsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProfessionals: build.query<Page<Professional>, ListArgs>({
      query: (args) => `/professionals?${listSearchParams(args)}`,
      transformResponse: (body: { data: Professional[] }, meta) => toPage(body.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Professional', result?.items),
    }),
    /** One professional with freshly signed document links (they expire after a while). */
    getProfessional: build.query<Professional, number>({
      query: (id) => `/professionals/${id}`,
      transformResponse: (body: { data: Professional }) => body.data,
      providesTags: (_result, _error, id) => [{ type: 'Professional', id }],
    }),
    /** Multipart: the fields plus the four documents. */
    createProfessional: build.mutation<SaveAnswer<Professional>, FormData>({
      query: (body) => ({ url: '/professionals', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createProfessional'),
    }),
    updateProfessional: build.mutation<SaveAnswer<Professional>, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `/professionals/${id}`, method: 'PUT', body }),
      invalidatesTags: refreshesOnSuccess('updateProfessional'),
    }),
    deleteProfessional: build.mutation<DoneAnswer, number>({
      query: (id) => ({ url: `/professionals/${id}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('deleteProfessional'),
    }),
  }),
});

export const {
  useGetProfessionalsQuery,
  useGetProfessionalQuery,
  useCreateProfessionalMutation,
  useUpdateProfessionalMutation,
  useDeleteProfessionalMutation,
} = professionalsApi;

/** Downloads the whole filtered roster (not just the page) as CSV. */
export const exportProfessionalsCsv = (args: ListArgs) => downloadFile(exportPath('/professionals/export.csv', args), 'profissionais.csv');
