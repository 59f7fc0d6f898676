import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { PIX_MESSAGES } from '../../../src/domain/pix';
import type { PixPaymentRequest } from '../../../src/domain/validation/checkout';
import { paymentAttempts } from '../../db/schema';
import { createPaymentsApp, newIdempotencyKey, purchaseRequest, scriptedGateway, warningsLog } from '../../test/payments';
import { findAttempt } from './attempts';
import { paymentContext } from './checkout';
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway, type PixChargeRequest, type PixChargeResult } from './gateway';
import { createPixPayment, pixChargeStatus, reconcilePix, simulatePixPayment, type PixContext } from './pix';

/**
 * Pix at the service (pix.ts): a charge created once per key, what a replay answers, the status the
 * page follows (a window ended when it is over), the sandbox's simulated payment and the job's step.
 * A gateway whose answers each test sets, a database without the demo data.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false, jobs: false });
});
afterAll(() => app?.close());

const EXPIRATION_MS = 30 * 60 * 1000;

/** What the gateway answers and what it was asked. */
let nextCharge: (request: PixChargeRequest) => Promise<PixChargeResult>;
const payments = new Map<string, GatewayPayment | Error>();
let cancels: boolean | Error;
let simulated: boolean;
const asked: string[] = [];
const { log, warnings } = warningsLog();

beforeEach(() => {
  nextCharge = async () => ({
    outcome: 'created',
    customerId: 'cus_pix',
    paymentId: `pay_${randomUUID()}`,
    payload: '000201pix',
    encodedImage: 'iVBOR',
  });
  payments.clear();
  cancels = true;
  simulated = true;
  asked.length = 0;
  warnings.length = 0;
});

function gatewayOf(kind: 'sandbox' | 'asaas', options: { simulation?: boolean } = {}): PaymentGateway {
  return scriptedGateway(kind, {
    findPayment: async (lookup) => {
      const key = 'id' in lookup ? lookup.id : `ref:${lookup.externalReference}`;
      asked.push(`payment ${key}`);
      const payment = payments.get(key);
      if (payment instanceof Error) throw payment;
      return payment ?? null;
    },
    createPixCharge: async (request) => {
      asked.push(`create ${request.orderId} ${request.description} ${request.amount} ${request.customer.cpfCnpj}`);
      return nextCharge(request);
    },
    cancelCharge: async (paymentId) => {
      asked.push(`cancel ${paymentId}`);
      if (cancels instanceof Error) throw cancels;
      return cancels;
    },
    ...(options.simulation === false
      ? {}
      : {
          simulatePixReceived: async (paymentId: string) => {
            asked.push(`simulate ${paymentId}`);
            return simulated;
          },
        }),
  });
}

const contextOf = (gateway: PaymentGateway = gatewayOf('sandbox')): PixContext => ({
  ...paymentContext(app, log),
  gateway,
  gatewayTimeoutMs: 2000,
  expirationMs: EXPIRATION_MS,
});

/** A Pix request of the premium plan by a new buyer. */
const requestOf = (fields: Partial<PixPaymentRequest> = {}): PixPaymentRequest =>
  purchaseRequest({ selectedPlan: 'plano_individual_premium', ...fields });

const attemptByOrder = async (orderId: string) =>
  (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0];

/** A created charge: its answer and its attempt. */
async function createdCharge(context = contextOf()) {
  const answer = await createPixPayment(context, requestOf(), { idempotencyKey: newIdempotencyKey() });
  if (!answer.success) throw new Error(answer.error);
  return { answer, attempt: await attemptByOrder(answer.orderId) };
}

const setAttempt = (id: number, values: Partial<typeof paymentAttempts.$inferInsert>) =>
  app.db.update(paymentAttempts).set(values).where(eq(paymentAttempts.id, id));

