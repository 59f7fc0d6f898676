import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onlyDigits } from '../../src/domain/documents';
import { PIX_MESSAGES } from '../../src/domain/pix';
import { beneficiaries, paymentAttempts, sales } from '../db/schema';
import { FAKE_ASAAS_KEY, startFakeAsaas, type FakeAsaas } from '../test/fakeAsaas';
import { paymentContext } from '../services/payments/checkout';
import { reconcilePayments } from '../services/payments/reconcileJob';
import { checkoutBody, createPaymentsApp, postPixPayment } from '../test/payments';

/**
 * Pix through the Asaas adapter against a local stand-in for Asaas: the charge (billingType PIX) and
 * its QR code, the webhook, a lost webhook found by reconciliation, the two racing, and the token.
 */

const TOKEN = 'webhook-token-pix-stand-in';
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

const address = () => `10.8.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function createCharge() {
  const { creditCard: _card, ...body } = checkoutBody();
  const response = await postPixPayment(app, body, { address: address() });
  expect(response.statusCode).toBe(200);
  const answer = response.json();
  expect(answer.error).toBeUndefined();
  const [attempt] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, answer.orderId));
  return { answer, attempt, cpf: onlyDigits(body.cpfCnpj) };
}

const sendEvent = (event: string, paymentId: string, token = TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/webhook/asaas',
    payload: { id: `evt_${randomUUID()}`, event, dateCreated: '2026-11-25 10:00:00', payment: { id: paymentId, billingType: 'PIX' } },
    headers: { 'asaas-access-token': token },
  });

const reconcile = () => reconcilePayments(paymentContext(app, app.log));

async function salesOfBuyer(cpf: string) {
  const [holder] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
  return holder ? app.db.select().from(sales).where(eq(sales.beneficiaryId, holder.id)) : [];
}
const attemptNow = async (id: number) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];

describe('a Pix charge on Asaas', () => {
  it('is a payment with billingType PIX for the plan’s price, and shows the gateway’s own code and image', async () => {
    fake.requests.length = 0;
    const { answer, attempt } = await createCharge();
    const created = fake.requests.find((request) => request.method === 'POST' && request.path === '/payments')!;
    expect(created.body).toMatchObject({ billingType: 'PIX', value: 39.9, externalReference: attempt.orderId });
    expect(created.body).not.toHaveProperty('creditCard');
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `GET /payments/${attempt.gatewayPaymentId}/pixQrCode`,
    );
    expect(answer).toMatchObject({ success: true, simulation: false, orderId: attempt.orderId });
    expect(answer.payload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(answer.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(attempt).toMatchObject({ status: 'waiting', paymentMethod: 'pix', gateway: 'asaas' });
  });

  it('offers no "Simular pagamento" with Asaas', async () => {
    const { attempt } = await createCharge();
    const response = await app.inject({ method: 'POST', url: `/api/payment/pix/${attempt.orderId}/simulate`, remoteAddress: address() });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PIX_MESSAGES.simulationUnavailable);
    expect((await attemptNow(attempt.id)).status).toBe('waiting');
  });
});

describe('the sale of a Pix charge', () => {
  it('is recorded by PAYMENT_RECEIVED once Asaas has the payment received, with method Pix', async () => {
    const { attempt, cpf } = await createCharge();
    // Before the money arrives the event is not believed.
    expect((await sendEvent('PAYMENT_RECEIVED', attempt.gatewayPaymentId!)).statusCode).toBe(200);
    expect(await salesOfBuyer(cpf)).toHaveLength(0);

    fake.receive(attempt.gatewayPaymentId!);
    expect((await sendEvent('PAYMENT_RECEIVED', attempt.gatewayPaymentId!)).statusCode).toBe(200);
    const [sale] = await salesOfBuyer(cpf);
    expect(sale).toMatchObject({ paymentMethod: 'pix', valor: '39.90', tipo: 'consulta_avulsa', status: 'paid' });
    const status = await app.inject({ method: 'GET', url: `/api/payment/pix/${attempt.orderId}`, remoteAddress: address() });
    expect(status.json()).toMatchObject({ status: 'paid' });
  });

  it('refuses a webhook with a wrong token and changes nothing', async () => {
    const { attempt, cpf } = await createCharge();
    fake.receive(attempt.gatewayPaymentId!);
    const response = await sendEvent('PAYMENT_RECEIVED', attempt.gatewayPaymentId!, 'token-errado');
    expect(response.statusCode).toBe(401);
    expect(await salesOfBuyer(cpf)).toHaveLength(0);
    expect((await attemptNow(attempt.id)).status).toBe('waiting');
  });

  it('is recorded by the reconciliation job when the webhook is lost', async () => {
    const { attempt, cpf } = await createCharge();
    // Unpaid, it stays waiting (other tests' charges paid without a webhook may be settled here).
    await reconcile();
    expect(await salesOfBuyer(cpf)).toHaveLength(0);
    expect((await attemptNow(attempt.id)).status).toBe('waiting');
    fake.receive(attempt.gatewayPaymentId!);
    const report = await reconcile();
    expect(report.approved).toBeGreaterThanOrEqual(1);
    expect(await salesOfBuyer(cpf)).toHaveLength(1);
    expect((await attemptNow(attempt.id)).status).toBe('approved');
    // A webhook arriving afterwards adds nothing.
    await sendEvent('PAYMENT_RECEIVED', attempt.gatewayPaymentId!);
    expect(await salesOfBuyer(cpf)).toHaveLength(1);
  });

  it('is recorded exactly once when the webhook (twice) and the reconciliation race', async () => {
    const { attempt, cpf } = await createCharge();
    fake.receive(attempt.gatewayPaymentId!);
    const answers = await Promise.all([
      sendEvent('PAYMENT_RECEIVED', attempt.gatewayPaymentId!),
      reconcile(),
      sendEvent('PAYMENT_CONFIRMED', attempt.gatewayPaymentId!),
      reconcile(),
    ]);
    expect((answers[0] as { statusCode: number }).statusCode).toBe(200);
    expect(await salesOfBuyer(cpf)).toHaveLength(1);
    const settled = await attemptNow(attempt.id);
    expect(settled.status).toBe('approved');
    expect(settled.saleId).not.toBeNull();
  });
});

describe('the window of a Pix charge', () => {
  const endWindow = (id: number) =>
    app.db
      .update(paymentAttempts)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.id, id));

  it('ends with the charge removed on Asaas (DELETE /payments/{id}) and the attempt expired', async () => {
    const { attempt, cpf } = await createCharge();
    await endWindow(attempt.id);
    await reconcile();
    expect(fake.requests.some((request) => request.method === 'DELETE' && request.path === `/payments/${attempt.gatewayPaymentId}`)).toBe(
      true,
    );
    expect(fake.payments.find((payment) => payment.id === attempt.gatewayPaymentId)?.deleted).toBe(true);
    expect((await attemptNow(attempt.id)).status).toBe('expired');
    expect(await salesOfBuyer(cpf)).toHaveLength(0);
  });

  it('still makes the sale of a charge paid at the last second (Asaas keeps it)', async () => {
    const { attempt, cpf } = await createCharge();
    fake.receive(attempt.gatewayPaymentId!);
    await endWindow(attempt.id);
    const status = await app.inject({ method: 'GET', url: `/api/payment/pix/${attempt.orderId}`, remoteAddress: address() });
    expect(status.json()).toMatchObject({ status: 'paid' });
    expect(await salesOfBuyer(cpf)).toHaveLength(1);
  });
});
