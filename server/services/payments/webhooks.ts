import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { isPlanId, PLANS } from '../../../src/domain/plans';
import type { Database } from '../../db/client';
import { beneficiaries, paymentAttempts, paymentWebhookEvents, sales } from '../../db/schema';
import { GATEWAY_ACTOR, recordPublicAudit } from '../audit/record';
import { recordApprovedSale } from './approval';
import type { PaymentAttempt } from './attempts';

export interface AsaasWebhookEvent {
  id: string;
  event: string;
  payment?: { id?: string; subscription?: string | null; externalReference?: string | null; status?: string };
}

const PAID = ['PAYMENT_CONFIRMED', 'PAYMENT_RECEIVED'];

/** Compares the webhook token in constant time (digests first, so lengths leak nothing either). */
export function webhookTokenMatches(received: string | undefined, expected: string | undefined): boolean {
  if (!expected || !received) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function attemptOf(db: Database, payment: NonNullable<AsaasWebhookEvent['payment']>): Promise<PaymentAttempt | undefined> {
  const matches: SQL[] = [];
  if (payment.externalReference && UUID.test(payment.externalReference))
    matches.push(eq(paymentAttempts.orderId, payment.externalReference));
  if (payment.id) matches.push(eq(paymentAttempts.gatewayPaymentId, payment.id));
  if (payment.subscription) matches.push(eq(paymentAttempts.gatewaySubscriptionId, payment.subscription));
  if (!matches.length) return undefined;
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

/** What one event does to the attempt it concerns. */
async function apply(db: Database, event: AsaasWebhookEvent, attempt: PaymentAttempt): Promise<EventOutcome> {
  const subscription = isPlanId(attempt.plan) && PLANS[attempt.plan].recurring;
  if (PAID.includes(event.event)) {
    if (attempt.status !== 'approved') {
      // The charge went through although our request never saved it (crash, timeout): save it now.
      const beneficiaryId = await recordApprovedSale(
        db,
        attempt.id,
        { paymentId: event.payment?.id, subscriptionId: event.payment?.subscription ?? undefined },
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

/**
 * Handles one gateway webhook event once: the event id is recorded in the same transaction as its
 * effects, so a repeated delivery is ignored and a failed one is retried by the gateway.
 */
export async function handleAsaasEvent(db: Database, event: AsaasWebhookEvent): Promise<EventOutcome & { duplicate: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [recorded] = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.id, event: event.event, gatewayPaymentId: event.payment?.id ?? null, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!recorded) return { duplicate: true, outcome: 'duplicate' };

    const attempt = event.payment ? await attemptOf(tx, event.payment) : undefined;
    const result: EventOutcome = attempt ? await apply(tx, event, attempt) : { outcome: 'unknown payment' };
    await tx.update(paymentWebhookEvents).set({ outcome: result.outcome }).where(eq(paymentWebhookEvents.eventId, event.id));
    return { ...result, duplicate: false };
  });
}
