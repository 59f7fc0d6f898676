import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { auditLog, beneficiaries, paymentAttempts, paymentWebhookEvents, sales } from '../db/schema';
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from '../services/payments/gateway';
import { createSandboxGateway, memoryLedger } from '../services/payments/sandboxGateway';
import { checkoutBody, createPaymentsApp, postPayment, REFUSED_CARD } from '../test/payments';
import { createTestApp } from '../test/helpers';

const TOKEN = 'test-webhook-token';

/**
 * The sandbox over books the tests can write to (what happens on the gateway's side after a charge),
 * whose charge answer can be lost on the way back, and which can stop answering look-ups.
 */
const ledger = memoryLedger();
const sandbox = createSandboxGateway(10, ledger);
let answerLost = false;
let lookupsDown = false;
const gateway: PaymentGateway = {
  kind: 'sandbox',
  charge: async (request) => {
    const result = await sandbox.charge(request);
    if (answerLost) throw new GatewayUnavailableError('answer lost');
    return result;
  },
  findByReference: (orderId, recurring) => sandbox.findByReference(orderId, recurring),
  findPayment: (lookup) => (lookupsDown ? Promise.reject(new GatewayUnavailableError('down')) : sandbox.findPayment(lookup)),
  createPixCharge: (request) => sandbox.createPixCharge(request),
  cancelCharge: (paymentId) => sandbox.cancelCharge(paymentId),
};

let app: FastifyInstance;
const logLines: Array<{ msg: string; eventId?: string }> = [];
beforeAll(async () => {
  app = await createTestApp({
    config: { payments: { gateway: 'sandbox', webhookToken: TOKEN, timeoutMs: 2000 }, logLevel: 'warn' },
    build: { paymentGateway: gateway, logDestination: { write: (line) => logLines.push(JSON.parse(line)) } },
  });
});
afterAll(() => app.close());

/** The gateway's record of an attempt's first payment. */
async function gatewayPaymentOf(attempt: { gatewayPaymentId: string | null }): Promise<GatewayPayment> {
  return (await ledger.findPayment({ id: attempt.gatewayPaymentId! }))!;
}
/** On the gateway's side, the payment moves to another status (a refund, a chargeback…). */
const gatewaySets = async (attempt: { gatewayPaymentId: string | null }, status: string) =>
  ledger.setPayment({ ...(await gatewayPaymentOf(attempt)), status });
const outcomeOf = async (eventId: string) =>
  (await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0]?.outcome;

const sendEvent = (payload: object, token: string | null = TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/webhook/asaas',
    payload,
    headers: token === null ? {} : { 'asaas-access-token': token },
  });

/** Pays through the checkout and returns what was stored for that buyer. */
async function purchase(selectedPlan = 'plano_individual') {
  const body = checkoutBody({ selectedPlan });
  expect((await postPayment(app, body)).json()).toEqual({ success: true });
  const [attempt] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === onlyDigits(body.cpfCnpj));
  return { attempt, cpf: onlyDigits(body.cpfCnpj) };
}
const saleOf = async (saleId: number | null) => (await app.db.select().from(sales).where(eq(sales.id, saleId!)))[0];
const beneficiaryOf = async (cpf: string) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf)))[0];
const event = (name: string, payment: object) => ({ id: `evt_${randomUUID()}`, event: name, dateCreated: '2026-01-01 10:00:00', payment });

