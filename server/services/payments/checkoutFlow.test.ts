import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import type { PlanId } from '../../../src/domain/plans';
import type { PaymentRequest } from '../../../src/domain/validation/checkout';
import { auditLog, beneficiaries, paymentAttempts } from '../../db/schema';
import {
  claimPendingAttempt,
  createPaymentsApp,
  freshCardNumber,
  newIdempotencyKey,
  purchaseRequest,
  scriptedGateway,
  warningsLog,
} from '../../test/payments';
import { findAttempt } from './attempts';
import { paymentContext, processPayment, reconcile, staleAfterMs, type PaymentContext } from './checkout';
import { GatewayUnavailableError, type ChargeRequest, type ChargeResult } from './gateway';

/**
 * A card payment at the service (checkout.ts): the charge the gateway is sent, what each answer
 * saves, a replayed key, a double submit waiting for the first request, the velocity limit's 429,
 * and the reconciliation's step. A gateway whose answers each test sets, no demo data.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false, jobs: false });
});
afterAll(() => app?.close());

const TIMEOUT_MS = 200;
let nextCharge: (request: ChargeRequest) => Promise<ChargeResult>;
let nextLookup: (orderId: string, recurring: boolean) => Promise<ChargeResult | null>;
const charged: ChargeRequest[] = [];
const looked: Array<[string, boolean]> = [];
const { log, warnings } = warningsLog();

beforeEach(() => {
  nextCharge = async () => ({ outcome: 'approved', customerId: 'cus_1', paymentId: `pay_${randomUUID()}`, subscriptionId: 'sub_1' });
  nextLookup = async () => null;
  charged.length = 0;
  looked.length = 0;
  warnings.length = 0;
});

// A card payment asks the gateway to charge, and after a dead request, for a charge by our order id.
const gateway = scriptedGateway('asaas', {
  charge: async (request) => {
    charged.push(request);
    return nextCharge(request);
  },
  findByReference: async (orderId, recurring) => {
    looked.push([orderId, recurring]);
    return nextLookup(orderId, recurring);
  },
});

const context = (): PaymentContext => ({ ...paymentContext(app, log), gateway, gatewayTimeoutMs: TIMEOUT_MS });

/** A card request by a new buyer without a mobile phone (the gateway is sent the phone), with a card of its own. */
function requestOf(fields: Partial<PaymentRequest> = {}, card: Partial<PaymentRequest['creditCard']> = {}): PaymentRequest {
  return {
    ...purchaseRequest({ name: 'Carla Cartão', mobilePhone: '', addressComplement: 'Sala 1' }),
    creditCard: {
      holderName: 'CARLA C',
      number: freshCardNumber().replace(/ /g, ''),
      expiryMonth: '3',
      expiryYear: '30',
      ccv: '123',
      ...card,
    },
    ...fields,
  };
}

let addressCount = 0;
const pay = (
  request: PaymentRequest,
  idempotencyKey = newIdempotencyKey(),
  remoteIp = `10.7.${Math.floor(++addressCount / 250)}.${addressCount % 250}`,
) => processPayment(context(), request, { idempotencyKey, remoteIp, limits: app.limits });

const attemptOf = async (orderId: string) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0];
const attemptsOfCpf = async (cpf: string) => (await app.db.select().from(paymentAttempts)).filter((row) => row.buyer.cpfCnpj === cpf);

/** A first request whose charge never answers, left running: its key, request and pending attempt. */
async function requestThatNeverEnds(request = requestOf()) {
  const key = newIdempotencyKey();
  nextCharge = async () => new Promise<ChargeResult>(() => undefined);
  void pay(request, key);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const [attempt] = await attemptsOfCpf(request.cpfCnpj);
  return { key, request, attempt };
}

