import { useEffect, useState, type ReactNode } from 'react';
import { loadCheckoutCalls, type CheckoutCalls } from '../checkoutStore';
import { useCheckoutStore } from '../hooks';

interface WithCallsProps {
  /** Draws the part with the calls (their hooks are `calls.checkoutApi.use…`: no chunk of the page imports them). */
  children: (calls: CheckoutCalls) => ReactNode;
  /** Shown while the calls load. */
  loading: ReactNode;
  /** Shown if their chunk did not arrive. */
  failed: ReactNode;
}

/**
 * Renders `children` once the checkout's calls are joined to its store (checkoutStore.ts): RTK
 * Query's hooks need the api's reducer and middleware there. Used by the parts that call at once.
 * They take the hooks from the loaded calls rather than importing them, so RTK Query stays in the
 * calls' one chunk (webpack.config.ts keeps it whole).
 */
export function WithCalls({ children, loading, failed }: WithCallsProps) {
  const store = useCheckoutStore();
  const [calls, setCalls] = useState<CheckoutCalls | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let shown = true;
    loadCheckoutCalls(store).then(
      (joined) => shown && setCalls(joined),
      () => shown && setCalls('failed'),
    );
    return () => {
      shown = false;
    };
  }, [store]);
  if (calls === 'failed') return failed;
  return calls === 'loading' ? loading : children(calls);
}
