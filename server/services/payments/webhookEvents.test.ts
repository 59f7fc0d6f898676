import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, beneficiaries, paymentWebhookEvents, sales } from '../../db/schema';
import { claimPendingAttempt, createPaymentsApp, scriptedGateway, warningsLog } from '../../test/payments';
import { recordApprovedSale } from './approval';
import { findAttempt } from './attempts';
import type { GatewayPayment, PaymentLookup } from './gateway';
import { handleAsaasEvent, type AsaasWebhookEvent } from './webhooks';

/**
 * One gateway webhook event (webhooks.ts, `handleAsaasEvent`), called as the route calls it, with a
 * gateway whose books the test writes: what each event does once the gateway confirms it, what it
 * leaves alone when it does not, the attempt it finds, its record and its warnings. On PGlite without
 * the demo data.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false, jobs: false });
});
afterAll(() => app?.close());

/** The gateway's books: payments by id and by our order id; every lookup is kept. */
const books = new Map<string, GatewayPayment>();
const lookups: PaymentLookup[] = [];
// The webhook asks the gateway for one thing only: its record of a payment.
const gateway = scriptedGateway('asaas', {
  findPayment: async (lookup) => {
    lookups.push(lookup);
    return books.get('id' in lookup ? lookup.id : `ref:${lookup.externalReference}`) ?? null;
  },
});
const { log, warnings } = warningsLog();

beforeEach(() => {
  lookups.length = 0;
  warnings.length = 0;
});

const handle = (event: AsaasWebhookEvent) => handleAsaasEvent({ db: app.db, gateway, log }, event);

/** An event about a payment the gateway has in the given state. */
function eventAbout(
  event: string,
  payment: Partial<GatewayPayment> & { id: string },
  body: AsaasWebhookEvent['payment'] = { id: payment.id },
) {
  books.set(payment.id, { status: 'CONFIRMED', value: 44.9, ...payment });
  return { id: `evt_${randomUUID()}`, event, payment: body };
}

/** A pending attempt of the plan at the value the gateway's books give by default, as the checkout leaves it before the gateway answers. */
const pendingAttempt = (plan = 'plano_individual') => claimPendingAttempt(app.db, { plan, amount: 44.9, gateway: 'asaas' });

/** An approved attempt with its sale and beneficiary, paid by the gateway's payment `paymentId`. */
async function approvedAttempt(plan = 'plano_individual') {
  const pending = await pendingAttempt(plan);
  const paymentId = `pay_${randomUUID()}`;
  const beneficiaryId = (await recordApprovedSale(app.db, pending.id, { paymentId, subscriptionId: `sub_${randomUUID()}` }))!;
  const attempt = (await findAttempt(app.db, pending.id))!;
  return { attempt, paymentId, beneficiaryId };
}

const saleStatus = async (saleId: number | null) => (await app.db.select().from(sales).where(eq(sales.id, saleId!)))[0].status;
const beneficiary = async (id: number) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, id)))[0];
const setActive = (id: number, isActive: boolean) => app.db.update(beneficiaries).set({ isActive }).where(eq(beneficiaries.id, id));
const statusRowsOf = async (id: number) => {
  const { uuid } = await beneficiary(id);
  const rows = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, uuid), eq(auditLog.action, 'status')));
  return rows.map((row) => [row.actorType, row.actorName, row.entity, row.summary, row.ipAddress]);
};
const recordOf = async (eventId: string) =>
  (await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0];

