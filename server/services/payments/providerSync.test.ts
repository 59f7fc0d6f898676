import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { onlyDigits } from '../../../src/domain/documents';
import { beneficiaries, paymentAttempts } from '../../db/schema';
import { FAKE_CLIENT_ID, FAKE_TOKEN, startFakeRapidoc, type FakeRapidoc } from '../../test/fakeRapidoc';
import { createSandboxGateway, memoryLedger } from './sandboxGateway';
import { checkoutBody, createPaymentsApp, postPayment } from '../../test/payments';

const WEBHOOK_TOKEN = 'provider-sync-token';
let fake: FakeRapidoc;
let app: FastifyInstance;
/** The sandbox's books, where the tests play a subscription's next month going overdue. */
const ledger = memoryLedger();

beforeAll(async () => {
  fake = await startFakeRapidoc();
  app = await createPaymentsApp({
    seed: false,
    gateway: createSandboxGateway(10, ledger),
    config: {
      telemedicine: { provider: 'rapidoc', baseUrl: fake.baseUrl, clientId: FAKE_CLIENT_ID, token: FAKE_TOKEN, timeoutMs: 2000 },
      payments: { gateway: 'sandbox', webhookToken: WEBHOOK_TOKEN, timeoutMs: 2000 },
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** The provider is told after the buyer has the answer: wait for it. */
async function eventually<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the telemedicine provider follows the checkout (TELEMEDICINE_PROVIDER=rapidoc)', () => {
  it('registers the buyer at the provider, keeps its provider uuid, and inactivates it when the subscription is overdue', async () => {
    const body = checkoutBody({ selectedPlan: 'plano_individual' });
    const cpf = onlyDigits(body.cpfCnpj);
    expect((await postPayment(app, body)).json()).toEqual({ success: true });

    const registered = await eventually(() => fake.beneficiaries.find((candidate) => candidate.cpf === cpf));
    expect(registered).toMatchObject({ name: body.name, isActive: true, paymentType: 'S', serviceType: 'G' });
    const stored = await eventually(async () => {
      const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
      return row?.providerUuid ? row : undefined;
    });
    expect(stored.providerUuid).toBe(registered.uuid);

    const [attempt] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);
    const firstMonth = await ledger.findPayment({ id: attempt.gatewayPaymentId! });
    ledger.setPayment({ ...firstMonth!, id: 'pay_x', status: 'OVERDUE' });
    const overdue = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook/asaas',
      headers: { 'asaas-access-token': WEBHOOK_TOKEN },
      payload: {
        id: `evt_${randomUUID()}`,
        event: 'PAYMENT_OVERDUE',
        payment: { id: 'pay_x', subscription: attempt.gatewaySubscriptionId },
      },
    });
    expect(overdue.statusCode).toBe(200);
    await eventually(() => fake.beneficiaries.find((candidate) => candidate.cpf === cpf && !candidate.isActive));
  });

  it('reactivates at the provider a buyer it already knows, instead of registering it twice', async () => {
    const body = checkoutBody();
    const cpf = onlyDigits(body.cpfCnpj);
    fake.beneficiaries.push({ uuid: randomUUID(), cpf, name: 'Conhecido', isActive: false });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    await eventually(() => fake.beneficiaries.find((candidate) => candidate.cpf === cpf && candidate.isActive));
    expect(fake.beneficiaries.filter((candidate) => candidate.cpf === cpf)).toHaveLength(1);
  });

  it('still sells when the provider is down', async () => {
    const body = checkoutBody();
    const cpf = onlyDigits(body.cpfCnpj);
    fake.script('GET', `/beneficiaries/${cpf}`, { status: 503, body: { success: false, message: 'fora do ar' } });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    await eventually(() => fake.calls.find((call) => call.method === 'GET' && call.path.endsWith(`/beneficiaries/${cpf}`)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.beneficiaries.find((candidate) => candidate.cpf === cpf)).toBeUndefined();
    const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
    expect(row).toMatchObject({ isActive: true, providerUuid: null });
  });
});
