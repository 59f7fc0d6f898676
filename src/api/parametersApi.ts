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
    /** Sends the version the value was typed over (`versao`): a parameter changed since is refused (409). */
    updateParameter: build.mutation<{ success: boolean; data: Parameter }, { id: number; valor: string; versao?: number }>({
      query: ({ id, ...body }) => ({ url: `/parametros/${id}`, method: 'PUT', body }),
      // The saved parameter (its value, and its version for the next change) shows at once, before the list has reloaded.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        let saved: Parameter;
        try {
          saved = (await queryFulfilled).data.data;
        } catch {
          return;
        }
        dispatch(
          parametersApi.util.updateQueryData('getParameters', undefined, (parameters) =>
            parameters.map((parameter) => (parameter.id === id ? saved : parameter)),
          ),
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
