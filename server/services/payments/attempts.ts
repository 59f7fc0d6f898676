import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_MS } from '../../../src/domain/checkout';
import type { PaymentMethod } from '../../../src/domain/paymentMethods';
import type { Database } from '../../db/client';
import { paymentAttempts, type PaymentBuyer } from '../../db/schema';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type AttemptStatus = 'pending' | 'approved' | 'refused' | 'failed' | 'waiting' | 'expired';

export interface NewAttempt {
  idempotencyKey: string;
  requestFingerprint: string;
  plan: string;
  amount: number;
  resellerId: number | null;
  buyer: PaymentBuyer;
  cardBrand: string | null;
  cardLast4: string | null;
  gateway: string;
  /** card (the default) or pix. */
  paymentMethod?: PaymentMethod;
}

/**
 * Records a pending attempt under its Idempotency-Key, before any gateway call. Returns the new
 * attempt, or `claimed: false` with the attempt that already holds the key (a replay or a double
 * submit running at the same time). A key older than the idempotency window is released first.
 */
export async function claimAttempt(db: Database, attempt: NewAttempt): Promise<{ claimed: boolean; attempt: PaymentAttempt }> {
  await db
    .update(paymentAttempts)
    .set({ idempotencyKey: null })
    .where(
      and(
        eq(paymentAttempts.idempotencyKey, attempt.idempotencyKey),
        lt(paymentAttempts.createdAt, new Date(Date.now() - IDEMPOTENCY_WINDOW_MS)),
      ),
    );
  const [created] = await db
    .insert(paymentAttempts)
    .values({ ...attempt, amount: attempt.amount.toFixed(2), status: 'pending' })
    .onConflictDoNothing({ target: paymentAttempts.idempotencyKey })
    .returning();
  if (created) return { claimed: true, attempt: created };
  const existing = await findAttemptByKey(db, attempt.idempotencyKey);
  if (!existing) throw new Error('idempotency key vanished while claiming it');
  return { claimed: false, attempt: existing };
}

export async function findAttemptByKey(db: Database, idempotencyKey: string): Promise<PaymentAttempt | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function findAttempt(db: Database, id: number): Promise<PaymentAttempt | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
  return row;
}

/** Removes a pending attempt that was stopped before the gateway was called (a card velocity limit). */
export async function forgetAttempt(db: Database, id: number): Promise<void> {
  await db.delete(paymentAttempts).where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')));
}

/** Starts the keys the server derives for requests sent without one (purchase.ts); never a sent key's (IDEMPOTENCY_KEY_PATTERN). */
export const DERIVED_KEY_PREFIX = 'derived:';

/**
 * The key of an attempt being ended without a sale (refused, failed, expired): a derived key is
 * released, so the same data may be tried again; a key the browser sent is kept, as its replays answer.
 */
export const keyReleasedIfDerived = () =>
  sql`case when starts_with(${paymentAttempts.idempotencyKey}, ${DERIVED_KEY_PREFIX}) then null else ${paymentAttempts.idempotencyKey} end`;

/**
 * Ends a still-pending attempt as refused or failed, keeping the message the buyer was shown. A
 * derived key is released, so the same data may be tried again, as the checkout does with a fresh key
 * after any answer (src/features/checkout/paymentAttempt.ts).
 */
export async function closeAttempt(db: Database, id: number, status: 'refused' | 'failed', failureMessage: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      status,
      failureMessage,
      idempotencyKey: keyReleasedIfDerived(),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, id), sql`${paymentAttempts.status} in ('pending', 'failed')`));
}

/** Keeps the gateway's ids as soon as a charge is approved, before the sale is saved. */
export async function rememberGatewayIds(
  db: Database,
  id: number,
  ids: { customerId?: string; paymentId?: string; subscriptionId?: string },
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      ...(ids.customerId ? { gatewayCustomerId: ids.customerId } : {}),
      ...(ids.paymentId ? { gatewayPaymentId: ids.paymentId } : {}),
      ...(ids.subscriptionId ? { gatewaySubscriptionId: ids.subscriptionId } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(paymentAttempts.id, id));
}
