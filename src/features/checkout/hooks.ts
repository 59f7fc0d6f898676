import { useCallback } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { CepLookUp } from '../../components/forms/useCepAutofill';
import { loadCheckoutCalls, type CheckoutDispatch, type CheckoutRootState, type CheckoutStore } from './checkoutStore';
import { selectSettings } from './selectors';

/** The checkout's own store's hooks (checkoutStore.ts), typed for its state. */
export const useCheckoutDispatch = useDispatch.withTypes<CheckoutDispatch>();
export const useCheckoutSelector = useSelector.withTypes<CheckoutRootState>();
export const useCheckoutStore = useStore.withTypes<CheckoutStore>();

/** The public settings (company name, support, customer system), or null while they are not known. */
export const useCheckoutSettings = () => useCheckoutSelector(selectSettings);

/** The address of a CEP through the checkout's calls, loaded first if the form has not loaded them yet. */
export function useCheckoutCepLookUp(): CepLookUp {
  const store = useCheckoutStore();
  return useCallback<CepLookUp>(
    async (cep) => {
      const { cepApi } = await loadCheckoutCalls(store);
      return store.dispatch(cepApi.endpoints.cepAddress.initiate(cep, { subscribe: false })).unwrap();
    },
    [store],
  );
}