describe('a card payment', () => {
  it('sends the gateway the plan, the buyer, the card as it expects it and the buyer’s address', async () => {
    const request = requestOf();
    const answer = await pay(request, newIdempotencyKey(), '10.9.8.7');
    if (!answer.success) throw new Error(answer.error);
    expect(charged).toEqual([
      {
        orderId: answer.orderId,
        description: 'Plano Individual',
        amount: 44.9,
        recurring: true,
        customer: {
          name: 'Carla Cartão',
          cpfCnpj: request.cpfCnpj,
          email: request.email,
          phone: '1133334444',
          mobilePhone: '1133334444',
          postalCode: '01310100',
          address: 'Avenida Paulista',
          addressNumber: '1000',
          complement: 'Sala 1',
          province: 'Bela Vista',
        },
        card: { holderName: 'CARLA C', number: request.creditCard.number, expiryMonth: '03', expiryYear: '2030', ccv: '123' },
        holderInfo: {
          name: 'Carla Cartão',
          email: request.email,
          cpfCnpj: request.cpfCnpj,
          postalCode: '01310100',
          addressNumber: '1000',
          addressComplement: 'Sala 1',
          phone: '1133334444',
          mobilePhone: '1133334444',
        },
        remoteIp: '10.9.8.7',
      },
    ]);
  });

  it('approved: saves the sale with the gateway’s ids, audited from the buyer’s address', async () => {
    const request = requestOf();
    const answer = await pay(request, newIdempotencyKey(), '10.9.8.6');
    if (!answer.success) throw new Error(answer.error);
    const attempt = await attemptOf(answer.orderId);
    expect(attempt).toMatchObject({
      status: 'approved',
      gateway: 'asaas',
      cardLast4: request.creditCard.number.slice(-4),
      cardBrand: 'Visa',
      gatewayCustomerId: 'cus_1',
      gatewaySubscriptionId: 'sub_1',
    });
    expect(attempt.saleId).not.toBeNull();
    const [holder] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, request.cpfCnpj));
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, holder.uuid));
    expect([row.actorType, row.ipAddress]).toEqual(['CHECKOUT', '10.9.8.6']);
  });

  it('refused: closes the attempt with the gateway’s message', async () => {
    nextCharge = async () => ({ outcome: 'refused', message: 'Cartão sem saldo.' });
    const request = requestOf();
    expect(await pay(request)).toEqual({ success: false, error: 'Cartão sem saldo.' });
    const [attempt] = await attemptsOfCpf(request.cpfCnpj);
    expect([attempt.status, attempt.failureMessage, attempt.saleId]).toEqual(['refused', 'Cartão sem saldo.', null]);
  });

  it('closes the attempt and warns when the gateway was never reached, nothing charged', async () => {
    nextCharge = async () => {
      throw new GatewayUnavailableError('conexão recusada', { nothingCharged: true });
    };
    const request = requestOf();
    expect(await pay(request)).toEqual({ success: false, error: CHECKOUT_MESSAGES.gatewayUnavailable });
    const [attempt] = await attemptsOfCpf(request.cpfCnpj);
    expect([attempt.status, attempt.failureMessage]).toEqual(['failed', CHECKOUT_MESSAGES.gatewayUnavailable]);
    expect(warnings).toEqual([[{ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable; nothing was charged']]);
  });

  it('keeps the attempt pending and answers 409 when the charge may exist; any other failure is thrown', async () => {
    nextCharge = async () => {
      throw new GatewayUnavailableError('fora do ar');
    };
    const request = requestOf();
    await expect(pay(request)).rejects.toMatchObject({ statusCode: 409, message: CHECKOUT_MESSAGES.stillProcessing });
    const [attempt] = await attemptsOfCpf(request.cpfCnpj);
    expect([attempt.status, attempt.failureMessage, attempt.saleId]).toEqual(['pending', null, null]);
    expect(warnings).toEqual([
      [{ attemptId: attempt.id, orderId: attempt.orderId }, 'payment gateway unavailable; attempt left for reconciliation'],
    ]);
    nextCharge = async () => {
      throw new Error('erro de programação');
    };
    await expect(pay(requestOf())).rejects.toThrow('erro de programação');
  });
});

describe('a replayed key', () => {
  it('is answered as the first request was, without a second charge, whatever the card’s secrets', async () => {
    const key = newIdempotencyKey();
    const request = requestOf();
    const first = await pay(request, key);
    expect(await pay({ ...request, creditCard: { ...request.creditCard, ccv: '999', expiryMonth: '04' } }, key)).toEqual(first);
    expect(charged).toHaveLength(1);
  });

  it('is refused with another buyer or another card', async () => {
    const key = newIdempotencyKey();
    const request = requestOf();
    await pay(request, key);
    const reused = { statusCode: 409, message: CHECKOUT_MESSAGES.idempotencyKeyReused };
    await expect(pay({ ...request, email: 'outra@exemplo.com.br' }, key)).rejects.toMatchObject(reused);
    await expect(pay({ ...request, creditCard: { ...request.creditCard, holderName: 'OUTRA' } }, key)).rejects.toMatchObject(reused);
    await expect(pay({ ...request, creditCard: { ...request.creditCard, number: '5555555555554444' } }, key)).rejects.toMatchObject(reused);
  });

  it('of a refused or failed payment answers its error, the unexpected one when none was kept', async () => {
    nextCharge = async () => ({ outcome: 'refused', message: 'Recusado.' });
    const refusedKey = newIdempotencyKey();
    const refused = requestOf();
    await pay(refused, refusedKey);
    expect(await pay(refused, refusedKey)).toEqual({ success: false, error: 'Recusado.' });
    const failedKey = newIdempotencyKey();
    const failed = requestOf();
    await pay(failed, failedKey);
    await app.db
      .update(paymentAttempts)
      .set({ status: 'failed', failureMessage: null })
      .where(eq(paymentAttempts.idempotencyKey, failedKey));
    expect(await pay(failed, failedKey)).toEqual({ success: false, error: CHECKOUT_MESSAGES.unexpected });
  });

  it('while the first request runs (a double submit) waits for its answer', async () => {
    const key = newIdempotencyKey();
    const request = requestOf();
    let second: Promise<unknown> | undefined;
    nextCharge = async () => {
      second = pay(request, key);
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { outcome: 'approved', paymentId: 'pay_duplo' };
    };
    const first = await pay(request, key);
    expect(first.success).toBe(true);
    expect(await second).toEqual(first);
    expect(charged).toHaveLength(1);
  });

  it('of a request that died asks the gateway by our order id, once it outlived the time limits', async () => {
    const { key, request, attempt } = await requestThatNeverEnds(requestOf({ selectedPlan: 'consulta_avulsa' }));
    await app.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - staleAfterMs(TIMEOUT_MS) - 500) })
      .where(eq(paymentAttempts.id, attempt.id));
    nextLookup = async () => ({ outcome: 'approved', paymentId: 'pay_achado' });
    expect(await pay(request, key)).toEqual({ success: true, orderId: attempt.orderId });
    expect(looked).toEqual([[attempt.orderId, false]]);
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({ status: 'approved', gatewayPaymentId: 'pay_achado' });
  });

  it('of a request still within its time limits that never ends: 409 once the gateway cannot tell', async () => {
    const { key, request, attempt } = await requestThatNeverEnds();
    // A second before the longest a charge can take (every gateway call to its time limit) is over.
    await app.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - staleAfterMs(TIMEOUT_MS) + 1000) })
      .where(eq(paymentAttempts.id, attempt.id));
    nextLookup = async () => {
      throw new GatewayUnavailableError('fora do ar');
    };
    const started = Date.now();
    await expect(pay(request, key)).rejects.toMatchObject({ statusCode: 409, message: CHECKOUT_MESSAGES.stillProcessing });
    // It waited for the first request until that one outlived the longest a charge can take.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 - 200);
    expect(looked).toHaveLength(1);
  });

  it('is never taken for dead while every gateway call of its charge may still be running', () => {
    expect(staleAfterMs(TIMEOUT_MS)).toBeGreaterThan(6 * TIMEOUT_MS);
  });
});

