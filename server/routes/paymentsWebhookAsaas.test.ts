import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onlyDigits } from '../../src/domain/documents';
import { beneficiaries, paymentAttempts, paymentWebhookEvents, sales } from '../db/schema';
import { FAKE_ASAAS_KEY, startFakeAsaas, type FakeAsaas } from '../test/fakeAsaas';
import { checkoutBody, createPaymentsApp, postPayment, REFUSED_CARD } from '../test/payments';

/**
 * The webhook against the Asaas adapter and a local stand-in for Asaas: every event is checked with
 * GET /v3/payments/{id} (or by externalReference) and only the gateway's answer is acted on.
 */

const TOKEN = 'webhook-token-asaas-stand-in';
let fake: FakeAsaas;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeAsaas();
  app = await createPaymentsApp({
    seed: false,
    config: { payments: { gateway: 'asaas', baseUrl: fake.baseUrl, apiKey: FAKE_ASAAS_KEY, webhookToken: TOKEN, timeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const sendEvent = (name: string, payment: object) => {
  const body = { id: `evt_${randomUUID()}`, event: name, dateCreated: '2026-01-01 10:00:00', payment };
  return app
    .inject({ method: 'POST', url: '/api/payment/webhook/asaas', payload: body, headers: { 'asaas-access-token': TOKEN } })
    .then(async (response) => ({
      response,
      outcome: (await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, body.id)))[0]?.outcome,
    }));
};
async function buy(card: Record<string, unknown> = {}) {
  const body = checkoutBody({ selectedPlan: 'consulta_avulsa' }, card);
  await postPayment(app, body);
  const cpf = onlyDigits(body.cpfCnpj);
  const attempt = (await app.db.select().from(paymentAttempts)).find((row) => row.buyer.cpfCnpj === cpf)!;
  return { attempt, cpf };
}
const attemptNow = async (id: number) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];
const holderOf = async (cpf: string) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf)))[0];

describe('a forged PAYMENT_CONFIRMED naming the order of a refused attempt', () => {
  it.each([
    ['by its order id', (orderId: string) => ({ externalReference: orderId, status: 'CONFIRMED' }), '/payments'],
    ['with a made-up payment id', (orderId: string) => ({ id: 'pay_999999', externalReference: orderId }), '/payments/pay_999999'],
  ])('%s changes nothing: Asaas holds no payment for it', async (_case, payment, askedPath) => {
    const { attempt, cpf } = await buy({ number: REFUSED_CARD });
    expect(attempt.status).toBe('refused');
    fake.requests.length = 0;

    const { response, outcome } = await sendEvent('PAYMENT_CONFIRMED', payment(attempt.orderId));
    expect(response.statusCode).toBe(200);
    expect(outcome).toBe('not confirmed by the gateway');
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${askedPath}`]);
    expect(await attemptNow(attempt.id)).toMatchObject({ status: 'refused', saleId: null });
    expect(await holderOf(cpf)).toBeUndefined();
  });
});

describe('an event Asaas confirms', () => {
  it('is acted on with the gateway’s own record: a refund made on Asaas marks the sale refunded', async () => {
    const { attempt } = await buy();
    expect(attempt.status).toBe('approved');
    const { response: early } = await sendEvent('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
    expect(early.statusCode).toBe(200);
    const saleStatus = async () => (await app.db.select().from(sales).where(eq(sales.id, attempt.saleId!)))[0].status;
    expect(await saleStatus()).toBe('paid');

    fake.payments.find((payment) => payment.id === attempt.gatewayPaymentId)!.status = 'REFUNDED';
    const { outcome } = await sendEvent('PAYMENT_REFUNDED', { id: attempt.gatewayPaymentId });
    expect(outcome).toBe('refunded');
    expect(await saleStatus()).toBe('refunded');
  });
});
