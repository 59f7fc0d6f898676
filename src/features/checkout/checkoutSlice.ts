import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CheckoutConfig, OrderConfirmation } from '../../domain/checkout';
import type { PaymentMethod } from '../../domain/paymentMethods';
import type { PixCharge } from '../../domain/pix';

/** The card flow of spec section 4: idle → submitting → approved or refused; approved → redirecting. */
export type CardPhase = 'idle' | 'submitting' | 'approved' | 'refused' | 'redirecting';
/** Pix's own states: creating → waiting (charge created, code shown) → paid or expired; paid → redirecting. */
export type PixPhase = 'idle' | 'creating' | 'waiting' | 'paid' | 'expired' | 'refused' | 'redirecting';

/**
 * The checkout's payment flow. Only what the page must remember between renders lives here: the
 * method, each method's phase, the button's lock (until 3 s after an attempt ends), the approved
 * order and the Pix charge being paid. Card data never enters the store: it stays in the form.
 */
export interface CheckoutState {
  method: PaymentMethod;
  card: CardPhase;
  pix: PixPhase;
  /** Set when an attempt starts; released 3 s after it ends (the page's timer dispatches it). */
  buttonLocked: boolean;
  order: OrderConfirmation | null;
  pixCharge: PixCharge | null;
  /** The order the open Pix charge confirms once paid (plan, value, e-mail: no card data). */
  pixOrder: OrderConfirmation | null;
  /**
   * The public settings (company name, support, customer system): written into the page by the
   * server, or asked once the calls load (checkoutStore.ts); null until then.
   */
  settings: CheckoutConfig | null;
}

export const initialCheckoutState: CheckoutState = {
  method: 'card',
  card: 'idle',
  pix: 'idle',
  buttonLocked: false,
  order: null,
  pixCharge: null,
  pixOrder: null,
  settings: null,
};

/** A Pix charge is on the page: the buyer's data it was made for cannot change, nor the method. */
const pixInProgress = (state: CheckoutState) => ['creating', 'waiting', 'paid', 'redirecting'].includes(state.pix);
const cardInProgress = (state: CheckoutState) => ['submitting', 'approved', 'redirecting'].includes(state.card);

/** The checkout's own store holds it (checkoutStore.ts): the staff's store never does. */
export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    settingsArrived(state, action: PayloadAction<CheckoutConfig>) {
      state.settings = action.payload;
    },
    paymentMethodChosen(state, action: PayloadAction<PaymentMethod>) {
      if (state.buttonLocked || pixInProgress(state) || cardInProgress(state)) return;
      state.method = action.payload;
    },
    cardPaymentStarted(state) {
      if (state.method !== 'card' || state.buttonLocked || cardInProgress(state)) return;
      state.card = 'submitting';
      state.buttonLocked = true;
    },
    cardPaymentApproved(state, action: PayloadAction<OrderConfirmation>) {
      if (state.card !== 'submitting') return;
      state.card = 'approved';
      state.order = action.payload;
    },
    cardPaymentRefused(state) {
      if (state.card === 'submitting') state.card = 'refused';
    },
    pixChargeRequested(state) {
      if (state.method !== 'pix' || state.buttonLocked || pixInProgress(state)) return;
      state.pix = 'creating';
      state.pixCharge = null;
      state.pixOrder = null;
      state.buttonLocked = true;
    },
    pixChargeCreated(state, action: PayloadAction<{ charge: PixCharge; order: OrderConfirmation }>) {
      if (state.pix !== 'creating') return;
      state.pix = 'waiting';
      state.pixCharge = action.payload.charge;
      state.pixOrder = action.payload.order;
      // The button gives way to the panel: nothing to wait for.
      state.buttonLocked = false;
    },
    pixChargeRefused(state) {
      if (state.pix === 'creating') state.pix = 'refused';
    },
    pixPaid(state) {
      if (state.pix !== 'waiting' || !state.pixOrder) return;
      state.pix = 'paid';
      state.order = state.pixOrder;
    },
    pixExpired(state) {
      if (state.pix === 'waiting') state.pix = 'expired';
    },
    /** After an approval (card) or a payment (Pix): the 2.5 s before the customer system. */
    redirectStarted(state) {
      if (state.card === 'approved') state.card = 'redirecting';
      if (state.pix === 'paid') state.pix = 'redirecting';
    },
    /** 3 s after an attempt ended: the button is back, and a refusal is behind us. */
    buttonReleased(state) {
      state.buttonLocked = false;
      if (state.card === 'refused') state.card = 'idle';
      if (state.pix === 'refused') state.pix = 'idle';
    },
  },
  selectors: {
    selectSettings: (state) => state.settings,
    selectPaymentMethod: (state) => state.method,
    selectCardPhase: (state) => state.card,
    selectPixPhase: (state) => state.pix,
    selectPixCharge: (state) => state.pixCharge,
    /** The order a Pix charge pays for, once the charge is created (the redirect's target when it is paid). */
    selectPixOrder: (state) => state.pixOrder,
    selectApprovedOrder: (state) => state.order,
    /** The spinner: from the click until the lock is released (spec: 3 s after the attempt ends). */
    selectButtonBusy: (state) => state.buttonLocked,
    /** The button cannot be pressed: busy, or a payment is already under way or done. */
    selectButtonDisabled: (state) => state.buttonLocked || cardInProgress(state) || pixInProgress(state),
    /** The fields are locked while a card payment runs and while a Pix charge for them is open. */
    selectFieldsLocked: (state) => state.card === 'submitting' || pixInProgress(state),
    /**
     * A payment's answer is on its way: the server may be charging. Leaving now would lose the
     * answer (and the attempt's key), and paying again from a fresh page would charge twice.
     */
    selectAnswerPending: (state) => state.card === 'submitting' || state.pix === 'creating',
  },
});

export const {
  settingsArrived,
  paymentMethodChosen,
  cardPaymentStarted,
  cardPaymentApproved,
  cardPaymentRefused,
  pixChargeRequested,
  pixChargeCreated,
  pixChargeRefused,
  pixPaid,
  pixExpired,
  redirectStarted,
  buttonReleased,
} = checkoutSlice.actions;
