import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Beneficiary, BeneficiarySaveAnswer, BeneficiaryFilterName, BeneficiaryStatusAnswer } from '../domain/beneficiaries';
import type { SalesChannelOptions } from '../domain/salesChannel';
import type { BeneficiaryCreatePayload, BeneficiaryEditPayload } from '../domain/validation/beneficiaries';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';

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
    getBeneficiaryByCpf: build.query<Beneficiary, string>({
      query: (cpf) => `/beneficiaries/cpf/${encodeURIComponent(cpf)}`,
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
     * inactivated takes its dependents with it (the server inactivates them too).
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
                const toggled = page.items.find((beneficiary) => beneficiary.id === id);
                page.items.forEach((beneficiary) => {
                  setActive(beneficiary);
                  if (!data.isActive && toggled && !toggled.holder && beneficiary.holder === toggled.cpf) beneficiary.isActive = false;
                });
              }),
            );
          } else if (entry.endpointName === 'getBeneficiaryByCpf') {
            dispatch(beneficiariesApi.util.updateQueryData('getBeneficiaryByCpf', entry.originalArgs as string, setActive));
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