describe('creating a Pix charge', () => {
  it('charges the plan’s price once and answers the code, its QR image and its window, the sandbox’s as a simulation', async () => {
    const request = requestOf();
    const before = Date.now();
    const answer = await createPixPayment(contextOf(), request, { idempotencyKey: newIdempotencyKey() });
    if (!answer.success) throw new Error(answer.error);
    expect(answer).toMatchObject({ payload: '000201pix', qrCodeImage: 'data:image/png;base64,iVBOR', simulation: true });
    const expiresAt = Date.parse(answer.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + EXPIRATION_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + EXPIRATION_MS);
    expect(asked).toEqual([`create ${answer.orderId} Plano Individual Premium 59.9 ${request.cpfCnpj}`]);
    const attempt = await attemptByOrder(answer.orderId);
    expect(attempt).toMatchObject({
      status: 'waiting',
      paymentMethod: 'pix',
      gatewayCustomerId: 'cus_pix',
      pixPayload: '000201pix',
      pixImage: 'iVBOR',
      cardBrand: null,
      cardLast4: null,
    });
    expect(attempt.gatewayPaymentId).toMatch(/^pay_/);
  });

  it('is no simulation at Asaas, and keeps no customer id the gateway did not give', async () => {
    nextCharge = async () => ({ outcome: 'created', paymentId: `pay_${randomUUID()}`, payload: 'asaas', encodedImage: 'img' });
    const { answer, attempt } = await createdCharge(contextOf(gatewayOf('asaas')));
    expect(answer.simulation).toBe(false);
    expect(attempt.gatewayCustomerId).toBeNull();
  });

  it('answers a replayed key as before, without a second charge, and refuses the key with another request', async () => {
    const key = newIdempotencyKey();
    const request = requestOf();
    const first = await createPixPayment(contextOf(), request, { idempotencyKey: key });
    asked.length = 0;
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual(first);
    expect(asked).toEqual([]);
    await expect(createPixPayment(contextOf(), { ...request, name: 'Outra Pessoa' }, { idempotencyKey: key })).rejects.toMatchObject({
      statusCode: 409,
      message: CHECKOUT_MESSAGES.idempotencyKeyReused,
    });
  });

  it('answers a replay of a refused charge with its refusal, and one still being created with 409', async () => {
    nextCharge = async () => ({ outcome: 'refused', message: 'CPF recusado pela operadora.' });
    const key = newIdempotencyKey();
    const request = requestOf();
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual({
      success: false,
      error: 'CPF recusado pela operadora.',
    });
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual({
      success: false,
      error: 'CPF recusado pela operadora.',
    });

    const pendingKey = newIdempotencyKey();
    const pending = requestOf();
    nextCharge = async (charge) => {
      // The same key arrives again while the gateway is still creating the charge.
      await expect(createPixPayment(contextOf(), pending, { idempotencyKey: pendingKey })).rejects.toMatchObject({
        statusCode: 409,
        message: CHECKOUT_MESSAGES.stillProcessing,
      });
      return { outcome: 'created', paymentId: `pay_${charge.orderId}`, payload: 'p', encodedImage: 'i' };
    };
    expect((await createPixPayment(contextOf(), pending, { idempotencyKey: pendingKey })).success).toBe(true);
  });

  it('answers a replay of a failed attempt with the unexpected error when it kept no message', async () => {
    nextCharge = async () => ({ outcome: 'refused', message: '' });
    const key = newIdempotencyKey();
    const request = requestOf();
    await createPixPayment(contextOf(), request, { idempotencyKey: key });
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual({
      success: false,
      error: CHECKOUT_MESSAGES.unexpected,
    });
  });

  it('closes the attempt and warns when the gateway was never reached, nothing charged', async () => {
    nextCharge = async () => {
      throw new GatewayUnavailableError('conexão recusada', { nothingCharged: true });
    };
    const request = requestOf();
    const key = newIdempotencyKey();
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual({
      success: false,
      error: PIX_MESSAGES.gatewayUnavailable,
    });
    const [attempt] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === request.cpfCnpj);
    expect([attempt.status, attempt.failureMessage]).toEqual(['failed', PIX_MESSAGES.gatewayUnavailable]);
    expect(warnings).toEqual([
      [{ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable for Pix; nothing was charged'],
    ]);

    // Its key replayed answers what the buyer was shown, and charges nothing more.
    asked.length = 0;
    expect(await createPixPayment(contextOf(), request, { idempotencyKey: key })).toEqual({
      success: false,
      error: PIX_MESSAGES.gatewayUnavailable,
    });
    expect(asked).toEqual([]);
  });

  it('keeps the attempt pending and answers 409 when the charge may exist; any other failure is thrown', async () => {
    nextCharge = async () => {
      throw new GatewayUnavailableError('fora do ar');
    };
    const request = requestOf();
    const key = newIdempotencyKey();
    const stillProcessing = { statusCode: 409, message: CHECKOUT_MESSAGES.stillProcessing };
    await expect(createPixPayment(contextOf(), request, { idempotencyKey: key })).rejects.toMatchObject(stillProcessing);
    const [attempt] = (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === request.cpfCnpj);
    expect([attempt.status, attempt.failureMessage]).toEqual(['pending', null]);
    expect(warnings).toEqual([
      [{ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable for Pix; attempt left for reconciliation'],
    ]);
    // Its key replayed is still processing (the job settles it), and charges nothing more.
    asked.length = 0;
    await expect(createPixPayment(contextOf(), request, { idempotencyKey: key })).rejects.toMatchObject(stillProcessing);
    expect(asked).toEqual([]);

    nextCharge = async () => {
      throw new Error('erro de programação');
    };
    await expect(createPixPayment(contextOf(), requestOf(), { idempotencyKey: newIdempotencyKey() })).rejects.toThrow(
      'erro de programação',
    );
  });

  it('removes a charge whose attempt the job closed meanwhile, and never shows its code', async () => {
    for (const cancelAnswer of [true, new Error('cancelamento falhou')]) {
      cancels = cancelAnswer;
      nextCharge = async (charge) => {
        await app.db.update(paymentAttempts).set({ status: 'failed' }).where(eq(paymentAttempts.orderId, charge.orderId));
        return { outcome: 'created', paymentId: `pay_fechado_${charge.orderId}`, payload: 'p', encodedImage: 'i' };
      };
      const answer = await createPixPayment(contextOf(), requestOf(), { idempotencyKey: newIdempotencyKey() });
      expect(answer).toEqual({ success: false, error: PIX_MESSAGES.gatewayUnavailable });
      expect(asked.filter((call) => call.startsWith('cancel pay_fechado_'))).toHaveLength(1);
      asked.length = 0;
    }
  });

  it('answers the unexpected error when the gateway gave no code', async () => {
    nextCharge = async () => ({ outcome: 'created', paymentId: `pay_${randomUUID()}`, payload: '', encodedImage: 'i' });
    expect(await createPixPayment(contextOf(), requestOf(), { idempotencyKey: newIdempotencyKey() })).toEqual({
      success: false,
      error: CHECKOUT_MESSAGES.unexpected,
    });
  });
});

describe('a charge’s status', () => {
  it('is waiting within its window, by its order id in either case', async () => {
    const { answer } = await createdCharge();
    const waiting = { status: 'waiting', expiresAt: answer.expiresAt };
    expect(await pixChargeStatus(contextOf(), answer.orderId)).toEqual(waiting);
    expect(await pixChargeStatus(contextOf(), answer.orderId.toUpperCase())).toEqual(waiting);
    expect(asked.filter((call) => !call.startsWith('create'))).toEqual([]);
  });

  it('is not found for a malformed or unknown id, or a card order’s', async () => {
    const [card] = await app.db
      .insert(paymentAttempts)
      .values({
        idempotencyKey: newIdempotencyKey(),
        requestFingerprint: 'x',
        plan: 'consulta_avulsa',
        amount: '39.90',
        buyer: (await createdCharge()).attempt.buyer,
        gateway: 'sandbox',
        status: 'approved',
      })
      .returning();
    for (const orderId of ['pedido', `${randomUUID()}x`, `x${randomUUID()}`, randomUUID(), card.orderId]) {
      await expect(pixChargeStatus(contextOf(), orderId)).rejects.toMatchObject({ statusCode: 404, message: PIX_MESSAGES.notFound });
    }
  });

  it('past its window: paid at the last second is a sale, else removed at the gateway and expired', async () => {
    const paid = await createdCharge();
    const unpaid = await createdCharge();
    for (const { attempt } of [paid, unpaid]) await setAttempt(attempt.id, { pixExpiresAt: new Date(Date.now() - 1000) });
    payments.set(paid.attempt.gatewayPaymentId!, { id: paid.attempt.gatewayPaymentId!, status: 'CONFIRMED', value: 59.9 });
    payments.set(unpaid.attempt.gatewayPaymentId!, { id: unpaid.attempt.gatewayPaymentId!, status: 'PENDING', value: 59.9 });
    const context = contextOf();
    expect((await pixChargeStatus(context, paid.answer.orderId)).status).toBe('paid');
    expect((await findAttempt(app.db, paid.attempt.id))!.saleId).not.toBeNull();
    expect((await pixChargeStatus(context, unpaid.answer.orderId)).status).toBe('expired');
    expect(asked.filter((call) => call.startsWith('cancel'))).toEqual([`cancel ${unpaid.attempt.gatewayPaymentId}`]);
    expect((await findAttempt(app.db, unpaid.attempt.id))!.status).toBe('expired');
    // Paid or expired, later looks ask the gateway nothing and change nothing.
    asked.length = 0;
    expect((await pixChargeStatus(context, paid.answer.orderId)).status).toBe('paid');
    expect((await pixChargeStatus(context, unpaid.answer.orderId)).status).toBe('expired');
    expect(asked).toEqual([]);
  });

  it('ends at the very millisecond its window does', async () => {
    const { answer, attempt } = await createdCharge();
    payments.set(attempt.gatewayPaymentId!, { id: attempt.gatewayPaymentId!, status: 'PENDING', value: 59.9 });
    const end = Date.now() + 60_000;
    await setAttempt(attempt.id, { pixExpiresAt: new Date(end) });
    const clock = jest.spyOn(Date, 'now').mockReturnValue(end - 1);
    try {
      expect((await pixChargeStatus(contextOf(), answer.orderId)).status).toBe('waiting');
      clock.mockReturnValue(end);
      expect((await pixChargeStatus(contextOf(), answer.orderId)).status).toBe('expired');
    } finally {
      clock.mockRestore();
    }
  });

  it('past its window, stays waiting while the gateway keeps the charge or does not answer; any other failure is thrown', async () => {
    const { answer, attempt } = await createdCharge();
    await setAttempt(attempt.id, { pixExpiresAt: new Date(Date.now() - 1000) });
    cancels = false;
    expect((await pixChargeStatus(contextOf(), answer.orderId)).status).toBe('waiting');
    payments.set(attempt.gatewayPaymentId!, new GatewayUnavailableError('fora do ar'));
    expect((await pixChargeStatus(contextOf(), answer.orderId)).status).toBe('waiting');
    payments.set(attempt.gatewayPaymentId!, new Error('erro de programação'));
    await expect(pixChargeStatus(contextOf(), answer.orderId)).rejects.toThrow('erro de programação');
  });

  it('is expired once closed, dated by the attempt when it had no window', async () => {
    const { answer, attempt } = await createdCharge();
    await setAttempt(attempt.id, { status: 'failed', pixExpiresAt: null });
    expect(await pixChargeStatus(contextOf(), answer.orderId)).toEqual({ status: 'expired', expiresAt: attempt.createdAt.toISOString() });
  });
});

describe('the sandbox’s simulated payment', () => {
  it('pays the charge through the webhook’s handler and answers paid', async () => {
    const { answer, attempt } = await createdCharge();
    payments.set(attempt.gatewayPaymentId!, { id: attempt.gatewayPaymentId!, status: 'RECEIVED', value: 59.9 });
    expect(await simulatePixPayment(contextOf(), answer.orderId)).toEqual({ status: 'paid', expiresAt: answer.expiresAt });
    expect(asked).toContain(`simulate ${attempt.gatewayPaymentId}`);
  });

  it('exists only at the sandbox, with its simulation', async () => {
    const { answer } = await createdCharge();
    for (const gateway of [gatewayOf('asaas'), gatewayOf('sandbox', { simulation: false })]) {
      await expect(simulatePixPayment(contextOf(gateway), answer.orderId)).rejects.toMatchObject({
        statusCode: 404,
        message: PIX_MESSAGES.simulationUnavailable,
      });
    }
  });

  it('refuses a charge not waiting, past its window, or one the sandbox no longer has pending', async () => {
    const closed = await createdCharge();
    await setAttempt(closed.attempt.id, { status: 'expired' });
    const over = await createdCharge();
    await setAttempt(over.attempt.id, { pixExpiresAt: new Date(Date.now() - 1000) });
    const gone = await createdCharge();
    const noPayment = await createdCharge();
    await setAttempt(noPayment.attempt.id, { gatewayPaymentId: null });
    const notWaiting = { statusCode: 400, message: PIX_MESSAGES.notWaiting };
    await expect(simulatePixPayment(contextOf(), closed.answer.orderId)).rejects.toMatchObject(notWaiting);
    await expect(simulatePixPayment(contextOf(), over.answer.orderId)).rejects.toMatchObject(notWaiting);
    await expect(simulatePixPayment(contextOf(), noPayment.answer.orderId)).rejects.toMatchObject(notWaiting);
    simulated = false;
    await expect(simulatePixPayment(contextOf(), gone.answer.orderId)).rejects.toMatchObject(notWaiting);
    expect(asked.filter((call) => call.startsWith('simulate'))).toEqual([`simulate ${gone.attempt.gatewayPaymentId}`]);
  });
});

describe('the reconciliation’s step', () => {
  it('a creation that died: paid makes the sale, unpaid is removed, none is closed', async () => {
    const died = async () => {
      const { attempt } = await createdCharge();
      await setAttempt(attempt.id, { status: 'pending', gatewayPaymentId: null });
      return (await findAttempt(app.db, attempt.id))!;
    };
    const paid = await died();
    const unpaid = await died();
    const none = await died();
    payments.set(`ref:${paid.orderId}`, { id: 'pay_pago', status: 'RECEIVED_IN_CASH', value: 59.9 });
    payments.set(`ref:${unpaid.orderId}`, { id: 'pay_nao_pago', status: 'PENDING', value: 59.9 });
    expect(await reconcilePix(contextOf(), paid)).toBe('approved');
    expect(await findAttempt(app.db, paid.id)).toMatchObject({ status: 'approved', gatewayPaymentId: 'pay_pago' });
    expect(await reconcilePix(contextOf(), unpaid)).toBe('closed');
    expect(await reconcilePix(contextOf(), none)).toBe('closed');
    expect(asked.filter((call) => call.startsWith('cancel'))).toEqual(['cancel pay_nao_pago']);
    expect(await findAttempt(app.db, none.id)).toMatchObject({ status: 'failed', failureMessage: PIX_MESSAGES.gatewayUnavailable });
    // Closed already (by another run or the creation itself): nothing more.
    expect(await reconcilePix(contextOf(), none)).toBe('unchanged');
  });

  it('a creation that died stays pending while the gateway cannot be asked: looked up before it is closed', async () => {
    const { attempt } = await createdCharge();
    await setAttempt(attempt.id, { status: 'pending', gatewayPaymentId: null });
    const died = (await findAttempt(app.db, attempt.id))!;
    payments.set(`ref:${died.orderId}`, new GatewayUnavailableError('fora do ar'));
    await expect(reconcilePix(contextOf(), died)).rejects.toThrow(GatewayUnavailableError);
    expect(await findAttempt(app.db, died.id)).toMatchObject({ status: 'pending', failureMessage: null });
    payments.set(`ref:${died.orderId}`, { id: 'pay_achado', status: 'PENDING', value: 59.9 });
    expect(await reconcilePix(contextOf(), died)).toBe('closed');
    expect(asked.filter((call) => call.startsWith('cancel'))).toEqual(['cancel pay_achado']);
  });

  it('a waiting charge: paid makes the sale by the gateway’s payment id; unpaid stays until its window ends', async () => {
    const paid = await createdCharge();
    const open = await createdCharge();
    payments.set(paid.attempt.gatewayPaymentId!, { id: paid.attempt.gatewayPaymentId!, status: 'CONFIRMED', value: 59.9 });
    payments.set(open.attempt.gatewayPaymentId!, { id: open.attempt.gatewayPaymentId!, status: 'PENDING', value: 59.9 });
    expect(await reconcilePix(contextOf(), paid.attempt)).toBe('approved');
    expect((await findAttempt(app.db, paid.attempt.id))!.saleId).not.toBeNull();
    expect(await reconcilePix(contextOf(), open.attempt)).toBe('unchanged');
    expect((await findAttempt(app.db, open.attempt.id))!.status).toBe('waiting');
  });

  it('a waiting charge past its window, unpaid: removed at the gateway and expired', async () => {
    const { attempt } = await createdCharge();
    payments.set(attempt.gatewayPaymentId!, { id: attempt.gatewayPaymentId!, status: 'PENDING', value: 59.9 });
    await setAttempt(attempt.id, { pixExpiresAt: new Date(Date.now() - 1000) });
    expect(await reconcilePix(contextOf(), (await findAttempt(app.db, attempt.id))!)).toBe('closed');
    expect(asked.filter((call) => !call.startsWith('create'))).toEqual([
      `payment ${attempt.gatewayPaymentId}`,
      `payment ${attempt.gatewayPaymentId}`,
      `cancel ${attempt.gatewayPaymentId}`,
    ]);
    expect((await findAttempt(app.db, attempt.id))!.status).toBe('expired');
  });
});
