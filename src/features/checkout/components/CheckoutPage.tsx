import { useState } from 'react';
import { Provider } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { ORDER_QUERY_PARAM } from '../../../domain/checkout';
import { makeCheckoutStore, type CheckoutStore } from '../checkoutStore';
import { CheckoutScreen } from './CheckoutScreen';

/**
 * The SPA's /checkout route: the same page the standalone checkout bundle renders, with the
 * checkout's own store (checkoutStore.ts) inside the staff's: a new one, unless given (tests).
 */
export default function CheckoutPage({ store: given }: { store?: CheckoutStore }) {
  const [searchParams] = useSearchParams();
  const [store] = useState(() => given ?? makeCheckoutStore());
  return (
    <Provider store={store}>
      <CheckoutScreen rev={searchParams.get('rev')} orderId={searchParams.get(ORDER_QUERY_PARAM)} />
    </Provider>
  );
}
