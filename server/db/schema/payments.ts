import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { resellers } from './accounts';
import { sales } from './beneficiaries';

/** The buyer's data kept with an attempt, so an approval can still be saved after a crash. Never card data. */
export interface PaymentBuyer {
  name: string;
  cpfCnpj: string;
  email: string;
  phone: string;
  mobilePhone: string;
  postalCode: string;
  address: string;
  addressNumber: string;
  addressComplement: string;
  province: string;
  city: string;
  state: string;
}

/**
 * One row per checkout payment attempt, written as `pending` before the gateway is called and then
 * `approved`, `refused` or `failed` (gateway unreachable: the outcome is looked up by `order_id`).
 * Card data never lands here: only the brand and the last four digits.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    /** Our order id, sent to the gateway as `externalReference`. */
    orderId: uuid('order_id').notNull().defaultRandom(),
    /** The browser's Idempotency-Key; cleared once it is older than the idempotency window. */
    idempotencyKey: text('idempotency_key'),
    /** A digest of the request's non-card fields: a key reused with other data is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    plan: text('plano').notNull(),
    amount: numeric('valor', { precision: 10, scale: 2 }).notNull(),
    /** pending | approved | refused | failed; a Pix charge also waiting (its code shown) | expired */
    status: text('status').notNull().default('pending'),
    /** card | pix (src/domain/paymentMethods.ts) */
    paymentMethod: text('payment_method').notNull().default('card'),
    /** The reseller of the sales link, only when it (and its branch and partner) was valid and active. */
    resellerId: integer('reseller_id').references(() => resellers.id),
    buyer: jsonb('buyer').$type<PaymentBuyer>().notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    gateway: text('gateway').notNull(),
    gatewayCustomerId: text('gateway_customer_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** The gateway's refusal text (or our own when it could not be reached), shown to the buyer. */
    failureMessage: text('failure_message'),
    /** A Pix charge's copy-and-paste code, its QR code (PNG, base64) and the end of the window we give the buyer. */
    pixPayload: text('pix_payload'),
    pixImage: text('pix_image'),
    pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
    saleId: integer('sale_id').references(() => sales.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_order_id_key').on(t.orderId),
    index('payment_attempts_gateway_payment_idx').on(t.gatewayPaymentId),
    index('payment_attempts_gateway_subscription_idx').on(t.gatewaySubscriptionId),
    index('payment_attempts_status_idx').on(t.status, t.createdAt),
    index('payment_attempts_waiting_pix_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/** Gateway webhook events already handled: a repeated event id is acknowledged and ignored. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  gatewayPaymentId: text('gateway_payment_id'),
  /** What the event did: the attempt it matched, or 'ignored'. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
