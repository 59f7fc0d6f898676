import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { PLANS, type PlanId } from '../../../src/domain/plans';
import { PIX_MESSAGES, type PixChargeAnswer, type PixChargeStatus } from '../../../src/domain/pix';
import type { PixPaymentRequest } from '../../../src/domain/validation/checkout';
import { paymentAttempts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/httpErrors';
import { recordApprovedSale, RECONCILIATION_SOURCE } from './approval';
import { closeAttempt, keyReleasedIfDerived, type PaymentAttempt } from './attempts';
import type { PaymentContext } from './checkout';
import { GatewayUnavailableError, PAID_STATUSES, type PixChargeRequest } from './gateway';
import { syncWithProvider } from './providerSync';
import { claimPurchase, customerOf } from './purchase';
import { handleAsaasEvent } from './webhooks';

export interface PixContext extends PaymentContext {
  /** How long a code can be paid (PIX_EXPIRATION_SECONDS). */
  expirationMs: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A replayed key must carry the same request (the method is part of it: a card key never answers a Pix). */
const fingerprint = (request: PixPaymentRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ method: 'pix', ...request }))
    .digest('hex');

function chargeRequest(attempt: PaymentAttempt): PixChargeRequest {
  return {
    orderId: attempt.orderId,
    description: PLANS[attempt.plan as PlanId].name,
    amount: Number(attempt.amount),
    customer: customerOf(attempt.buyer),
  };
}

/** The answer a Pix attempt gives (again, for a replayed key). */
function answerOf(attempt: PaymentAttempt, simulation: boolean): PixChargeAnswer | null {
  if (attempt.status === 'refused' || attempt.status === 'failed') {
    return { success: false, error: attempt.failureMessage || CHECKOUT_MESSAGES.unexpected };
  }
  if (!attempt.pixPayload || !attempt.pixImage || !attempt.pixExpiresAt) return null;
  return {
    success: true,
    orderId: attempt.orderId,
    payload: attempt.pixPayload,
    qrCodeImage: `data:image/png;base64,${attempt.pixImage}`,
    expiresAt: attempt.pixExpiresAt.toISOString(),
    simulation,
  };
}

const isSimulation = (context: PaymentContext) => context.gateway.kind === 'sandbox';

/**
 * POST /api/payment/pix after validation: one Pix charge per Idempotency-Key, claimed as the card's
 * (purchase.ts: recorded before the gateway is called, the price from PLANS, the reseller only from
 * an active link, a dependent cannot buy).
 * The charge is a one-off payment of the plan's price; the sale is saved only when it is paid.
 */
export async function createPixPayment(
  context: PixContext,
  request: PixPaymentRequest,
  options: { idempotencyKey?: string },
): Promise<PixChargeAnswer> {
  const { claimed, attempt } = await claimPurchase(context.db, request, {
    idempotencyKey: options.idempotencyKey,
    requestFingerprint: fingerprint(request),
    gateway: context.gateway.kind,
    cardBrand: null,
    cardLast4: null,
    paymentMethod: 'pix',
  });
  if (!claimed) {
    const answer = answerOf(attempt, isSimulation(context));
    if (!answer) throw conflict(CHECKOUT_MESSAGES.stillProcessing);
    return answer;
  }

  let result;
  try {
    result = await context.gateway.createPixCharge(chargeRequest(attempt));
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    if (error.nothingCharged) {
      context.log.warn({ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable for Pix; nothing was charged');
      await closeAttempt(context.db, attempt.id, 'failed', PIX_MESSAGES.gatewayUnavailable);
      return { success: false, error: PIX_MESSAGES.gatewayUnavailable };
    }
    // The charge may exist: the attempt stays pending for the reconciliation job, which looks it up by
    // our order id (paid makes the sale, unpaid is removed), and the 409 keeps the key in the browser.
    context.log.warn(
      { attemptId: attempt.id, orderId: attempt.orderId },
      'payment gateway unavailable for Pix; attempt left for reconciliation',
    );
    throw conflict(CHECKOUT_MESSAGES.stillProcessing);
  }
  if (result.outcome === 'refused') {
    await closeAttempt(context.db, attempt.id, 'refused', result.message);
    return { success: false, error: result.message };
  }
  const [waiting] = await context.db
    .update(paymentAttempts)
    .set({
      status: 'waiting',
      gatewayPaymentId: result.paymentId,
      ...(result.customerId ? { gatewayCustomerId: result.customerId } : {}),
      pixPayload: result.payload,
      pixImage: result.encodedImage,
      pixExpiresAt: new Date(Date.now() + context.expirationMs),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
    .returning();
  if (!waiting) {
    // The reconciliation job took this attempt for dead while the gateway answered slowly: the code
    // is never shown, so it must not stay payable.
    await context.gateway.cancelCharge(result.paymentId).catch(() => false);
    return { success: false, error: PIX_MESSAGES.gatewayUnavailable };
  }
  return answerOf(waiting, isSimulation(context)) ?? { success: false, error: CHECKOUT_MESSAGES.unexpected };
}

async function findPixAttempt(context: PaymentContext, orderId: string): Promise<PaymentAttempt> {
  if (!UUID.test(orderId)) throw notFound(PIX_MESSAGES.notFound);
  const [attempt] = await context.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId.toLowerCase()), eq(paymentAttempts.paymentMethod, 'pix')))
    .limit(1);
  if (!attempt) throw notFound(PIX_MESSAGES.notFound);
  return attempt;
}

/** Saves the sale of a Pix charge the gateway reports paid (the same step as the webhook's). */
async function recordPaidPix(context: PaymentContext, attempt: PaymentAttempt, paymentId: string, source: string) {
  const beneficiaryId = await recordApprovedSale(context.db, attempt.id, { paymentId }, source);
  if (beneficiaryId !== null) void syncWithProvider(context, beneficiaryId);
}

/**
 * A waiting charge past its window: asked first (a payment made at the last second is a sale), then
 * removed at the gateway so it can no longer be paid, and only then closed as expired. A charge the
 * gateway keeps stays waiting for the next look.
 */
async function expire(context: PaymentContext, attempt: PaymentAttempt): Promise<void> {
  const paymentId = attempt.gatewayPaymentId!;
  const payment = await context.gateway.findPayment({ id: paymentId });
  if (payment && PAID_STATUSES.includes(payment.status)) return recordPaidPix(context, attempt, paymentId, RECONCILIATION_SOURCE);
  if (!(await context.gateway.cancelCharge(paymentId))) return;
  // A derived key is released: the same request sent again makes a new charge, not this dead one.
  await context.db
    .update(paymentAttempts)
    .set({ status: 'expired', idempotencyKey: keyReleasedIfDerived(), updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'waiting')));
}

