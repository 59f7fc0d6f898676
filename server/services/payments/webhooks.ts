import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isPlanId, PLANS } from '../../../src/domain/plans';
import type { Database } from '../../db/client';
import { beneficiaries, paymentAttempts, paymentWebhookEvents, sales } from '../../db/schema';
import { GATEWAY_ACTOR, recordPublicAudit } from '../audit/record';
import { recordApprovedSale } from './approval';
import type { PaymentAttempt } from './attempts';
import type { GatewayPayment, PaymentGateway } from './gateway';

export interface AsaasWebhookEvent {
  id: string;
  event: string;
  payment?: { id?: string; subscription?: string | null; externalReference?: string | null; status?: string };
}

/**
 * The gateway statuses that confirm each event we act on: an event is believed only while the
 * gateway's own record of the payment says the same (a late PAYMENT_OVERDUE about a payment since
 * received, or a forged PAYMENT_CONFIRMED, changes nothing).
 */
const CONFIRMING_STATUSES: Record<string, readonly string[]> = {
  PAYMENT_CONFIRMED: ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'],
  PAYMENT_RECEIVED: ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'],
  PAYMENT_REFUNDED: ['REFUNDED'],
  PAYMENT_CHARGEBACK_REQUESTED: ['CHARGEBACK_REQUESTED', 'CHARGEBACK_DISPUTE', 'AWAITING_CHARGEBACK_REVERSAL'],
  PAYMENT_OVERDUE: ['OVERDUE'],
};
const PAID_EVENTS = ['PAYMENT_CONFIRMED', 'PAYMENT_RECEIVED'];

