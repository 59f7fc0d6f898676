import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CARE_ERRORS } from '../../src/domain/care';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout';
import { cpfCheckDigits, onlyDigits } from '../../src/domain/documents';
import { beneficiaries, paymentAttempts, sales } from '../db/schema';
import { FAKE_ASAAS_KEY, startFakeAsaas, type FakeAsaas } from '../test/fakeAsaas';
import { paymentContext } from '../services/payments/checkout';
import { reconcilePayments } from '../services/payments/reconcileJob';
import { ageAttempt, checkoutBody, createPaymentsApp, postPayment } from '../test/payments';
import type { FakeRapidoc } from '../test/fakeRapidoc';
import { injectAs } from '../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../test/rapidocPortal';

/**
 * The telemedicine provider or the payment gateway stops answering: the user gets a clear message,
 * other requests keep being served meanwhile, and nothing half-done stays in the database.
 */

const TIMEOUT_MS = 800;

/**
 * Runs `slow` and, while it is waiting on the upstream, checks that quick calls are still answered.
 * How quickly is measured by `npm run bench -- --only stalls` (bench/stalls.ts), not here.
 */
async function whileStalled(slow: Promise<LightMyRequestResponse>, quick: () => Promise<LightMyRequestResponse>) {
  await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 4));
  const quickAnswers: number[] = [];
  for (let i = 0; i < 3; i++) quickAnswers.push((await quick()).statusCode);
  expect(quickAnswers).toEqual([200, 200, 200]);
  return slow;
}

describe('the telemedicine provider times out', () => {
  let fake: FakeRapidoc;
  let app: FastifyInstance;
  let admin: string;
  let portal: RapidocPortal;
  beforeAll(async () => {
    portal = await startRapidocPortal(TIMEOUT_MS);
    ({ fake, app, admin } = portal);
  });
  afterAll(() => portal.close());

  it('creating a beneficiary answers the provider-unavailable message, stores nothing, and the API keeps answering', async () => {
    const base = '654321987';
    const cpf = base + cpfCheckDigits(base);
    const before = (await app.db.select({ total: count() }).from(beneficiaries))[0].total;
    fake.script('POST', '/beneficiaries', { delayMs: TIMEOUT_MS * 3, body: { success: true } });

    const slow = injectAs(app, admin, {
      method: 'POST',
      url: '/api/beneficiaries',
      payload: { name: 'Pessoa Lenta', cpf, birthday: '1990-01-01', beneficiaryType: 'titular', state: 'SP' },
    });
    const answer = await whileStalled(slow, () => injectAs(app, admin, { method: 'GET', url: '/api/beneficiaries?page=1' }));

    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ success: false, message: CARE_ERRORS.providerUnavailable, requestId: answer.headers['x-request-id'] });
    expect((await app.db.select({ total: count() }).from(beneficiaries))[0].total).toBe(before);
    expect(await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf))).toEqual([]);
  });
});

describe('the payment gateway times out', () => {
  let fake: FakeAsaas;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeAsaas();
    app = await createPaymentsApp({
      seed: false,
      config: {
        payments: {
          gateway: 'asaas',
          baseUrl: fake.baseUrl,
          apiKey: FAKE_ASAAS_KEY,
          webhookToken: 'token-of-the-test',
          timeoutMs: TIMEOUT_MS,
        },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('never tells the buyer nothing was charged, keeps serving others, and leaves no sale or beneficiary', async () => {
    fake.nextCharges.push({ kind: 'lost', ms: TIMEOUT_MS * 2.5 }, { kind: 'lost', ms: TIMEOUT_MS * 2.5 });
    const body = checkoutBody();
    const answer = await whileStalled(postPayment(app, body), () => app.inject({ method: 'GET', url: '/api/checkout/config' }));

    // The lost charges may still be booked: 409, the key kept for a retry, and the attempt pending.
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ success: false, message: CHECKOUT_MESSAGES.stillProcessing });

    const cpf = onlyDigits(body.cpfCnpj);
    const attempts = (await app.db.select().from(paymentAttempts)).filter((attempt) => attempt.buyer.cpfCnpj === cpf);
    expect(attempts).toMatchObject([{ status: 'pending', saleId: null }]);
    // Once the request is surely over, the job finds nothing booked under our order id and closes it.
    await ageAttempt(app.db, attempts[0].id, TIMEOUT_MS);
    await reconcilePayments({ ...paymentContext(app, app.log), gatewayTimeoutMs: TIMEOUT_MS });
    const [closed] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempts[0].id));
    expect(closed).toMatchObject({ status: 'failed', failureMessage: CHECKOUT_MESSAGES.gatewayUnavailable });
    expect(await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf))).toEqual([]);
    expect(await app.db.select({ total: count() }).from(sales)).toEqual([{ total: 0 }]);
    expect(fake.payments.filter((payment) => payment.externalReference === attempts[0].orderId)).toEqual([]);
  });
});