describe('an event the gateway confirms', () => {
  it('of a payment our request never saved: saves the sale with the gateway’s ids, as from the webhook', async () => {
    const attempt = await pendingAttempt();
    const event = eventAbout('PAYMENT_RECEIVED', {
      id: `pay_${randomUUID()}`,
      externalReference: attempt.orderId,
      subscription: 'sub_w1',
      status: 'RECEIVED',
    });
    const result = await handle(event);
    const saved = (await findAttempt(app.db, attempt.id))!;
    expect(result).toEqual({ outcome: 'approved', beneficiaryId: expect.any(Number), duplicate: false });
    expect(saved).toMatchObject({ status: 'approved', gatewayPaymentId: event.payment.id, gatewaySubscriptionId: 'sub_w1' });
    const { uuid } = await beneficiary(result.beneficiaryId!);
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, uuid));
    expect([row.action, row.ipAddress]).toEqual(['create', 'webhook do gateway']);
    expect(await recordOf(event.id)).toMatchObject({ event: 'PAYMENT_RECEIVED', gatewayPaymentId: event.payment.id, outcome: 'approved' });
    expect(warnings).toEqual([]);
  });

  it('paid, of a plan: marks the sale paid and reactivates its holder, audited as the gateway', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt();
    await app.db.update(sales).set({ status: 'refunded' }).where(eq(sales.id, attempt.saleId!));
    await setActive(beneficiaryId, false);
    expect(await handle(eventAbout('PAYMENT_CONFIRMED', { id: paymentId }))).toEqual({ outcome: 'paid', beneficiaryId, duplicate: false });
    expect(await saleStatus(attempt.saleId)).toBe('paid');
    expect((await beneficiary(beneficiaryId)).isActive).toBe(true);
    expect(await statusRowsOf(beneficiaryId)).toEqual([
      ['GATEWAY', 'Gateway de pagamento', 'beneficiary', 'Ativado pelo pagamento', 'webhook do gateway'],
    ]);
  });

  it('paid, of a holder already active: changes and audits nothing of the holder', async () => {
    const { paymentId, beneficiaryId } = await approvedAttempt();
    const before = await beneficiary(beneficiaryId);
    expect(await handle(eventAbout('PAYMENT_RECEIVED', { id: paymentId, status: 'RECEIVED_IN_CASH' }))).toEqual({
      outcome: 'paid',
      beneficiaryId: undefined,
      duplicate: false,
    });
    expect((await beneficiary(beneficiaryId)).updatedAt).toEqual(before.updatedAt);
    expect(await statusRowsOf(beneficiaryId)).toEqual([]);
  });

  it('paid, of a one-off purchase: marks the sale paid and leaves the holder as it is', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt('consulta_avulsa');
    await app.db.update(sales).set({ status: 'chargeback' }).where(eq(sales.id, attempt.saleId!));
    await setActive(beneficiaryId, false);
    expect(await handle(eventAbout('PAYMENT_CONFIRMED', { id: paymentId }))).toEqual({
      outcome: 'paid',
      beneficiaryId: undefined,
      duplicate: false,
    });
    expect(await saleStatus(attempt.saleId)).toBe('paid');
    expect((await beneficiary(beneficiaryId)).isActive).toBe(false);
  });

  it('paid at another value than the order’s: changes nothing, records and warns why', async () => {
    const attempt = await pendingAttempt();
    const event = eventAbout('PAYMENT_CONFIRMED', { id: `pay_${randomUUID()}`, externalReference: attempt.orderId, value: 44.91 });
    expect(await handle(event)).toEqual({ outcome: 'value differs from the order', duplicate: false });
    expect((await findAttempt(app.db, attempt.id))!.status).toBe('pending');
    expect((await recordOf(event.id)).outcome).toBe('value differs from the order');
    expect(warnings).toEqual([
      [
        { eventId: event.id, event: 'PAYMENT_CONFIRMED', paymentId: event.payment.id },
        'payment webhook value differs from the order; nothing changed',
      ],
    ]);
  });

  it('refunded, of a plan: marks the sale refunded and inactivates its holder', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt();
    expect(await handle(eventAbout('PAYMENT_REFUNDED', { id: paymentId, status: 'REFUNDED' }))).toEqual({
      outcome: 'refunded',
      beneficiaryId,
      duplicate: false,
    });
    expect(await saleStatus(attempt.saleId)).toBe('refunded');
    expect((await beneficiary(beneficiaryId)).isActive).toBe(false);
    expect(await statusRowsOf(beneficiaryId)).toEqual([
      ['GATEWAY', 'Gateway de pagamento', 'beneficiary', 'Inativado pelo gateway', 'webhook do gateway'],
    ]);
  });

  it.each(['consulta_avulsa', 'plano_retirado'])(
    'refunded, of a purchase of %s (no subscription): marks the sale refunded only',
    async (plan) => {
      const { attempt, paymentId, beneficiaryId } = await approvedAttempt(plan);
      expect(await handle(eventAbout('PAYMENT_REFUNDED', { id: paymentId, status: 'REFUNDED' }))).toEqual({
        outcome: 'refunded',
        beneficiaryId: undefined,
        duplicate: false,
      });
      expect(await saleStatus(attempt.saleId)).toBe('refunded');
      expect((await beneficiary(beneficiaryId)).isActive).toBe(true);
    },
  );

  it('charged back: marks the sale and leaves the holder', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt();
    expect(await handle(eventAbout('PAYMENT_CHARGEBACK_REQUESTED', { id: paymentId, status: 'CHARGEBACK_DISPUTE' }))).toEqual({
      outcome: 'chargeback',
      duplicate: false,
    });
    expect(await saleStatus(attempt.saleId)).toBe('chargeback');
    expect((await beneficiary(beneficiaryId)).isActive).toBe(true);
  });

  it('overdue: inactivates a plan’s holder, and is ignored for a one-off purchase', async () => {
    const plan = await approvedAttempt();
    const oneOff = await approvedAttempt('consulta_avulsa');
    expect(await handle(eventAbout('PAYMENT_OVERDUE', { id: plan.paymentId, status: 'OVERDUE' }))).toEqual({
      outcome: 'inactivated',
      beneficiaryId: plan.beneficiaryId,
      duplicate: false,
    });
    expect((await beneficiary(plan.beneficiaryId)).isActive).toBe(false);
    expect(await saleStatus(plan.attempt.saleId)).toBe('paid');
    expect(await handle(eventAbout('PAYMENT_OVERDUE', { id: oneOff.paymentId, status: 'OVERDUE' }))).toEqual({
      outcome: 'ignored',
      duplicate: false,
    });
    expect((await beneficiary(oneOff.beneficiaryId)).isActive).toBe(true);
  });
});

