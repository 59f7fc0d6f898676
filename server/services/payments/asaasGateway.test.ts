import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { onlyDigits } from '../../../src/domain/documents';
import { beneficiaries, paymentAttempts, sales } from '../../db/schema';
import { gatewayToday } from './asaasGateway';
import { FAKE_ASAAS_KEY, FAKE_REFUSAL, startFakeAsaas, type FakeAsaas } from '../../test/fakeAsaas';
import { checkoutBody, createPaymentsApp, postPayment, REFUSED_CARD } from '../../test/payments';

// Long enough that a busy CI machine answers in time; the slow and lost charges wait well past it.
const TIMEOUT_MS = 800;
const WEBHOOK_TOKEN = 'webhook-token-of-the-test';

let fake: FakeAsaas;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeAsaas();
  app = await createPaymentsApp({
    seed: false,
    config: {
      payments: { gateway: 'asaas', baseUrl: fake.baseUrl, apiKey: FAKE_ASAAS_KEY, webhookToken: WEBHOOK_TOKEN, timeoutMs: TIMEOUT_MS },
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.nextCharges.length = 0;
});

const chargeCalls = () => fake.requests.filter((request) => request.method === 'POST' && /^\/(payments|subscriptions)$/.test(request.path));
const attemptOf = async (cpf: string) =>
  (await app.db.select().from(paymentAttempts)).find((attempt) => attempt.buyer.cpfCnpj === onlyDigits(cpf))!;
const salesOf = async (cpf: string) => {
  const [holder] = await app.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.cpf, onlyDigits(cpf)));
  return holder ? app.db.select().from(sales).where(eq(sales.beneficiaryId, holder.id)) : [];
};

describe('the Asaas adapter against a fake gateway', () => {
  it('approves a one-off charge: customer looked up then created, the card charged with our order id', async () => {
    const body = checkoutBody();
    expect((await postPayment(app, body)).json()).toEqual({ success: true });

    const calls = fake.requests.map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual(['GET /customers', 'POST /customers', 'POST /payments']);
    for (const request of fake.requests) {
      expect(request.headers).toMatchObject({
        access_token: FAKE_ASAAS_KEY,
        'user-agent': 'portal-saude',
        'content-type': 'application/json',
      });
    }
    expect(fake.requests[0].query.get('cpfCnpj')).toBe(onlyDigits(body.cpfCnpj));
    expect(fake.requests[1].body).toMatchObject({
      name: body.name,
      cpfCnpj: onlyDigits(body.cpfCnpj),
      complement: 'Apto 42',
      province: 'Bela Vista',
    });

    const attempt = await attemptOf(body.cpfCnpj);
    expect(fake.requests[2].body).toMatchObject({
      customer: fake.customers.at(-1)!.id,
      billingType: 'CREDIT_CARD',
      value: 39.9,
      dueDate: gatewayToday(),
      externalReference: attempt.orderId,
      remoteIp: expect.any(String),
      creditCard: { holderName: 'JOANA C LIMA', number: onlyDigits(body.creditCard.number), expiryMonth: '12', ccv: '123' },
      creditCardHolderInfo: { cpfCnpj: onlyDigits(body.cpfCnpj), postalCode: '01310100', addressComplement: 'Apto 42' },
    });
    expect(attempt).toMatchObject({ status: 'approved', gateway: 'asaas', gatewayPaymentId: fake.payments.at(-1)!.id });
    expect(await salesOf(body.cpfCnpj)).toHaveLength(1);
  });

  it('reuses the gateway customer of a known CPF', async () => {
    const body = checkoutBody();
    await postPayment(app, body);
    fake.requests.length = 0;
    expect((await postPayment(app, { ...checkoutBody(), cpfCnpj: body.cpfCnpj })).json()).toEqual({ success: true });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /customers', 'POST /payments']);
  });

  it('subscribes the monthly plans, charged today', async () => {
    const body = checkoutBody({ selectedPlan: 'plano_individual_premium' });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    expect(chargeCalls()[0]).toMatchObject({ path: '/subscriptions' });
    expect(chargeCalls()[0].body).toMatchObject({ value: 59.9, cycle: 'MONTHLY', nextDueDate: gatewayToday() });
    expect(await attemptOf(body.cpfCnpj)).toMatchObject({ status: 'approved', gatewaySubscriptionId: fake.subscriptions.at(-1)!.id });
  });

  it('shows the gateway’s refusal text (errors[0].description) and creates no sale', async () => {
    const body = checkoutBody({}, { number: REFUSED_CARD });
    expect((await postPayment(app, body)).json()).toEqual({ success: false, error: FAKE_REFUSAL });
    expect(await attemptOf(body.cpfCnpj)).toMatchObject({ status: 'refused', failureMessage: FAKE_REFUSAL });
    expect(await salesOf(body.cpfCnpj)).toHaveLength(0);
  });

  it('after a timeout, finds the charge by its reference instead of charging again', async () => {
    fake.nextCharges.push({ kind: 'slowAnswer', ms: TIMEOUT_MS * 2.5 });
    const body = checkoutBody();
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    expect(chargeCalls()).toHaveLength(1);
    const lookups = fake.requests.filter((request) => request.method === 'GET' && request.path === '/payments');
    expect(lookups.map((lookup) => lookup.query.get('externalReference'))).toEqual([(await attemptOf(body.cpfCnpj)).orderId]);
    expect(fake.payments.filter((payment) => payment.externalReference === lookups[0].query.get('externalReference'))).toHaveLength(1);
    expect(await salesOf(body.cpfCnpj)).toHaveLength(1);
  });

  it('after a timeout whose look-up finds nothing, tries once more and charges once', async () => {
    fake.nextCharges.push({ kind: 'lost', ms: TIMEOUT_MS * 2.5 });
    const body = checkoutBody();
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    expect(chargeCalls()).toHaveLength(2);
    const orderId = (await attemptOf(body.cpfCnpj)).orderId;
    expect(fake.payments.filter((payment) => payment.externalReference === orderId)).toHaveLength(1);
  });

  it('when the gateway never answers, never says nothing was charged and keeps the attempt pending for reconciliation', async () => {
    fake.nextCharges.push({ kind: 'lost', ms: TIMEOUT_MS * 2.5 }, { kind: 'lost', ms: TIMEOUT_MS * 2.5 });
    const body = checkoutBody();
    const response = await postPayment(app, body);
    expect([response.statusCode, response.json().message]).toEqual([409, CHECKOUT_MESSAGES.stillProcessing]);
    expect(await attemptOf(body.cpfCnpj)).toMatchObject({ status: 'pending', failureMessage: null });
    expect(await salesOf(body.cpfCnpj)).toHaveLength(0);
  });

  it('treats a wrong API key as the gateway being unavailable, not as the buyer’s fault', async () => {
    const misconfigured = await createPaymentsApp({
      seed: false,
      config: { payments: { gateway: 'asaas', baseUrl: fake.baseUrl, apiKey: 'errada', timeoutMs: TIMEOUT_MS } },
    });
    try {
      expect((await postPayment(misconfigured, checkoutBody())).json()).toEqual({
        success: false,
        error: CHECKOUT_MESSAGES.gatewayUnavailable,
      });
    } finally {
      await misconfigured.close();
    }
  });
});