describe('a replayed key whose first request seems to start in the future (the database’s clock ahead)', () => {
  it('waits until its own deadline, three time limits and two seconds, then answers 409 without asking the gateway', async () => {
    const { key, request, attempt } = await requestThatNeverEnds();
    await app.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(paymentAttempts.id, attempt.id));
    const started = Date.now();
    await expect(pay(request, key)).rejects.toMatchObject({ statusCode: 409, message: CHECKOUT_MESSAGES.stillProcessing });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * TIMEOUT_MS + 2000 - 50);
    expect(looked).toEqual([]);
  });
});

describe('the card velocity limit', () => {
  it('answers 429 before the gateway and leaves no attempt behind', async () => {
    nextCharge = async () => ({ outcome: 'refused', message: 'Recusado.' });
    const number = freshCardNumber().replace(/ /g, '');
    for (let refusal = 0; refusal < 5; refusal += 1) await pay(requestOf({}, { number }));
    charged.length = 0;
    const blocked = requestOf({}, { number });
    await expect(pay(blocked)).rejects.toMatchObject({ statusCode: 429, message: CHECKOUT_MESSAGES.tooManyRefusedCards });
    expect(charged).toEqual([]);
    expect(await attemptsOfCpf(blocked.cpfCnpj)).toEqual([]);
  });
});

