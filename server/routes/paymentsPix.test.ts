import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasError, parsePix } from 'pix-utils';
import { CHECKOUT_MESSAGES, CHECKOUT_VALIDATION } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { PIX_MESSAGES } from '../../src/domain/pix';
import { beneficiaries, paymentAttempts, resellers, sales, sandboxCharges } from '../db/schema';
import { checkoutBody, createPaymentsApp, newIdempotencyKey, postPixPayment } from '../test/payments';

/** Pix on the sandbox gateway: the code, the page's status calls and 'Simular pagamento'. */

const PIX = { expirationMs: 30 * 60 * 1000, merchantName: 'Clinica Teste', merchantCity: 'Campinas', key: 'pix@clinica.com.br' };
let app: FastifyInstance;
let resellerId: number;
beforeAll(async () => {
  app = await createPaymentsApp({ config: { payments: { gateway: 'sandbox', webhookToken: 't', timeoutMs: 2000, pix: PIX } } });
  [{ id: resellerId }] = await app.db.select({ id: resellers.id }).from(resellers).where(eq(resellers.ativo, true)).limit(1);
});
afterAll(() => app.close());

const address = () => `10.9.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** A Pix checkout body: the buyer's fields, no card. */
function pixBody(overrides: Record<string, unknown> = {}) {
  const { creditCard: _card, ...body } = checkoutBody({ rev: String(resellerId), ...overrides });
  return body;
}

const createPix = (body: object, key: string | null = newIdempotencyKey(), remoteAddress = address()) =>
  postPixPayment(app, body, { key, address: remoteAddress });
const status = (orderId: string) => app.inject({ method: 'GET', url: `/api/payment/pix/${orderId}`, remoteAddress: address() });
const simulate = (orderId: string) => app.inject({ method: 'POST', url: `/api/payment/pix/${orderId}/simulate`, remoteAddress: address() });
const attemptOf = async (orderId: string) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0];
const salesOf = (saleId: number | null) => (saleId ? app.db.select().from(sales).where(eq(sales.id, saleId)) : Promise.resolve([]));

describe('POST /api/payment/pix', () => {
  it('creates a waiting charge: a valid BR Code with the configured merchant, its QR code, 30 minutes; no sale yet', async () => {
    const body = pixBody({ selectedPlan: 'plano_individual' });
    const response = await createPix(body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ success: true, simulation: true });
    expect(answer.qrCodeImage).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const remaining = Date.parse(answer.expiresAt) - Date.now();
    expect(remaining).toBeGreaterThan(29 * 60 * 1000);
    expect(remaining).toBeLessThanOrEqual(30 * 60 * 1000);

    const pix = parsePix(answer.payload);
    if (hasError(pix)) throw new Error(pix.message);
    expect(answer.payload.startsWith('000201')).toBe(true);
    // The library writes the merchant in capitals, as banks show it.
    expect(pix).toMatchObject({ merchantName: 'CLINICA TESTE', merchantCity: 'CAMPINAS', pixKey: PIX.key, transactionAmount: 44.9 });
    // A code whose CRC is wrong does not parse: the library really checks it.
    const tampered = answer.payload.slice(0, -4) + (answer.payload.endsWith('0000') ? '1111' : '0000');
    expect(hasError(parsePix(tampered))).toBe(true);

    const attempt = await attemptOf(answer.orderId);
    expect(attempt).toMatchObject({ status: 'waiting', paymentMethod: 'pix', plan: 'plano_individual', amount: '44.90', resellerId });
    expect(attempt.cardLast4).toBeNull();
    expect(attempt.saleId).toBeNull();
    expect(
      await app.db
        .select()
        .from(beneficiaries)
        .where(eq(beneficiaries.cpf, onlyDigits(body.cpfCnpj))),
    ).toHaveLength(0);
  });

  it('answers a replayed Idempotency-Key with the same charge, and refuses the key with other data', async () => {
    const key = newIdempotencyKey();
    const body = pixBody();
    const first = (await createPix(body, key)).json();
    const again = (await createPix(body, key)).json();
    expect(again).toEqual(first);
    expect((await app.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, first.orderId))).length).toBe(1);
    const other = await createPix(pixBody(), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(CHECKOUT_MESSAGES.idempotencyKeyReused);
  });

  it('validates the buyer as the card does (no card fields needed) and records nothing on bad input', async () => {
    const before = (await app.db.select().from(paymentAttempts)).length;
    const response = await createPix(pixBody({ name: '', cpfCnpj: '111.111.111-11' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ name: CHECKOUT_VALIDATION.nameRequired, cpfCnpj: CHECKOUT_VALIDATION.cpfCnpjInvalid });
    const badKey = await createPix(pixBody(), 'curta');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe(CHECKOUT_MESSAGES.idempotencyKeyInvalid);
    expect((await app.db.select().from(paymentAttempts)).length).toBe(before);
  });

  it('shares the card payment’s per-address limit', async () => {
    const from = address();
    const answers = [];
    for (let index = 0; index < 11; index++) answers.push((await createPix({}, newIdempotencyKey(), from)).statusCode);
    expect(answers.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('following and paying a charge', () => {
  it('is waiting, then paid through "Simular pagamento": one sale with plan, value, reseller and method Pix', async () => {
    const body = pixBody();
    const { orderId } = (await createPix(body)).json();
    expect((await status(orderId)).json()).toMatchObject({ status: 'waiting' });

    const paid = await simulate(orderId);
    expect([paid.statusCode, paid.statusCode === 200 ? '' : paid.body]).toEqual([200, '']);
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect((await status(orderId)).json()).toMatchObject({ status: 'paid' });

    const attempt = await attemptOf(orderId);
    expect(attempt.status).toBe('approved');
    const [sale] = await salesOf(attempt.saleId);
    expect(sale).toMatchObject({ tipo: 'consulta_avulsa', valor: '39.90', resellerId, paymentMethod: 'pix', status: 'paid' });
    const [holder] = await app.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.cpf, onlyDigits(body.cpfCnpj)));
    expect(holder).toMatchObject({ isActive: true, resellerId });

    // Paying again changes nothing: still one sale.
    const twice = await simulate(orderId);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(PIX_MESSAGES.notWaiting);
    expect(await app.db.select().from(sales).where(eq(sales.beneficiaryId, holder.id))).toHaveLength(1);
  });

  it('expires after its window: the charge is removed at the gateway and can no longer be paid', async () => {
    const { orderId } = (await createPix(pixBody())).json();
    await app.db
      .update(paymentAttempts)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, orderId));
    expect((await status(orderId)).json()).toMatchObject({ status: 'expired' });
    expect((await app.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, orderId)))[0].status).toBe('DELETED');
    const late = await simulate(orderId);
    expect(late.statusCode).toBe(400);
    expect((await attemptOf(orderId)).saleId).toBeNull();
  });

  it('without an Idempotency-Key: the same request answers the same charge until it expires, then makes a new one', async () => {
    const body = pixBody();
    const first = (await createPix(body, null)).json();
    expect(first).toMatchObject({ success: true });
    expect((await createPix(body, null)).json()).toEqual(first);

    await app.db
      .update(paymentAttempts)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, first.orderId));
    expect((await status(first.orderId)).json()).toMatchObject({ status: 'expired' });

    const renewed = await createPix(body, null);
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json();
    expect(second).toMatchObject({ success: true });
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.payload).not.toBe(first.payload);
    expect((await status(second.orderId)).json()).toMatchObject({ status: 'waiting' });
    expect(await attemptOf(first.orderId)).toMatchObject({ status: 'expired', idempotencyKey: null });
    // The new charge holds the key now: sent again, the request answers it.
    expect((await createPix(body, null)).json()).toEqual(second);
  });

  it('answers 404 for an order it does not know (or a card order), never another buyer’s data', async () => {
    for (const orderId of [randomUUID(), 'nao-e-um-pedido', '%27%20or%201%3D1']) {
      const response = await status(orderId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PIX_MESSAGES.notFound);
    }
    const card = await app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: checkoutBody(),
      headers: { 'idempotency-key': newIdempotencyKey() },
      remoteAddress: address(),
    });
    const cardOrder = card.headers['order-id'] as string;
    expect(cardOrder).toBeTruthy();
    expect((await status(cardOrder)).statusCode).toBe(404);
    expect((await simulate(cardOrder)).statusCode).toBe(404);
  });
});