describe('the attempt an event’s payment belongs to', () => {
  it('is found by the gateway’s payment id, our order id in its reference, or its subscription', async () => {
    const byId = await approvedAttempt();
    const bySubscription = await approvedAttempt();
    const byReference = await pendingAttempt();
    await setActive(byId.beneficiaryId, false);
    await setActive(bySubscription.beneficiaryId, false);
    expect((await handle(eventAbout('PAYMENT_RECEIVED', { id: byId.paymentId }))).beneficiaryId).toBe(byId.beneficiaryId);
    const monthly = eventAbout('PAYMENT_RECEIVED', {
      id: `pay_${randomUUID()}`,
      subscription: bySubscription.attempt.gatewaySubscriptionId!,
    });
    expect((await handle(monthly)).beneficiaryId).toBe(bySubscription.beneficiaryId);
    const referenced = eventAbout('PAYMENT_RECEIVED', { id: `pay_${randomUUID()}`, externalReference: byReference.orderId.toUpperCase() });
    expect((await handle(referenced)).outcome).toBe('approved');
  });

  it('is none for a payment nothing of ours names (a reference that is no order id is not looked up)', async () => {
    // A uuid with anything before or after it is no order id either (the order id column would refuse it).
    for (const externalReference of [randomUUID(), 'pedido-123', `pedido-${randomUUID()}`, `${randomUUID()}-2`, undefined]) {
      const event = eventAbout('PAYMENT_CONFIRMED', { id: `pay_${randomUUID()}`, externalReference });
      expect(await handle(event)).toEqual({ outcome: 'unknown payment', duplicate: false });
      expect((await recordOf(event.id)).outcome).toBe('unknown payment');
    }
    expect(warnings).toEqual([]);
  });
});

describe('what the gateway is asked', () => {
  it('the payment by its id, else by the event’s reference, else nothing', async () => {
    const reference = randomUUID();
    books.set(`ref:${reference}`, { id: 'pay_ref', status: 'CONFIRMED', value: 1 });
    await handle(eventAbout('PAYMENT_CONFIRMED', { id: 'pay_by_id' }, { id: 'pay_by_id', externalReference: reference }));
    expect(await handle({ id: `evt_${randomUUID()}`, event: 'PAYMENT_CONFIRMED', payment: { externalReference: reference } })).toEqual({
      outcome: 'unknown payment',
      duplicate: false,
    });
    const nameless = { id: `evt_${randomUUID()}`, event: 'PAYMENT_CONFIRMED' };
    expect(await handle(nameless)).toEqual({ outcome: 'not confirmed by the gateway', duplicate: false });
    expect(lookups).toEqual([{ id: 'pay_by_id' }, { externalReference: reference }]);
    expect(await recordOf(nameless.id)).toMatchObject({ gatewayPaymentId: null, outcome: 'not confirmed by the gateway' });
  });

  it('nothing for an event we do not act on, which is recorded as ignored without a warning', async () => {
    const event = { id: `evt_${randomUUID()}`, event: 'PAYMENT_CREATED', payment: { id: 'pay_created' } };
    expect(await handle(event)).toEqual({ outcome: 'ignored', duplicate: false });
    expect(lookups).toEqual([]);
    expect(warnings).toEqual([]);
    expect(await recordOf(event.id)).toMatchObject({ event: 'PAYMENT_CREATED', gatewayPaymentId: 'pay_created', outcome: 'ignored' });
  });
});

