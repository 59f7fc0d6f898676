import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Beneficiary, BeneficiarySaveAnswer, BeneficiaryFilterName, BeneficiaryStatusAnswer } from '../domain/beneficiaries';
import type { SalesChannelOptions } from '../domain/salesChannel';
import type { BeneficiaryCreatePayload, BeneficiaryEditPayload } from '../domain/validation/beneficiaries';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';

/** The record a row names: its CPF (the spec's look-up) and its uuid (the one record among partners). */
export type BeneficiaryKey = Pick<Beneficiary, 'cpf' | 'uuid'>;

export const beneficiariesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** One page of holders, each followed by its dependents; the total counts holders. */
    getBeneficiaries: build.query<Page<Beneficiary>, ListArgs>({
      query: (args) => `/beneficiaries?${listSearchParams(args)}`,
      transformResponse: (body: Beneficiary[], meta) => toPage(body, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Beneficiary', result?.items),
    }),
    getBeneficiaryFilters: build.query<SalesChannelOptions, void>({
      query: () => '/beneficiaries/filters',
      providesTags: ['BeneficiaryFilters'],
    }),
    /**
     * GET /api/beneficiaries/cpf/{cpf}. A CPF names one record within a partner only, so a screen
     * opened from a row also sends the row's uuid (`?uuid=`): the server then answers that record or 404,
     * never another partner's person with the same CPF.
     */
    getBeneficiaryByCpf: build.query<Beneficiary, string | BeneficiaryKey>({
      query: (key) => {
        if (typeof key === 'string') return `/beneficiaries/cpf/${encodeURIComponent(key)}`;
        return `/beneficiaries/cpf/${encodeURIComponent(key.cpf)}?uuid=${encodeURIComponent(key.uuid)}`;
      },
      providesTags: (result) => (result ? [{ type: 'Beneficiary', id: result.id }] : []),
    }),
    createBeneficiary: build.mutation<BeneficiarySaveAnswer, BeneficiaryCreatePayload>({
      query: (body) => ({ url: '/beneficiaries', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createBeneficiary'),
    }),
    updateBeneficiary: build.mutation<BeneficiarySaveAnswer, { id: number; uuid: string; changes: BeneficiaryEditPayload }>({
      query: ({ uuid, changes }) => ({ url: `/beneficiaries/${uuid}`, method: 'PUT', body: changes }),
      invalidatesTags: refreshesOnSuccess('updateBeneficiary'),
    }),
    /**
     * Flips isActive; the cached lists and records are updated in place with the new state. A holder
     * inactivated takes its dependents with it (the server inactivates them too): in a page, the rows
     * right after it, as the server answers each holder followed by its own dependents. Not every row
     * whose `holder` is its CPF: another partner may have a holder with the same CPF, and a family of its own.
     */
    toggleBeneficiaryStatus: build.mutation<BeneficiaryStatusAnswer, { id: number; uuid: string }>({
      query: ({ uuid }) => ({ url: `/beneficiaries/${uuid}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('toggleBeneficiaryStatus'),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        let data: BeneficiaryStatusAnswer;
        try {
          ({ data } = await queryFulfilled);
        } catch {
          return; // the caller reports the failure; nothing changed
        }
        const setActive = (beneficiary: Beneficiary) => {
          if (beneficiary.id === id) beneficiary.isActive = data.isActive;
        };
        for (const entry of apiSlice.util.selectInvalidatedBy(getState(), [{ type: 'Beneficiary', id }])) {
          if (entry.endpointName === 'getBeneficiaries') {
            dispatch(
              beneficiariesApi.util.updateQueryData('getBeneficiaries', entry.originalArgs as ListArgs, (page) => {
                const at = page.items.findIndex((beneficiary) => beneficiary.id === id);
                if (at < 0) return;
                const toggled = page.items[at];
                setActive(toggled);
                if (data.isActive || toggled.holder) return;
                for (let next = at + 1; next < page.items.length && page.items[next].holder === toggled.cpf; next++) {
                  page.items[next].isActive = false;
                }
              }),
            );
          } else if (entry.endpointName === 'getBeneficiaryByCpf') {
            dispatch(
              beneficiariesApi.util.updateQueryData('getBeneficiaryByCpf', entry.originalArgs as string | BeneficiaryKey, setActive),
            );
          }
        }
      },
    }),
  }),
});

export const {
  useGetBeneficiariesQuery,
  useGetBeneficiaryFiltersQuery,
  useGetBeneficiaryByCpfQuery,
  useCreateBeneficiaryMutation,
  useUpdateBeneficiaryMutation,
  useToggleBeneficiaryStatusMutation,
} = beneficiariesApi;

/** Downloads the whole filtered list (holders and dependents, not just the page) as CSV. */
export const exportBeneficiariesCsv = (filters: Partial<Record<BeneficiaryFilterName, string>>) =>
  downloadFile(exportPath('/beneficiaries/export', { filters }), 'beneficiarios.csv');
