import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice, listTags } from './apiSlice';
import { PAGE_SIZE, toPage, type Page } from './paging';
import type { Parameter, ParameterChange } from '../domain/wire/parameters';
import type { ListAnswer } from '../domain/wire/answers';

export type { Parameter, ParameterChange } from '../domain/wire/parameters';

/** The history of one parameter shares the Parameter tag, under an id of its own. */
const historyTag = (id: number) => ({ type: 'Parameter' as const, id: `history-${id}` });

export const parametersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getParameters: build.query<Parameter[], void>({
      query: () => '/parametros',
      transformResponse: (body: ListAnswer<Parameter>) => body.data.data,
      providesTags: (parameters) => listTags('Parameter', parameters),
    }),
    updateParameter: build.mutation<{ success: boolean }, { id: number; valor: string }>({
      query: ({ id, valor }) => ({ url: `/parametros/${id}`, method: 'PUT', body: { valor } }),
      // The saved value shows at once, before the list has reloaded.
      async onQueryStarted({ id, valor }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          parametersApi.util.updateQueryData('getParameters', undefined, (parameters) => {
            const saved = parameters.find((parameter) => parameter.id === id);
            if (saved) saved.valor = valor;
          }),
        );
      },
      invalidatesTags: refreshesOnSuccess('updateParameter'),
    }),
    getParameterHistory: build.query<Page<ParameterChange>, { id: number; page: number }>({
      query: ({ id, page }) => `/parametros/${id}/historico?page=${page}&pageSize=${PAGE_SIZE}`,
      // The base query wraps fetchBaseQuery, so its meta is fetchBaseQuery's (with the response headers).
      transformResponse: (body: ListAnswer<ParameterChange>, meta) => toPage(body.data.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (_result, _error, { id }) => [historyTag(id)],
    }),
  }),
});

export const { useGetParametersQuery, useUpdateParameterMutation, useGetParameterHistoryQuery } = parametersApi;