/** Compares the webhook token in constant time (digests first, so lengths leak nothing either). */
export function webhookTokenMatches(received: string | undefined, expected: string | undefined): boolean {
  if (!expected || !received) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The attempt a payment (as the gateway has it) belongs to: by our order id, its subscription or its own id. */
async function attemptOf(db: Database, payment: GatewayPayment): Promise<PaymentAttempt | undefined> {
  const matches: SQL[] = [eq(paymentAttempts.gatewayPaymentId, payment.id)];
  if (payment.externalReference && UUID.test(payment.externalReference))
    matches.push(eq(paymentAttempts.orderId, payment.externalReference));
  if (payment.subscription) matches.push(eq(paymentAttempts.gatewaySubscriptionId, payment.subscription));
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(or(...matches))
    .limit(1);
  return attempt;
}

async function setSaleStatus(db: Database, attempt: PaymentAttempt, status: 'paid' | 'refunded' | 'chargeback') {
  if (attempt.saleId) await db.update(sales).set({ status }).where(eq(sales.id, attempt.saleId));
}

/** Returns the beneficiary whose state changed, if any. */
async function setBeneficiaryActive(db: Database, attempt: PaymentAttempt, isActive: boolean): Promise<number | undefined> {
  if (!attempt.saleId) return undefined;
  const [changed] = await db
    .update(beneficiaries)
    .set({ isActive, updatedAt: sql`now()` })
    .where(
      and(
        sql`${beneficiaries.id} = (select ${sales.beneficiaryId} from ${sales} where ${sales.id} = ${attempt.saleId})`,
        eq(beneficiaries.isActive, !isActive),
      ),
    )
    .returning({ id: beneficiaries.id, uuid: beneficiaries.uuid });
  if (changed) {
    await recordPublicAudit(
      db,
      {
        action: 'status',
        entity: 'beneficiary',
        entityId: changed.uuid,
        summary: isActive ? 'Ativado pelo pagamento' : 'Inativado pelo gateway',
        ipAddress: WEBHOOK_SOURCE,
      },
      GATEWAY_ACTOR,
    );
  }
  return changed?.id;
}

export interface EventOutcome {
  /** What the event did, kept with the event id. */
  outcome: string;
  /** A beneficiary created, activated or inactivated by it (the telemedicine provider must follow). */
  beneficiaryId?: number;
}

/** The audit trail's address for changes the gateway's webhooks make. */
const WEBHOOK_SOURCE = 'webhook do gateway';

const cents = (reais: number | string) => Math.round(Number(reais) * 100);
const VALUE_DIFFERS = 'value differs from the order';

/** What one confirmed event does to the attempt its payment belongs to. */
async function apply(db: Database, event: AsaasWebhookEvent, payment: GatewayPayment, attempt: PaymentAttempt): Promise<EventOutcome> {
  const subscription = isPlanId(attempt.plan) && PLANS[attempt.plan].recurring;
  if (PAID_EVENTS.includes(event.event)) {
    // Only the price of the plan bought makes the sale paid.
    if (cents(payment.value) !== cents(attempt.amount)) return { outcome: VALUE_DIFFERS };
    if (attempt.status !== 'approved') {
      // The charge went through although our request never saved it (crash, timeout): save it now.
      const beneficiaryId = await recordApprovedSale(
        db,
        attempt.id,
        { paymentId: payment.id, subscriptionId: payment.subscription },
        WEBHOOK_SOURCE,
      );
      return { outcome: 'approved', beneficiaryId: beneficiaryId ?? undefined };
    }
    await setSaleStatus(db, attempt, 'paid');
    return { outcome: 'paid', beneficiaryId: subscription ? await setBeneficiaryActive(db, attempt, true) : undefined };
  }
  switch (event.event) {
    case 'PAYMENT_REFUNDED':
      await setSaleStatus(db, attempt, 'refunded');
      return { outcome: 'refunded', beneficiaryId: subscription ? await setBeneficiaryActive(db, attempt, false) : undefined };
    case 'PAYMENT_CHARGEBACK_REQUESTED':
      await setSaleStatus(db, attempt, 'chargeback');
      return { outcome: 'chargeback' };
    case 'PAYMENT_OVERDUE':
      if (!subscription) return { outcome: 'ignored' };
      return { outcome: 'inactivated', beneficiaryId: await setBeneficiaryActive(db, attempt, false) };
    default:
      return { outcome: 'ignored' };
  }
}

/** The gateway's record of the payment an event names, when it confirms what the event says. */
type Verdict = { confirmed: true; payment: GatewayPayment } | { confirmed: false; outcome: string; gatewayStatus?: string };

async function askGateway(gateway: PaymentGateway, event: AsaasWebhookEvent): Promise<Verdict> {
  const confirming = CONFIRMING_STATUSES[event.event];
  if (!confirming) return { confirmed: false, outcome: 'ignored' };
  const { id, externalReference } = event.payment ?? {};
  const lookup = id ? { id } : externalReference ? { externalReference } : undefined;
  const payment = lookup ? await gateway.findPayment(lookup) : null;
  if (!payment) return { confirmed: false, outcome: 'not confirmed by the gateway' };
  if (!confirming.includes(payment.status)) {
    return { confirmed: false, outcome: 'not confirmed by the gateway', gatewayStatus: payment.status };
  }
  return { confirmed: true, payment };
}

export interface WebhookContext {
  db: Database;
  gateway: PaymentGateway;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Handles one gateway webhook event once. The event only says where to look: the payment is read
 * back from the gateway (throws GatewayUnavailableError when it does not answer, so the gateway
 * sends the event again), and only the gateway's status, value and reference are acted on. The
 * event id is recorded in the same transaction as the effects, so a repeated delivery is ignored.
 */
export async function handleAsaasEvent(
  { db, gateway, log }: WebhookContext,
  event: AsaasWebhookEvent,
): Promise<EventOutcome & { duplicate: boolean }> {
  const [seen] = await db
    .select({ eventId: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.eventId, event.id))
    .limit(1);
  if (seen) return { duplicate: true, outcome: 'duplicate' };
  const verdict = await askGateway(gateway, event);
  if (!verdict.confirmed && verdict.outcome !== 'ignored') {
    log.warn(
      { eventId: event.id, event: event.event, paymentId: event.payment?.id, gatewayStatus: verdict.gatewayStatus },
      'payment webhook event not confirmed by the gateway; nothing changed',
    );
  }

  const handled = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [recorded] = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.id, event: event.event, gatewayPaymentId: event.payment?.id ?? null, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!recorded) return { duplicate: true, outcome: 'duplicate' };

    let result: EventOutcome = { outcome: verdict.confirmed ? 'unknown payment' : verdict.outcome };
    if (verdict.confirmed) {
      const attempt = await attemptOf(tx, verdict.payment);
      if (attempt) result = await apply(tx, event, verdict.payment, attempt);
    }
    await tx.update(paymentWebhookEvents).set({ outcome: result.outcome }).where(eq(paymentWebhookEvents.eventId, event.id));
    return { ...result, duplicate: false };
  });
  if (handled.outcome === VALUE_DIFFERS) {
    log.warn(
      { eventId: event.id, event: event.event, paymentId: event.payment?.id },
      'payment webhook value differs from the order; nothing changed',
    );
  }
  return handled;
}
