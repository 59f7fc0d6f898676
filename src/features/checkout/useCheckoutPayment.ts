import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/failures';
import { notify } from '../../components/toast/notify';
import { CHECKOUT_MESSAGES, CHECKOUT_TIMING, ORDER_QUERY_PARAM, safeHttpUrl, type OrderConfirmation } from '../../domain/checkout';
import { PLANS, type PlanId } from '../../domain/plans';
import type { CheckoutValues } from '../../domain/validation/checkout';
import {
  buttonReleased,
  cardPaymentApproved,
  cardPaymentRefused,
  cardPaymentStarted,
  pixChargeCreated,
  pixChargeRefused,
  pixChargeRequested,
  pixPaid,
  redirectStarted,
} from './checkoutSlice';
import { loadCheckoutCalls } from './checkoutStore';
import { useCheckoutDispatch, useCheckoutSelector, useCheckoutStore } from './hooks';
import { attemptAnswered, createAttemptKeys } from './paymentAttempt';
import { toPaymentPayload, toPixPayload } from './payment';
import { redirectTo } from './redirect';
import { selectPaymentMethod, selectPixOrder, selectPixPhase, selectSettings } from './selectors';

const toast = { duration: CHECKOUT_TIMING.toastMs };

export interface CheckoutPayment {
  /** Pays by the chosen method: the card is charged, or a Pix charge is created. */
  pay: (values: CheckoutValues) => Promise<void>;
  /** The Pix charge was paid (the panel saw it): the confirmation, then the customer system. */
  confirmPix: () => void;
}

/** The confirmation's own address, so a reload (or the Back button) shows it again instead of an empty form. */
function showOrderInAddressBar(orderId: string) {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${ORDER_QUERY_PARAM}=${encodeURIComponent(orderId)}`);
}

/**
 * The payment flow's side of the checkout slice (spec section 4): the calls, toasts and timers that
 * move it. One attempt per click; the button is released 3 s after an attempt ends; on approval the
 * earlier failure toasts go, the success toast and the confirmation show, and 2.5 s later the
 * customer system; on failure 'Falha no pagamento' and the gateway's text (or 'Erro inesperado').
 * The card's data goes from the form to the request and nowhere else: the call is not tracked in
 * the store. Timers die with the page. The form guards the click itself (useSubmitOnce).
 */
export function useCheckoutPayment(rev: string | null): CheckoutPayment {
  const dispatch = useCheckoutDispatch();
  // The customer system's address is read from the store at redirect time (the settings may arrive
  // while the payment runs), not subscribed to: their arrival must not re-render the whole form.
  const store = useCheckoutStore();
  const method = useCheckoutSelector(selectPaymentMethod);
  const [attemptKeys] = useState(createAttemptKeys);
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const later = (action: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(action, delayMs));
  };

  const redirectSoon = (confirmation: OrderConfirmation) => {
    notify.dismissAll();
    notify.success(CHECKOUT_MESSAGES.success, toast);
    if (confirmation.orderId) showOrderInAddressBar(confirmation.orderId);
    dispatch(redirectStarted());
    later(() => {
      const url = safeHttpUrl(selectSettings(store.getState())?.customerSiteUrl);
      if (url) redirectTo(url);
    }, CHECKOUT_TIMING.redirectDelayMs);
  };

  const showFailure = (failure: string) => {
    // Newest on top: the title above its reason.
    notify.error(failure, toast);
    notify.error(CHECKOUT_MESSAGES.failure, toast);
    later(() => dispatch(buttonReleased()), CHECKOUT_TIMING.buttonReleaseMs);
  };

  const payByCard = async (values: CheckoutValues) => {
    dispatch(cardPaymentStarted());
    const payment = await toPaymentPayload(values, rev);
    let failure: string | null = null;
    try {
      const { checkoutApi } = await loadCheckoutCalls(store);
      const request = dispatch(
        checkoutApi.endpoints.pay.initiate({ payment, idempotencyKey: attemptKeys.keyFor(payment) }, { track: false }),
      );
      const answer = await request.unwrap();
      attemptKeys.answered();
      if (answer.success) {
        const plan = PLANS[payment.selectedPlan as PlanId];
        const order = { orderId: answer.orderId ?? '', plan: plan.id, value: plan.price, email: payment.email };
        dispatch(cardPaymentApproved(order));
        redirectSoon(order);
        return;
      }
      failure = answer.error || CHECKOUT_MESSAGES.unexpected;
    } catch (error) {
      if (attemptAnswered(error)) attemptKeys.answered();
      failure = errorMessage(error, CHECKOUT_MESSAGES.unexpected);
    }
    dispatch(cardPaymentRefused());
    showFailure(failure);
  };

  const payByPix = async (values: CheckoutValues) => {
    dispatch(pixChargeRequested());
    const payment = await toPixPayload(values, rev);
    let failure: string;
    try {
      const { checkoutApi } = await loadCheckoutCalls(store);
      const request = dispatch(
        checkoutApi.endpoints.createPixCharge.initiate({ payment, idempotencyKey: attemptKeys.keyFor(payment) }, { track: false }),
      );
      const answer = await request.unwrap();
      // A new code (after this one expires) is a new attempt with a new key.
      attemptKeys.answered();
      if (answer.success) {
        const { success: _success, ...charge } = answer;
        const plan = PLANS[payment.selectedPlan as PlanId];
        dispatch(pixChargeCreated({ charge, order: { orderId: charge.orderId, plan: plan.id, value: plan.price, email: payment.email } }));
        return;
      }
      failure = answer.error || CHECKOUT_MESSAGES.unexpected;
    } catch (error) {
      if (attemptAnswered(error)) attemptKeys.answered();
      failure = errorMessage(error, CHECKOUT_MESSAGES.unexpected);
    }
    dispatch(pixChargeRefused());
    showFailure(failure);
  };

  const confirmPix = () => {
    const state = store.getState();
    const order = selectPixOrder(state);
    if (!order || selectPixPhase(state) !== 'waiting') return;
    dispatch(pixPaid());
    redirectSoon(order);
  };

  return { pay: (values) => (method === 'pix' ? payByPix(values) : payByCard(values)), confirmPix };
}