const isOver = (attempt: PaymentAttempt, now = Date.now()) => !!attempt.pixExpiresAt && attempt.pixExpiresAt.getTime() <= now;

/** GET /api/payment/pix/:orderId: paid, still waiting, or expired (the window is ended here when it is over). */
export async function pixChargeStatus(context: PaymentContext, orderId: string): Promise<PixChargeStatus> {
  let attempt = await findPixAttempt(context, orderId);
  if (attempt.status === 'waiting' && isOver(attempt)) {
    try {
      await expire(context, attempt);
    } catch (error) {
      // The gateway did not answer: the charge stays waiting, and the page asks again.
      if (!(error instanceof GatewayUnavailableError)) throw error;
    }
    attempt = await findPixAttempt(context, orderId);
  }
  const expiresAt = (attempt.pixExpiresAt ?? attempt.createdAt).toISOString();
  if (attempt.status === 'approved') return { status: 'paid', expiresAt };
  if (attempt.status === 'waiting') return { status: 'waiting', expiresAt };
  return { status: 'expired', expiresAt };
}

/**
 * Sandbox only ('Simular pagamento'): the buyer's bank pays the charge at the sandbox gateway, and
 * the sale is saved through the webhook's own handler, as Asaas's PAYMENT_RECEIVED would.
 */
export async function simulatePixPayment(context: PaymentContext, orderId: string): Promise<PixChargeStatus> {
  const { gateway } = context;
  if (gateway.kind !== 'sandbox' || !gateway.simulatePixReceived) throw notFound(PIX_MESSAGES.simulationUnavailable);
  const attempt = await findPixAttempt(context, orderId);
  if (attempt.status !== 'waiting' || !attempt.gatewayPaymentId || isOver(attempt)) throw badRequest(PIX_MESSAGES.notWaiting);
  if (!(await gateway.simulatePixReceived(attempt.gatewayPaymentId))) throw badRequest(PIX_MESSAGES.notWaiting);
  const { beneficiaryId } = await handleAsaasEvent(context, {
    id: `evt_sandbox_${randomUUID()}`,
    event: 'PAYMENT_RECEIVED',
    payment: { id: attempt.gatewayPaymentId },
  });
  if (beneficiaryId !== undefined) void syncWithProvider(context, beneficiaryId);
  return pixChargeStatus(context, orderId);
}

/**
 * The reconciliation job's step for Pix: a waiting charge the gateway reports paid gets its sale (a
 * lost webhook), one past its window is expired; a charge whose creation died with the request
 * (pending) is looked up by our order id: paid makes the sale, unpaid is removed, none is closed.
 * Returns whether a sale was saved.
 */
export async function reconcilePix(context: PaymentContext, attempt: PaymentAttempt): Promise<'approved' | 'closed' | 'unchanged'> {
  if (attempt.status === 'waiting' && attempt.gatewayPaymentId) {
    const payment = await context.gateway.findPayment({ id: attempt.gatewayPaymentId });
    if (payment && PAID_STATUSES.includes(payment.status)) {
      await recordPaidPix(context, attempt, payment.id, RECONCILIATION_SOURCE);
      return 'approved';
    }
    if (!isOver(attempt)) return 'unchanged';
    await expire(context, attempt);
    return 'closed';
  }
  // Looked up first: without an answer (GatewayUnavailableError) the attempt stays pending for the
  // next run, never closed while its charge may exist.
  const payment = await context.gateway.findPayment({ externalReference: attempt.orderId });
  if (payment && PAID_STATUSES.includes(payment.status)) {
    await recordPaidPix(context, attempt, payment.id, RECONCILIATION_SOURCE);
    return 'approved';
  }
  // Closed only if still pending: a creation that finishes meanwhile then finds it closed (and removes
  // its charge) instead of showing a code this job is about to remove. A derived key is released, as
  // closeAttempt does.
  const [closed] = await context.db
    .update(paymentAttempts)
    .set({
      status: 'failed',
      failureMessage: PIX_MESSAGES.gatewayUnavailable,
      idempotencyKey: keyReleasedIfDerived(),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
    .returning({ id: paymentAttempts.id });
  if (!closed) return 'unchanged';
  // The buyer never saw this code: it must not be payable.
  if (payment) await context.gateway.cancelCharge(payment.id);
  return 'closed';
}
