import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { PIX_MESSAGES } from '../../src/domain/pix';
import { beneficiaries, paymentAttempts, sales } from '../db/schema';
import { paymentContext } from '../services/payments/checkout';
import { reconcilePayments } from '../services/payments/reconcileJob';
import { FAKE_ASAAS_KEY, startFakeAsaas, type FakeAsaas } from '../test/fakeAsaas';
import { ageAttempt, checkoutBody, createPaymentsApp, newIdempotencyKey, postPayment, postPixPayment } from '../test/payments';

/**
 * A gateway whose answer is lost or refused, through the routes, the Asaas adapter and a local
 * stand-in for Asaas behind a proxy that spoils what each test says: an outcome that cannot be known
 * (a 5xx after the charge was made, a timeout whose look-up fails, a Pix code that never came) keeps
 * the attempt pending for the reconciliation and never tells the buyer nothing was charged; a
 * connection refused before the charge was sent is a failure, as the buyer is told.
 */

const TIMEOUT_MS = 800;
const TOKEN = 'webhook-token-gateway-outcome';
const NO_CHARGE = 'Nenhuma cobrança foi feita';

let fake: FakeAsaas;
let proxy: Server;
let proxyPort: number;
let app: FastifyInstance;

/** What the proxy does to the next calls: a 502 after the stand-in acted, or its door shut after the customer is created. */
const spoil = {
  /** Answers of the next charge calls (POST /payments or /subscriptions): 502 once the stand-in made the charge. */
  charges: [] as Array<'badGateway'>,
  /** GET /payments?externalReference=… answered 502 without asking the stand-in. */
  lookups: false,
  /** GET /payments/{id}/pixQrCode answered 502. */
  qrCodes: false,
  /** After POST /customers, stop listening: every later call has its connection refused. */
  refuseAfterCustomer: false,
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

async function proxied(request: IncomingMessage, send: (status: number, body: string) => void) {
  const body = await readBody(request);
  const url = request.url ?? '/';
  const path = url.split('?')[0];
  if (spoil.lookups && request.method === 'GET' && path === '/v3/payments') return send(502, '<html>Bad Gateway</html>');
  if (spoil.qrCodes && request.method === 'GET' && path.endsWith('/pixQrCode')) return send(502, '<html>Bad Gateway</html>');
  const upstream = await fetch(`${new URL(fake.baseUrl).origin}${url}`, {
    method: request.method,
    headers: { access_token: String(request.headers.access_token), 'Content-Type': 'application/json' },
    body: body || undefined,
  });
  const text = await upstream.text();
  const charging = request.method === 'POST' && /^\/v3\/(payments|subscriptions)$/.test(path);
  if (charging && spoil.charges.shift() === 'badGateway') return send(502, '<html>Bad Gateway</html>');
  if (spoil.refuseAfterCustomer && request.method === 'POST' && path === '/v3/customers') proxy.close();
  return send(upstream.status, text);
}

beforeAll(async () => {
  fake = await startFakeAsaas();
  proxy = createServer((request, response) => {
    // No connection is kept: a shut door refuses the very next call.
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
      response.end(body);
    };
    proxied(request, send).catch(() => send(500, ''));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
  app = await createPaymentsApp({
    seed: false,
    jobs: false,
    config: {
      payments: {
        gateway: 'asaas',
        baseUrl: `http://127.0.0.1:${proxyPort}/v3`,
        apiKey: FAKE_ASAAS_KEY,
        webhookToken: TOKEN,
        timeoutMs: TIMEOUT_MS,
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (proxy.listening ? proxy.close(() => resolve()) : resolve()));
  await fake?.close();
});
beforeEach(async () => {
  Object.assign(spoil, { charges: [], lookups: false, qrCodes: false, refuseAfterCustomer: false });
  fake.requests.length = 0;
  fake.nextCharges.length = 0;
  if (!proxy.listening) await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
});

const attemptOf = async (cpf: string) =>
  (await app.db.select().from(paymentAttempts)).find((attempt) => attempt.buyer.cpfCnpj === onlyDigits(cpf))!;
const attemptNow = async (id: number) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];
async function salesOf(cpf: string) {
  const [holder] = await app.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.cpf, onlyDigits(cpf)));
  return holder ? app.db.select().from(sales).where(eq(sales.beneficiaryId, holder.id)) : [];
}
const chargesOf = (orderId: string) => fake.payments.filter((payment) => payment.externalReference === orderId);
const chargeCalls = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/payments');
const reconcile = () => reconcilePayments(paymentContext(app, app.log));
const sendEvent = (event: string, paymentId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/webhook/asaas',
    payload: { id: `evt_${randomUUID()}`, event, dateCreated: '2026-01-01 10:00:00', payment: { id: paymentId } },
    headers: { 'asaas-access-token': TOKEN },
  });

describe('a card charge whose outcome cannot be known', () => {
  it('answered 502 after the gateway charged: pending, 409 "still processing", and one sale once reconciled', async () => {
    spoil.charges.push('badGateway');
    const body = checkoutBody();
    const key = newIdempotencyKey();
    const response = await postPayment(app, body, { key });

    // 409 keeps the Idempotency-Key in the browser (paymentAttempt.ts): a retry is this payment again.
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: CHECKOUT_MESSAGES.stillProcessing });
    expect(response.body).not.toContain(NO_CHARGE);
    const attempt = await attemptOf(body.cpfCnpj);
    expect(attempt).toMatchObject({ status: 'pending', failureMessage: null, saleId: null });
    expect(chargesOf(attempt.orderId)).toHaveLength(1);
    expect(await salesOf(body.cpfCnpj)).toHaveLength(0);

    // The job, once the request is surely over, finds the charge by our order id and saves its sale.
    await ageAttempt(app.db, attempt.id, TIMEOUT_MS);
    expect((await reconcile()).approved).toBe(1);
    expect(await attemptNow(attempt.id)).toMatchObject({ status: 'approved', gatewayPaymentId: chargesOf(attempt.orderId)[0].id });
    // The gateway's late webhook and the buyer's retry with the same key add nothing, and charge nothing more.
    expect((await sendEvent('PAYMENT_CONFIRMED', chargesOf(attempt.orderId)[0].id)).statusCode).toBe(200);
    const retry = await postPayment(app, body, { key });
    expect([retry.statusCode, retry.json()]).toEqual([200, { success: true }]);
    expect(await salesOf(body.cpfCnpj)).toHaveLength(1);
    expect(chargeCalls()).toHaveLength(1);
  });

  it('timed out, its look-up answered 502: pending and 409, then settled by the job once the gateway answers', async () => {
    fake.nextCharges.push({ kind: 'slowAnswer', ms: TIMEOUT_MS * 2.5 });
    spoil.lookups = true;
    const body = checkoutBody();
    const response = await postPayment(app, body);
    expect(response.statusCode).toBe(409);
    expect(response.body).not.toContain(NO_CHARGE);
    const attempt = await attemptOf(body.cpfCnpj);
    expect(attempt.status).toBe('pending');

    await ageAttempt(app.db, attempt.id, TIMEOUT_MS);
    expect((await reconcile()).unresolved).toBe(1);
    expect((await attemptNow(attempt.id)).status).toBe('pending');
    spoil.lookups = false;
    expect((await reconcile()).approved).toBe(1);
    expect(await salesOf(body.cpfCnpj)).toHaveLength(1);
    expect(chargeCalls()).toHaveLength(1);
  });
});

