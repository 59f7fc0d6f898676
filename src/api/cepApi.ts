import { useCallback } from 'react';
import type { CepAddress } from '../domain/cep';
import { apiSlice } from './apiSlice';

/** The address of a CEP, through our server (public): the checkout and the staff's address forms. */
export const cepApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    cepAddress: build.query<CepAddress, string>({
      query: (cep) => `/cep/${encodeURIComponent(cep)}`,
    }),
  }),
});

const { useLazyCepAddressQuery } = cepApi;

/** A CEP's address for the staff's forms (useCepAutofill), from the cache when it was asked before. */
export function useCepLookUp(): (cep: string) => Promise<CepAddress> {
  const [trigger] = useLazyCepAddressQuery();
  return useCallback((cep: string) => trigger(cep, true).unwrap(), [trigger]);
}