describe('the reconciliation’s step', () => {
  /** A card attempt whose request died before the gateway answered. */
  const deadAttempt = (plan: PlanId = 'plano_individual') => claimPendingAttempt(app.db, { plan, amount: 44.9, gateway: 'asaas' });

  it('asks about a plan as a subscription, and saves what the gateway booked, audited as the reconciliation', async () => {
    const attempt = await deadAttempt();
    nextLookup = async () => ({ outcome: 'approved', paymentId: 'pay_reconciliado' });
    expect(await reconcile(context(), attempt)).toEqual({ success: true, orderId: attempt.orderId });
    expect(looked).toEqual([[attempt.orderId, true]]);
    const saved = (await findAttempt(app.db, attempt.id))!;
    expect(saved).toMatchObject({ status: 'approved', gatewayPaymentId: 'pay_reconciliado' });
    const [holder] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, attempt.buyer.cpfCnpj));
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, holder.uuid));
    expect(row.ipAddress).toBe('reconciliação');
  });

  it('closes as failed what the gateway never saw, and says 409 while it cannot be asked; any other failure is thrown', async () => {
    const unseen = await deadAttempt('consulta_avulsa');
    expect(await reconcile(context(), unseen)).toEqual({ success: false, error: CHECKOUT_MESSAGES.gatewayUnavailable });
    expect(await findAttempt(app.db, unseen.id)).toMatchObject({ status: 'failed', failureMessage: CHECKOUT_MESSAGES.gatewayUnavailable });
    const unreachable = await deadAttempt();
    nextLookup = async () => {
      throw new GatewayUnavailableError('fora do ar');
    };
    await expect(reconcile(context(), unreachable)).rejects.toMatchObject({ statusCode: 409, message: CHECKOUT_MESSAGES.stillProcessing });
    expect((await findAttempt(app.db, unreachable.id))!.status).toBe('pending');
    nextLookup = async () => {
      throw new Error('erro de programação');
    };
    await expect(reconcile(context(), unreachable)).rejects.toThrow('erro de programação');
  });
});

describe('a payment’s context', () => {
  it('is the app’s database, gateway, provider and time limit, logging where it is told', () => {
    const log = context().log;
    const built = paymentContext(app, log);
    expect(built).toEqual({
      db: app.db,
      gateway: app.paymentGateway,
      telemedicine: app.telemedicine,
      log,
      gatewayTimeoutMs: app.config.payments.timeoutMs,
    });
  });
});
