import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { onlyDigits } from '../../src/domain/documents';
import { auditLog, beneficiaries, paymentAttempts, paymentWebhookEvents, sales } from '../db/schema';
import { GatewayUnavailableError, type PaymentGateway } from '../services/payments/gateway';
import { createSandboxGateway } from '../services/payments/sandboxGateway';
import { checkoutBody, createPaymentsApp, postPayment } from '../services/payments/testing';

const TOKEN = 'test-webhook-token';

/** The sandbox, except that it can be switched to "unreachable" for one test. */
const sandbox = createSandboxGateway(10);
let unreachable = false;
const gateway: PaymentGateway = {
  kind: 'sandbox',
  charge: (request) => (unreachable ? Promise.reject(new GatewayUnavailableError('down')) : sandbox.charge(request)),
  findByReference: (orderId, recurring) => sandbox.findByReference(orderId, recurring),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({
    gateway,
    seed: false,
    config: { payments: { gateway: 'sandbox', webhookToken: TOKEN, timeoutMs: 2000 } },
  });
}, 60_000);
afterAll(() => app.close());

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
  }, 60_000);

  it('answers 400 to a body that is not an event', async () => {
    expect((await sendEvent({ evento: 'x' })).statusCode).toBe(400);
  });

  it('marks a sale refunded and inactivates the holder of a refunded subscription', async () => {
    const { attempt, cpf } = await purchase('plano_individual');
    const response = await sendEvent(event('PAYMENT_REFUNDED', { id: 'pay_other', subscription: attempt.gatewaySubscriptionId }));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect((await saleOf(attempt.saleId)).status).toBe('refunded');
    expect((await beneficiaryOf(cpf)).isActive).toBe(false);
  });

  it('keeps the holder of a refunded one-off consultation active', async () => {
    const { attempt, cpf } = await purchase('consulta_avulsa');
    await sendEvent(event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId }));
    expect((await saleOf(attempt.saleId)).status).toBe('refunded');
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
  });

  it('marks a chargeback', async () => {
    const { attempt } = await purchase('consulta_avulsa');
    await sendEvent(event('PAYMENT_CHARGEBACK_REQUESTED', { id: attempt.gatewayPaymentId }));
    expect((await saleOf(attempt.saleId)).status).toBe('chargeback');
  });

  it('inactivates the holder of an overdue subscription and reactivates it once paid', async () => {
    const { attempt, cpf } = await purchase('plano_individual_premium');
    await sendEvent(event('PAYMENT_OVERDUE', { id: 'pay_month_2', subscription: attempt.gatewaySubscriptionId }));
    expect((await beneficiaryOf(cpf)).isActive).toBe(false);
    await sendEvent(event('PAYMENT_RECEIVED', { id: 'pay_month_2', subscription: attempt.gatewaySubscriptionId }));
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

  it('ignores an event id already processed', async () => {
    const { attempt } = await purchase('consulta_avulsa');
    const refund = event('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
    expect((await sendEvent(refund)).json()).toEqual({ received: true, duplicate: false });
    await app.db.update(sales).set({ status: 'paid' }).where(eq(sales.id, attempt.saleId!));
    expect((await sendEvent(refund)).json()).toEqual({ received: true, duplicate: true });
    expect((await saleOf(attempt.saleId)).status).toBe('paid');
    expect(await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, refund.id))).toHaveLength(1);
  });

  it('saves the sale of a charge whose answer never reached us, when the gateway confirms it', async () => {
    unreachable = true;
    const body = checkoutBody({ selectedPlan: 'consulta_avulsa' });
    try {
      expect((await postPayment(app, body)).json()).toMatchObject({ success: false });
    } finally {
      unreachable = false;
    }
    const cpf = onlyDigits(body.cpfCnpj);
    const [failed] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);
    expect(failed).toMatchObject({ status: 'failed', saleId: null });
    expect(await beneficiaryOf(cpf)).toBeUndefined();

    await sendEvent(event('PAYMENT_CONFIRMED', { id: 'pay_late', externalReference: failed.orderId, status: 'CONFIRMED' }));
    const [approved] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, failed.id));
    expect(approved).toMatchObject({ status: 'approved', gatewayPaymentId: 'pay_late' });
    expect(await saleOf(approved.saleId)).toMatchObject({ tipo: 'consulta_avulsa', valor: '39.90', status: 'paid' });
    expect((await beneficiaryOf(cpf)).isActive).toBe(true);
  });

  it('acknowledges events about payments it does not know', async () => {
    const response = await sendEvent(event('PAYMENT_RECEIVED', { id: 'pay_de_outro_sistema' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
  });
});