describe('POST /api/payment/webhook/asaas', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'token-errado'],
    ['a token differing only in length', `${TOKEN}x`],
  ])('answers 401 with %s and changes nothing', async (_case, token) => {
    const { attempt } = await purchase();
    const response = await sendEvent(event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId }), token);
    expect(response.statusCode).toBe(401);
    expect((await saleOf(attempt.saleId)).status).toBe('paid');
  });

  it('answers 401 to everyone when no webhook token is configured', async () => {
    const unconfigured = await createPaymentsApp({ seed: false, config: { payments: { gateway: 'sandbox', timeoutMs: 2000 } } });
    try {
      const response = await unconfigured.inject({
        method: 'POST',
        url: '/api/payment/webhook/asaas',
        payload: event('PAYMENT_RECEIVED', { id: 'pay_1' }),
        headers: { 'asaas-access-token': '' },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await unconfigured.close();
    }
  });

  it('answers 400 to a body that is not an event', async () => {
    expect((await sendEvent({ evento: 'x' })).statusCode).toBe(400);
  });

  it('marks a sale refunded and inactivates the holder of a refunded subscription', async () => {
    const { attempt, cpf } = await purchase('plano_individual');
    await gatewaySets(attempt, 'REFUNDED');
    const response = await sendEvent(event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId }));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect((await saleOf(attempt.saleId)).status).toBe('refunded');
    expect((await beneficiaryOf(cpf)).isActive).toBe(false);
  });

  it('keeps the holder of a refunded one-off consultation active', async () => {
    const { attempt, cpf } = await purchase('consulta_avulsa');
    await gatewaySets(attempt, 'REFUNDED');
    await sendEvent(event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId }));
    expect((await saleOf(attempt.saleId)).status).toBe('refunded');
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
  });

  it('marks a chargeback', async () => {
    const { attempt } = await purchase('consulta_avulsa');
    await gatewaySets(attempt, 'CHARGEBACK_REQUESTED');
    await sendEvent(event('PAYMENT_CHARGEBACK_REQUESTED', { id: attempt.gatewayPaymentId }));
    expect((await saleOf(attempt.saleId)).status).toBe('chargeback');
  });

  it('inactivates the holder of an overdue subscription and reactivates it once paid', async () => {
    const { attempt, cpf } = await purchase('plano_individual_premium');
    // The subscription's second month, on the gateway's books: overdue, then paid.
    const secondMonth = { ...(await gatewayPaymentOf(attempt)), id: `pay_month_2_${attempt.id}` };
    ledger.setPayment({ ...secondMonth, status: 'OVERDUE' });
    await sendEvent(event('PAYMENT_OVERDUE', { id: secondMonth.id, subscription: attempt.gatewaySubscriptionId }));
    expect((await beneficiaryOf(cpf)).isActive).toBe(false);
    ledger.setPayment({ ...secondMonth, status: 'RECEIVED' });
    await sendEvent(event('PAYMENT_RECEIVED', { id: secondMonth.id, subscription: attempt.gatewaySubscriptionId }));
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
    expect((await saleOf(attempt.saleId)).status).toBe('paid');

    // Both status changes are in the audit trail, made by the gateway.
    const trail = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, (await beneficiaryOf(cpf)).uuid), eq(auditLog.actorType, 'GATEWAY')))
      .orderBy(auditLog.id);
    expect(trail.map((row) => [row.action, row.summary, row.actorName, row.ipAddress])).toEqual([
      ['status', 'Inativado pelo gateway', 'Gateway de pagamento', 'webhook do gateway'],
      ['status', 'Ativado pelo pagamento', 'Gateway de pagamento', 'webhook do gateway'],
    ]);
  });

  it('keeps the holder of an overdue one-off consultation active: only a subscription lapses', async () => {
    const { attempt, cpf } = await purchase('consulta_avulsa');
    await gatewaySets(attempt, 'OVERDUE');
    const overdue = event('PAYMENT_OVERDUE', { id: attempt.gatewayPaymentId });
    expect((await sendEvent(overdue)).json()).toEqual({ received: true, duplicate: false });
    expect(await outcomeOf(overdue.id)).toBe('ignored');
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
    expect((await saleOf(attempt.saleId)).status).toBe('paid');
  });

  it('ignores an event id already processed', async () => {
    const { attempt } = await purchase('consulta_avulsa');
    await gatewaySets(attempt, 'REFUNDED');
    const refund = event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
    expect((await sendEvent(refund)).json()).toEqual({ received: true, duplicate: false });
    await app.db.update(sales).set({ status: 'paid' }).where(eq(sales.id, attempt.saleId!));
    expect((await sendEvent(refund)).json()).toEqual({ received: true, duplicate: true });
    expect((await saleOf(attempt.saleId)).status).toBe('paid');
    expect(await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, refund.id))).toHaveLength(1);
  });

  it('saves the sale of a charge whose answer never reached us, when the gateway confirms it', async () => {
    answerLost = true;
    const body = checkoutBody({ selectedPlan: 'consulta_avulsa' });
    try {
      // The charge may exist: "still processing" (409), never "nothing was charged".
      const answer = await postPayment(app, body);
      expect([answer.statusCode, answer.json()]).toEqual([409, expect.objectContaining({ message: CHECKOUT_MESSAGES.stillProcessing })]);
    } finally {
      answerLost = false;
    }
    const cpf = onlyDigits(body.cpfCnpj);
    const [lost] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);
    expect(lost).toMatchObject({ status: 'pending', saleId: null });
    expect(await beneficiaryOf(cpf)).toBeUndefined();

    const charged = await ledger.findPayment({ externalReference: lost.orderId });
    await sendEvent(event('PAYMENT_CONFIRMED', { id: charged!.id, externalReference: lost.orderId, status: 'CONFIRMED' }));
    const [approved] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, lost.id));
    expect(approved).toMatchObject({ status: 'approved', gatewayPaymentId: charged!.id });
    expect(await saleOf(approved.saleId)).toMatchObject({ tipo: 'consulta_avulsa', valor: '39.90', status: 'paid' });
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
  });

  it('acknowledges events about payments it does not know', async () => {
    const response = await sendEvent(event('PAYMENT_RECEIVED', { id: 'pay_de_outro_sistema' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
  });

  describe('an event the gateway does not confirm', () => {
    /** An attempt whose card the gateway refused (the gateway holds no payment for it). */
    async function refusedAttempt() {
      const body = checkoutBody({ selectedPlan: 'plano_individual' }, { number: REFUSED_CARD });
      expect((await postPayment(app, body)).json()).toMatchObject({ success: false });
      const cpf = onlyDigits(body.cpfCnpj);
      const [attempt] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);
      expect(attempt.status).toBe('refused');
      return { attempt, cpf };
    }

    it.each([
      ['by its order id alone', (orderId: string) => ({ externalReference: orderId, status: 'CONFIRMED' })],
      ['with a made-up payment id', (orderId: string) => ({ id: 'pay_forjado', externalReference: orderId, status: 'RECEIVED' })],
    ])("changes nothing when PAYMENT_CONFIRMED names a refused attempt's order %s, and is logged", async (_case, payment) => {
      const { attempt, cpf } = await refusedAttempt();
      const forged = event('PAYMENT_CONFIRMED', payment(attempt.orderId));
      const response = await sendEvent(forged);
      expect(response.statusCode).toBe(200);
      const [after] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
      expect(after).toMatchObject({ status: 'refused', saleId: null });
      expect(await beneficiaryOf(cpf)).toBeUndefined();
      expect(await outcomeOf(forged.id)).toBe('not confirmed by the gateway');
      expect(logLines.filter((line) => line.eventId === forged.id).map((line) => line.msg)).toEqual([
        'payment webhook event not confirmed by the gateway; nothing changed',
      ]);
    });

    it('keeps a paid sale paid when a refund is announced but the gateway still has it confirmed', async () => {
      const { attempt, cpf } = await purchase('plano_individual');
      const forged = event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
      await sendEvent(forged);
      expect((await saleOf(attempt.saleId)).status).toBe('paid');
      expect((await beneficiaryOf(cpf)).isActive).toBe(true);
      expect(await outcomeOf(forged.id)).toBe('not confirmed by the gateway');
    });

    it('does not approve an order for a payment of another value', async () => {
      answerLost = true;
      const body = checkoutBody({ selectedPlan: 'plano_individual' });
      try {
        await postPayment(app, body);
      } finally {
        answerLost = false;
      }
      const cpf = onlyDigits(body.cpfCnpj);
      const [lost] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);
      const charged = (await ledger.findPayment({ externalReference: lost.orderId }))!;
      ledger.setPayment({ ...charged, value: 1 });
      const confirmed = event('PAYMENT_CONFIRMED', { id: charged.id });
      await sendEvent(confirmed);
      expect((await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, lost.id)))[0].status).toBe('pending');
      expect(await beneficiaryOf(cpf)).toBeUndefined();
      expect(await outcomeOf(confirmed.id)).toBe('value differs from the order');
      expect(logLines.filter((line) => line.eventId === confirmed.id).map((line) => line.msg)).toEqual([
        'payment webhook value differs from the order; nothing changed',
      ]);
    });

    it('answers 503 while the gateway cannot be asked, records nothing, and acts once it answers again', async () => {
      const { attempt } = await purchase('consulta_avulsa');
      await gatewaySets(attempt, 'REFUNDED');
      const refund = event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
      lookupsDown = true;
      try {
        const response = await sendEvent(refund);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          success: false,
          message: expect.stringContaining('gateway'),
          requestId: response.headers['x-request-id'],
        });
      } finally {
        lookupsDown = false;
      }
      expect(await outcomeOf(refund.id)).toBeUndefined();
      expect((await saleOf(attempt.saleId)).status).toBe('paid');
      expect((await sendEvent(refund)).json()).toEqual({ received: true, duplicate: false });
      expect((await saleOf(attempt.saleId)).status).toBe('refunded');
    });
  });
});
