import { payButtonLabel, type OrderConfirmation } from '../../domain/checkout';
import type { PixCharge } from '../../domain/pix';
import {
  buttonReleased,
  cardPaymentApproved,
  cardPaymentRefused,
  cardPaymentStarted,
  checkoutSlice,
  initialCheckoutState,
  paymentMethodChosen,
  pixChargeCreated,
  pixChargeRefused,
  pixChargeRequested,
  pixExpired,
  pixPaid,
  redirectStarted,
  type CheckoutState,
} from './checkoutSlice';
import {
  selectButtonBusy,
  selectButtonDisabled,
  selectButtonText,
  selectCardPhase,
  selectFieldsLocked,
  selectPaymentMethod,
  selectPixOrder,
  selectPixPhase,
} from './selectors';
import { makeCheckoutStore } from './checkoutStore';

const order: OrderConfirmation = {
  orderId: 'b7d3a1c2-0000-4000-8000-000000000001',
  plan: 'consulta_avulsa',
  value: 39.9,
  email: 'a@b.com.br',
};
const charge: PixCharge = {
  orderId: order.orderId,
  payload: '000201…6304ABCD',
  qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt: '2026-11-25T16:00:00.000Z',
  simulation: true,
};

const reduce = (actions: Parameters<typeof checkoutSlice.reducer>[1][], from: CheckoutState = initialCheckoutState) =>
  actions.reduce(checkoutSlice.reducer, from);
const asRoot = (checkout: CheckoutState) => ({ checkout });

describe('the checkout slice: the card flow (spec section 4)', () => {
  it('goes idle → submitting → approved → redirecting, the button locked and the fields locked while submitting', () => {
    const submitting = reduce([cardPaymentStarted()]);
    expect(submitting).toMatchObject({ card: 'submitting', buttonLocked: true });
    expect(selectFieldsLocked(asRoot(submitting))).toBe(true);
    expect(selectButtonText(asRoot(submitting), 'consulta_avulsa')).toBe('Processando pagamento...');

    const approved = reduce([cardPaymentApproved(order)], submitting);
    expect(approved).toMatchObject({ card: 'approved', order });
    const redirecting = reduce([redirectStarted()], approved);
    expect(selectCardPhase(asRoot(redirecting))).toBe('redirecting');
    expect(selectButtonDisabled(asRoot(redirecting))).toBe(true);
    // Nothing can start a second payment now, not even after the lock's timer.
    const again = reduce([buttonReleased(), cardPaymentStarted(), paymentMethodChosen('pix')], redirecting);
    expect(again).toMatchObject({ card: 'redirecting', method: 'card' });
  });

  it('goes submitting → refused, keeps the button locked until released, then idle with its label back', () => {
    const refused = reduce([cardPaymentStarted(), cardPaymentRefused()]);
    expect(refused).toMatchObject({ card: 'refused', buttonLocked: true });
    expect(selectFieldsLocked(asRoot(refused))).toBe(false);
    expect(selectButtonBusy(asRoot(refused))).toBe(true);
    expect(reduce([cardPaymentStarted()], refused)).toEqual(refused);

    const released = reduce([buttonReleased()], refused);
    expect(released).toMatchObject({ card: 'idle', buttonLocked: false });
    expect(selectButtonDisabled(asRoot(released))).toBe(false);
    expect(selectButtonText(asRoot(released), 'plano_individual')).toBe(payButtonLabel('plano_individual'));
  });

  it('ignores an approval or refusal that arrives with no payment running', () => {
    expect(reduce([cardPaymentApproved(order), cardPaymentRefused()])).toEqual(initialCheckoutState);
  });
});

describe('the checkout slice: Pix adds its own states', () => {
  const pix = () => reduce([paymentMethodChosen('pix')]);

  it('reads "Gerar Pix", then creating → waiting (charge kept) → paid → redirecting', () => {
    expect(selectPaymentMethod(asRoot(pix()))).toBe('pix');
    expect(selectButtonText(asRoot(pix()), 'consulta_avulsa')).toBe('Gerar Pix');
    const creating = reduce([pixChargeRequested()], pix());
    expect(selectButtonText(asRoot(creating), 'consulta_avulsa')).toBe('Gerando Pix...');
    const waiting = reduce([pixChargeCreated({ charge, order })], creating);
    expect(waiting).toMatchObject({ pix: 'waiting', pixCharge: charge, buttonLocked: false });
    expect([selectPixPhase(asRoot(waiting)), selectPixOrder(asRoot(waiting))]).toEqual(['waiting', order]);
    expect(selectFieldsLocked(asRoot(waiting))).toBe(true);
    expect(selectButtonDisabled(asRoot(waiting))).toBe(true);
    // The method cannot change under an open charge.
    expect(reduce([paymentMethodChosen('card')], waiting).method).toBe('pix');

    const redirecting = reduce([pixPaid(), redirectStarted()], waiting);
    expect(redirecting).toMatchObject({ pix: 'redirecting', order });
  });

  it('goes waiting → expired, which frees the fields and allows a new charge', () => {
    const expired = reduce([pixChargeRequested(), pixChargeCreated({ charge, order }), pixExpired()], pix());
    expect(selectPixPhase(asRoot(expired))).toBe('expired');
    expect(selectFieldsLocked(asRoot(expired))).toBe(false);
    expect(reduce([pixPaid()], expired).order).toBeNull();
    expect(reduce([pixChargeRequested()], expired)).toMatchObject({ pix: 'creating', pixCharge: null, pixOrder: null, buttonLocked: true });
  });

  it('goes creating → refused, locked until released', () => {
    const refused = reduce([pixChargeRequested(), pixChargeRefused()], pix());
    expect(refused).toMatchObject({ pix: 'refused', buttonLocked: true });
    expect(reduce([buttonReleased()], refused)).toMatchObject({ pix: 'idle', buttonLocked: false });
  });

  it('ignores a charge, a refusal or an expiry that arrives in another phase (a late answer changes nothing)', () => {
    // No charge asked for: a charge or a refusal arriving now is not ours.
    expect(reduce([pixChargeCreated({ charge, order }), pixChargeRefused(), pixExpired()], pix())).toEqual(pix());
    // A refused charge's late twin does not open a code over the refusal.
    const refused = reduce([pixChargeRequested(), pixChargeRefused()], pix());
    expect(reduce([pixChargeCreated({ charge, order })], refused)).toEqual(refused);
    // A paid charge neither expires nor is refused afterwards.
    const paid = reduce([pixChargeRequested(), pixChargeCreated({ charge, order }), pixPaid()], pix());
    expect(reduce([pixExpired(), pixChargeRefused()], paid)).toEqual(paid);
  });

  it('never starts a Pix charge while the card is chosen, nor a card payment while Pix is', () => {
    expect(reduce([pixChargeRequested()])).toEqual(initialCheckoutState);
    expect(reduce([cardPaymentStarted()], pix())).toEqual(pix());
  });
});

describe('the checkout slice in the store', () => {
  it('starts in its initial state and holds no card data through a payment', () => {
    const store = makeCheckoutStore();
    expect(store.getState().checkout).toEqual(initialCheckoutState);
    store.dispatch(cardPaymentStarted());
    store.dispatch(cardPaymentApproved(order));
    expect(JSON.stringify(store.getState())).not.toMatch(/4444|creditCard|ccv/);
  });
});