describe('a card charge that never reached the gateway', () => {
  it('its connection refused: failed, and the buyer told nothing was charged, as before', async () => {
    spoil.refuseAfterCustomer = true;
    const body = checkoutBody();
    const response = await postPayment(app, body);
    expect([response.statusCode, response.json()]).toEqual([200, { success: false, error: CHECKOUT_MESSAGES.gatewayUnavailable }]);
    expect(await attemptOf(body.cpfCnpj)).toMatchObject({ status: 'failed', failureMessage: CHECKOUT_MESSAGES.gatewayUnavailable });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /customers', 'POST /customers']);
  });
});

describe('a Pix charge made at the gateway whose QR code never came', () => {
  it('stays pending (409), is looked up before it is closed, and stays pending while the look-up fails', async () => {
    spoil.qrCodes = true;
    const { creditCard: _card, ...body } = checkoutBody();
    const response = await postPixPayment(app, body, { address: '10.9.7.1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: CHECKOUT_MESSAGES.stillProcessing });
    expect(response.body).not.toContain(NO_CHARGE);
    const attempt = await attemptOf(body.cpfCnpj);
    expect(attempt.status).toBe('pending');
    const [charge] = chargesOf(attempt.orderId);
    expect(charge).toMatchObject({ billingType: 'PIX', status: 'PENDING' });

    await ageAttempt(app.db, attempt.id, TIMEOUT_MS);
    spoil.lookups = true;
    expect((await reconcile()).unresolved).toBe(1);
    expect((await attemptNow(attempt.id)).status).toBe('pending');

    // Found unpaid: removed at the gateway (the buyer never saw its code), and only then closed.
    spoil.lookups = false;
    expect((await reconcile()).closed).toBe(1);
    expect(await attemptNow(attempt.id)).toMatchObject({ status: 'failed', failureMessage: PIX_MESSAGES.gatewayUnavailable });
    expect(charge.deleted).toBe(true);
  });

  it('sent without an Idempotency-Key: its key is kept while pending and released once the job closes it', async () => {
    spoil.qrCodes = true;
    const { creditCard: _card, ...body } = checkoutBody();
    const send = () => postPixPayment(app, body, { key: null, address: '10.9.7.2' });
    expect((await send()).statusCode).toBe(409);
    const attempt = await attemptOf(body.cpfCnpj);
    expect(attempt.status).toBe('pending');
    // Sent again while pending: the same attempt, no second charge.
    expect((await send()).statusCode).toBe(409);
    expect(chargeCalls()).toHaveLength(1);

    await ageAttempt(app.db, attempt.id, TIMEOUT_MS);
    spoil.qrCodes = false;
    expect((await reconcile()).closed).toBe(1);
    expect(await attemptNow(attempt.id)).toMatchObject({ status: 'failed', idempotencyKey: null });

    // The same request is then a new charge, not the closed attempt's failure.
    const again = await send();
    expect(again.statusCode).toBe(200);
    const answer = again.json();
    expect(answer).toMatchObject({ success: true });
    expect(answer.orderId).not.toBe(attempt.orderId);
    expect((await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, answer.orderId)))[0].status).toBe('waiting');
  });
});
