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

export const { useLazyCepAddressQuery } = cepApi;