describe('an event the gateway does not confirm', () => {
  const confirming: Array<[string, string[]]> = [
    ['PAYMENT_CONFIRMED', ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH']],
    ['PAYMENT_RECEIVED', ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH']],
    ['PAYMENT_REFUNDED', ['REFUNDED']],
    ['PAYMENT_CHARGEBACK_REQUESTED', ['CHARGEBACK_REQUESTED', 'CHARGEBACK_DISPUTE', 'AWAITING_CHARGEBACK_REVERSAL']],
    ['PAYMENT_OVERDUE', ['OVERDUE']],
  ];
  const statuses = [...new Set(confirming.flatMap(([, list]) => list)), 'PENDING'];

  it.each(confirming)('%s is believed only with the gateway’s status among %j', async (name, believed) => {
    for (const status of statuses) {
      const result = await handle(eventAbout(name, { id: `pay_${randomUUID()}`, status }));
      expect([status, result.outcome]).toEqual([status, believed.includes(status) ? 'unknown payment' : 'not confirmed by the gateway']);
    }
  });

  it('changes nothing and warns with the gateway’s status, or without one when the gateway has no such payment', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt();
    const event = eventAbout('PAYMENT_REFUNDED', { id: paymentId, status: 'RECEIVED' });
    expect(await handle(event)).toEqual({ outcome: 'not confirmed by the gateway', duplicate: false });
    expect(await saleStatus(attempt.saleId)).toBe('paid');
    expect((await beneficiary(beneficiaryId)).isActive).toBe(true);
    const unknown = { id: `evt_${randomUUID()}`, event: 'PAYMENT_OVERDUE', payment: { id: 'pay_desconhecido' } };
    await handle(unknown);
    const message = 'payment webhook event not confirmed by the gateway; nothing changed';
    expect(warnings).toEqual([
      [{ eventId: event.id, event: 'PAYMENT_REFUNDED', paymentId, gatewayStatus: 'RECEIVED' }, message],
      [{ eventId: unknown.id, event: 'PAYMENT_OVERDUE', paymentId: 'pay_desconhecido', gatewayStatus: undefined }, message],
    ]);
  });
});

describe('a repeated delivery', () => {
  it('is answered as a duplicate without asking the gateway again, and acts once', async () => {
    const { attempt, paymentId, beneficiaryId } = await approvedAttempt();
    const event = eventAbout('PAYMENT_REFUNDED', { id: paymentId, status: 'REFUNDED' });
    await handle(event);
    await setActive(beneficiaryId, true);
    lookups.length = 0;
    expect(await handle(event)).toEqual({ duplicate: true, outcome: 'duplicate' });
    expect(lookups).toEqual([]);
    expect((await beneficiary(beneficiaryId)).isActive).toBe(true);
    expect(await saleStatus(attempt.saleId)).toBe('refunded');
  });

  it('arriving twice at once acts once: the second finds the event recorded and answers a duplicate', async () => {
    const { attempt, paymentId } = await approvedAttempt();
    const event = eventAbout('PAYMENT_REFUNDED', { id: paymentId, status: 'REFUNDED' });
    // The gateway answers once both deliveries have asked: both passed the first check of the event id.
    let asked = 0;
    let answerBoth!: () => void;
    const bothAsked = new Promise<void>((resolve) => (answerBoth = resolve));
    const slowGateway = scriptedGateway('asaas', {
      findPayment: async (lookup) => {
        if (++asked === 2) answerBoth();
        await bothAsked;
        return gateway.findPayment(lookup);
      },
    });
    const deliver = () => handleAsaasEvent({ db: app.db, gateway: slowGateway, log }, event);
    const outcomes = await Promise.all([deliver(), deliver()]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['duplicate', 'refunded']);
    expect(outcomes.filter((outcome) => outcome.duplicate)).toEqual([{ duplicate: true, outcome: 'duplicate' }]);
    expect(await saleStatus(attempt.saleId)).toBe('refunded');
    expect((await recordOf(event.id)).outcome).toBe('refunded');
  });
});
