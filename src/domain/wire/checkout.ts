/** The public checkout's answers: its settings, card and Pix payments, an order's confirmation (spec section 7). */
import { Type, type Static } from '@sinclair/typebox';
import { PLAN_IDS } from '../plans';
import { Nullable, Timestamp, WireObject } from './answers';

/** GET /api/checkout/config: what the public page shows and where it sends the buyer. */
export const CheckoutConfig = WireObject({
  customerSiteUrl: Nullable(Type.String({ description: 'http(s) address the buyer is sent to after paying' })),
  supportEmail: Nullable(Type.String()),
  supportPhone: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
  privacyPolicyUrl: Nullable(Type.String()),
});
export type CheckoutConfig = Static<typeof CheckoutConfig>;

export const PlanIdValue = Type.Union(
  PLAN_IDS.map((id) => Type.Literal(id)),
  { description: 'A plan id' },
);

/** GET /api/payment/orders/:orderId: an approved order as its confirmation shows it (no card data). */
export const OrderConfirmation = WireObject({
  orderId: Type.String({ description: 'UUID' }),
  plan: PlanIdValue,
  value: Type.Number(),
  email: Type.String(),
});
export type OrderConfirmation = Static<typeof OrderConfirmation>;

/** A payment the gateway approved: the spec's `{success: true}` (the order id rides in the Order-Id header). */
export const PaymentApproval = WireObject({ success: Type.Literal(true) });
export type PaymentApproval = Static<typeof PaymentApproval>;

/** A payment refused or failed at the gateway (answered 200): the spec's error text. */
export const PaymentRefusal = WireObject({ success: Type.Literal(false), error: Type.String() });
export type PaymentRefusal = Static<typeof PaymentRefusal>;

/** POST /api/payment (spec: success flag, error text on failure). */
export const PaymentAnswer = Type.Union([PaymentApproval, PaymentRefusal]);
export type PaymentAnswer = Static<typeof PaymentAnswer>;

const pixChargeFields = {
  orderId: Type.String({ description: 'UUID' }),
  payload: Type.String({ description: 'The copy-and-paste code (EMV BR Code)' }),
  qrCodeImage: Type.String({ description: 'The QR code as a PNG data URL' }),
  expiresAt: Timestamp,
  simulation: Type.Boolean({ description: "The sandbox gateway: the page offers 'Simular pagamento'" }),
};

/** A created Pix charge (or the same one again for a replayed Idempotency-Key). */
export const PixCharge = WireObject(pixChargeFields);
export type PixCharge = Static<typeof PixCharge>;

/** POST /api/payment/pix: the charge, or the spec's refusal. */
export const PixChargeAnswer = Type.Union([WireObject({ success: Type.Literal(true), ...pixChargeFields }), PaymentRefusal]);
export type PixChargeAnswer = Static<typeof PixChargeAnswer>;

/** GET /api/payment/pix/:orderId (and its sandbox simulation): the charge's state. */
export const PixChargeStatus = WireObject({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('paid'), Type.Literal('expired')]),
  expiresAt: Timestamp,
});
export type PixChargeStatus = Static<typeof PixChargeStatus>;

/** POST /api/payment/webhook/asaas: the event was taken (`duplicate`: it had been already). */
export const WebhookReceipt = WireObject({ received: Type.Literal(true), duplicate: Type.Boolean() });
export type WebhookReceipt = Static<typeof WebhookReceipt>;
