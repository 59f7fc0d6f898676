import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { cardBrand, fullExpiryYear, lastFourDigits } from '../../../src/domain/cards';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { PLANS, type PlanId } from '../../../src/domain/plans';
import type { PaymentRequest } from '../../../src/domain/validation/checkout';
import type { PaymentApproval, PaymentRefusal } from '../../../src/domain/wire/checkout';
import type { Database } from '../../db/client';
import { conflict } from '../../lib/httpErrors';
import { recordApprovedSale, RECONCILIATION_SOURCE } from './approval';
import type { AttemptCounters } from '../limits/attemptCounters';
import { closeAttempt, findAttempt, forgetAttempt, rememberGatewayIds, type PaymentAttempt } from './attempts';
import { admitCardAttempt, cardAttemptSettled, type AdmittedCardAttempt } from './cardVelocity';
import type { TelemedicineProvider } from '../telemedicine/types';
import { GatewayUnavailableError, MOST_CALLS_PER_CHARGE, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway';
import { syncWithProvider } from './providerSync';
import { claimPurchase, customerOf } from './purchase';

/** The buyer's answer (the wire's); an approval carries the order id (sent to the browser in a header, not in the body). */
export type PaymentOutcome = (PaymentApproval & { orderId: string }) | PaymentRefusal;

export interface PaymentContext {
  db: Database;
  gateway: PaymentGateway;
  /** Where the sold beneficiary is registered for care (nothing to do with the local provider). */
  telemedicine: TelemedicineProvider;
  log: FastifyBaseLogger;
  /** The gateway's own time limit; a pending attempt older than a few of these is looked up. */
  gatewayTimeoutMs: number;
}

/** A payment's context from the app's gateway, provider and settings, logging to `log`. */
export function paymentContext(app: FastifyInstance, log: FastifyBaseLogger): PaymentContext {
  return {
    db: app.db,
    gateway: app.paymentGateway,
    telemedicine: app.telemedicine,
    log,
    gatewayTimeoutMs: app.config.payments.timeoutMs,
  };
}

const POLL_MS = 150;

/**
 * A pending attempt this old belongs to a request that died: older than the longest a live one takes
 * (every gateway call of one charge running to the time limit, one after the other) and a margin.
 * Asked about any sooner, a charge still being retried could be closed as failed and then approved.
 */
export const staleAfterMs = (gatewayTimeoutMs: number) => gatewayTimeoutMs * MOST_CALLS_PER_CHARGE + 5000;

/** A digest of what the buyer asked for, without card secrets: a replayed key must carry the same request. */
function fingerprint(request: PaymentRequest): string {
  const { creditCard, ...rest } = request;
  const card = { brand: cardBrand(creditCard.number), last4: lastFourDigits(creditCard.number), holderName: creditCard.holderName };
  return createHash('sha256')
    .update(JSON.stringify({ ...rest, card }))
    .digest('hex');
}

function chargeRequest(attempt: PaymentAttempt, request: PaymentRequest, remoteIp: string): ChargeRequest {
  const plan = PLANS[attempt.plan as PlanId];
  const buyer = attempt.buyer;
  const customer = customerOf(buyer);
  return {
    orderId: attempt.orderId,
    description: plan.name,
    amount: Number(attempt.amount),
    recurring: plan.recurring,
    customer,
    card: {
      holderName: request.creditCard.holderName,
      number: request.creditCard.number,
      expiryMonth: request.creditCard.expiryMonth.padStart(2, '0'),
      expiryYear: String(fullExpiryYear(request.creditCard.expiryYear)),
      ccv: request.creditCard.ccv,
    },
    holderInfo: {
      name: buyer.name,
      email: buyer.email,
      cpfCnpj: buyer.cpfCnpj,
      postalCode: buyer.postalCode,
      addressNumber: buyer.addressNumber,
      addressComplement: buyer.addressComplement,
      phone: buyer.phone,
      mobilePhone: customer.mobilePhone,
    },
    remoteIp,
  };
}

/** The answer an attempt gave (or gives, once finished). */
function answerOf(attempt: PaymentAttempt): PaymentOutcome | null {
  switch (attempt.status) {
    case 'approved':
      return { success: true, orderId: attempt.orderId };
    case 'refused':
    case 'failed':
      return { success: false, error: attempt.failureMessage || CHECKOUT_MESSAGES.unexpected };
    default:
      return null;
  }
}

/** Saves what the gateway said about an attempt and returns the buyer's answer. */
async function settle(context: PaymentContext, attempt: PaymentAttempt, result: ChargeResult, source: string): Promise<PaymentOutcome> {
  if (result.outcome === 'refused') {
    await closeAttempt(context.db, attempt.id, 'refused', result.message);
    return { success: false, error: result.message };
  }
  const { outcome: _outcome, ...ids } = result;
  // The gateway's ids first: if saving the sale fails, the charge can still be reconciled by them.
  await rememberGatewayIds(context.db, attempt.id, ids);
  const beneficiaryId = await recordApprovedSale(context.db, attempt.id, ids, source);
  // The buyer does not wait for the telemedicine provider; the sale is already saved.
  if (beneficiaryId !== null) void syncWithProvider(context, beneficiaryId);
  return { success: true, orderId: attempt.orderId };
}

async function charge(
  context: PaymentContext,
  attempt: PaymentAttempt,
  request: PaymentRequest,
  velocity: { limits: AttemptCounters; admitted: AdmittedCardAttempt; remoteIp: string },
) {
  let result: ChargeResult;
  try {
    result = await context.gateway.charge(chargeRequest(attempt, request, velocity.remoteIp));
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    await cardAttemptSettled(velocity.limits, velocity.admitted, 'unavailable');
    if (error.nothingCharged) {
      context.log.warn({ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable; nothing was charged');
      await closeAttempt(context.db, attempt.id, 'failed', CHECKOUT_MESSAGES.gatewayUnavailable);
      return { success: false as const, error: CHECKOUT_MESSAGES.gatewayUnavailable };
    }
    // The card may have been charged: the attempt stays pending, to be looked up by our order id (the
    // reconciliation job, or this key replayed), and the 409 keeps the key in the browser for the retry.
    context.log.warn({ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable; attempt left for reconciliation');
    throw conflict(CHECKOUT_MESSAGES.stillProcessing);
  }
  await cardAttemptSettled(velocity.limits, velocity.admitted, result.outcome);
  return settle(context, attempt, result, velocity.remoteIp);
}

/**
 * The same Idempotency-Key arrived while its first request is still running (a double submit): wait
 * a while (three time limits) for that one to finish and give the same answer, else 409 (the browser
 * keeps the key and asks again). A pending attempt older than staleAfterMs belongs to a request that
 * died; the gateway is asked what became of it.
 */
async function awaitFirstRequest(context: PaymentContext, attempt: PaymentAttempt): Promise<PaymentOutcome> {
  const deadline = Date.now() + context.gatewayTimeoutMs * 3 + 2000;
  let current: PaymentAttempt | undefined = attempt;
  while (current && current.status === 'pending' && Date.now() < deadline) {
    const staleSince = current.createdAt.getTime() + staleAfterMs(context.gatewayTimeoutMs);
    if (Date.now() > staleSince) return reconcile(context, current);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await findAttempt(context.db, attempt.id);
  }
  const answer = current && answerOf(current);
  if (!answer) throw conflict(CHECKOUT_MESSAGES.stillProcessing);
  return answer;
}

/** Asks the gateway about an attempt whose request died before saving the outcome (also the reconciliation job's step). */
export async function reconcile(context: PaymentContext, attempt: PaymentAttempt): Promise<PaymentOutcome> {
  const plan = PLANS[attempt.plan as PlanId];
  let result: ChargeResult | null;
  try {
    result = await context.gateway.findByReference(attempt.orderId, plan.recurring);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    throw conflict(CHECKOUT_MESSAGES.stillProcessing);
  }
  if (!result) {
    // The gateway never saw it: nothing was charged.
    await closeAttempt(context.db, attempt.id, 'failed', CHECKOUT_MESSAGES.gatewayUnavailable);
    return { success: false, error: CHECKOUT_MESSAGES.gatewayUnavailable };
  }
  return settle(context, attempt, result, RECONCILIATION_SOURCE);
}

/**
 * POST /api/payment after validation: one charge per Idempotency-Key, claimed as every purchase is
 * (purchase.ts: price from PLANS, the reseller only from an active link, pending before the gateway
 * is called). A new attempt past the card velocity limits (cardVelocity.ts) answers 429 and leaves nothing behind; a
 * replayed key is answered as before, without counting.
 */
export async function processPayment(
  context: PaymentContext,
  request: PaymentRequest,
  options: { idempotencyKey?: string; remoteIp: string; limits: AttemptCounters },
): Promise<PaymentOutcome> {
  const { claimed, attempt } = await claimPurchase(context.db, request, {
    idempotencyKey: options.idempotencyKey,
    requestFingerprint: fingerprint(request),
    gateway: context.gateway.kind,
    cardBrand: cardBrand(request.creditCard.number),
    cardLast4: lastFourDigits(request.creditCard.number),
  });
  if (!claimed) return answerOf(attempt) ?? awaitFirstRequest(context, attempt);
  let admitted: AdmittedCardAttempt;
  try {
    admitted = await admitCardAttempt(options.limits, {
      cardNumber: request.creditCard.number,
      cpfCnpj: request.cpfCnpj,
      email: request.email,
      address: options.remoteIp,
      resellerId: attempt.resellerId,
    });
  } catch (error) {
    await forgetAttempt(context.db, attempt.id);
    throw error;
  }
  return charge(context, attempt, request, { limits: options.limits, admitted, remoteIp: options.remoteIp });
}
