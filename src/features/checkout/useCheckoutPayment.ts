import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { errorMessage } from '../../api/apiSlice';
import { checkoutApi, usePayMutation } from '../../api/checkoutApi';
import type { RootState } from '../../app/store';
import { notify } from '../../components/toast/notify';
import { CHECKOUT_MESSAGES, CHECKOUT_TIMING, safeHttpUrl } from '../../domain/checkout';
import type { CheckoutValues } from '../../domain/validation/checkout';
import { newIdempotencyKey, toPaymentPayload } from './payment';
import { redirectTo } from './redirect';

const toast = { duration: CHECKOUT_TIMING.toastMs };
const selectCheckoutConfig = checkoutApi.endpoints.checkoutConfig.select();

export interface CheckoutPayment {
  /** Between the click and 3 s after the attempt ends (the button shows the spinner). */
  busy: boolean;
  /** While the request runs (the fields are locked). */
  processing: boolean;
  /** The payment went through; the page waits to redirect and never charges again. */
  approved: boolean;
  pay: (values: CheckoutValues) => Promise<void>;
}

/**
 * One payment attempt per click (spec section 4): busy until 3 s after the attempt ends; on approval
 * the success toast and, 2.5 s later, the customer system; on failure 'Falha no pagamento' and the
 * gateway's text (or 'Erro inesperado'). Timers die with the page.
 */
export function useCheckoutPayment(rev: string | null): CheckoutPayment {
  const [payMutation] = usePayMutation();
  // The customer system's address is read from the store at redirect time (the settings may arrive
  // while the payment runs), not subscribed to: their arrival must not re-render the whole form.
  const store = useStore<RootState>();
  const [busy, setBusy] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [approved, setApproved] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const later = (action: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(action, delayMs));
  };

  const pay = async (values: CheckoutValues) => {
    setBusy(true);
    setProcessing(true);
    let failure: string | null = null;
    try {
      const answer = await payMutation({ payment: toPaymentPayload(values, rev), idempotencyKey: newIdempotencyKey() }).unwrap();
      if (!answer.success) failure = answer.error || CHECKOUT_MESSAGES.unexpected;
    } catch (error) {
      failure = errorMessage(error, CHECKOUT_MESSAGES.unexpected);
    }
    setProcessing(false);

    if (failure === null) {
      setApproved(true);
      notify.success(CHECKOUT_MESSAGES.success, toast);
      later(() => {
        const url = safeHttpUrl(selectCheckoutConfig(store.getState()).data?.customerSiteUrl);
        if (url) redirectTo(url);
      }, CHECKOUT_TIMING.redirectDelayMs);
    } else {
      // Newest on top: the title above its reason.
      notify.error(failure, toast);
      notify.error(CHECKOUT_MESSAGES.failure, toast);
    }
    later(() => setBusy(false), CHECKOUT_TIMING.buttonReleaseMs);
  };

  return { busy, processing, approved, pay };
}
