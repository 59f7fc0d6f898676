import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { PIX_MESSAGES } from '../../../src/domain/pix';
import { paymentAttempts } from '../../db/schema';
import { claimPendingAttempt, createPaymentsApp, scriptedGateway, warningsLog } from '../../test/payments';
import type { JobDefinition } from '../jobs/scheduler';
import { findAttempt } from './attempts';
import { paymentContext, type PaymentContext } from './checkout';
import { GatewayUnavailableError, type ChargeResult, type GatewayPayment } from './gateway';
import { staleAfterMs } from './checkout';
import { reconcileIntervalMs, reconcilePayments, schedulePaymentReconciliation } from './reconcileJob';

/**
 * The reconciliation job's run (reconcileJob.ts): which attempts it picks up, the way each goes (card
 * or Pix), what its report counts and logs, and how it is scheduled. A gateway whose books the test
 * writes, a database without the demo data; each test leaves no attempt for the next one's run.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false, jobs: false });
});
afterAll(() => app?.close());

const TIMEOUT_MS = 10_000;
const STALE_MS = staleAfterMs(TIMEOUT_MS);

/** The gateway's books: card charges by our order id, payments by their id (or `ref:` our order id). */
const charges = new Map<string, ChargeResult | Error>();
const payments = new Map<string, GatewayPayment | Error>();
const asked: string[] = [];
const answer = <T>(value: T | Error | undefined) => {
  if (value instanceof Error) throw value;
  return value ?? null;
};
// The job never charges nor creates a charge: it asks, and cancels an expired Pix charge.
const gateway = scriptedGateway('sandbox', {
  findByReference: async (orderId) => {
    asked.push(`charge ${orderId}`);
    return answer(charges.get(orderId));
  },
  findPayment: async (lookup) => {
    const key = 'id' in lookup ? lookup.id : `ref:${lookup.externalReference}`;
    asked.push(`payment ${key}`);
    return answer(payments.get(key));
  },
  cancelCharge: async (paymentId) => {
    asked.push(`cancel ${paymentId}`);
    return true;
  },
});

const { log, warnings } = warningsLog();
const context = (): PaymentContext => ({
  ...paymentContext(app, log),
  gateway,
  gatewayTimeoutMs: TIMEOUT_MS,
});

afterEach(async () => {
  charges.clear();
  payments.clear();
  asked.length = 0;
  warnings.length = 0;
  // What a test left for the job is closed, so that the next run sees only its own attempts.
  await app.db
    .update(paymentAttempts)
    .set({ status: 'failed' })
    .where(
      or(
        inArray(paymentAttempts.status, ['pending', 'waiting']),
        and(eq(paymentAttempts.status, 'approved'), isNull(paymentAttempts.saleId)),
      ),
    );
});

/** An attempt made `ageMs` ago, in the state given. */
async function attemptOf(options: {
  ageMs: number;
  status?: string;
  method?: 'card' | 'pix';
  pix?: { paymentId: string; expiresInMs: number };
}) {
  const attempt = await claimPendingAttempt(
    app.db,
    options.method === 'pix' ? { paymentMethod: 'pix', cardBrand: null, cardLast4: null } : {},
  );
  await app.db
    .update(paymentAttempts)
    .set({
      status: options.status ?? 'pending',
      createdAt: new Date(Date.now() - options.ageMs),
      ...(options.pix
        ? {
            gatewayPaymentId: options.pix.paymentId,
            pixExpiresAt: new Date(Date.now() + options.pix.expiresInMs),
            pixPayload: 'p',
            pixImage: 'i',
          }
        : {}),
    })
    .where(eq(paymentAttempts.id, attempt.id));
  return (await findAttempt(app.db, attempt.id))!;
}

const stateOf = async (id: number) => {
  const attempt = (await findAttempt(app.db, id))!;
  return [attempt.status, attempt.saleId === null ? 'no sale' : 'sale', attempt.failureMessage];
};
const LOGGED = 'payment attempts reconciled with the gateway';

describe('the job’s timing', () => {
  it('takes a pending attempt for dead after six gateway time limits (every call of one charge) and five seconds', () => {
    expect([staleAfterMs(2000), staleAfterMs(10_000)]).toEqual([17_000, 65_000]);
  });

  it('runs every four gateway time limits, between a second and five minutes', () => {
    expect([reconcileIntervalMs(100), reconcileIntervalMs(2000), reconcileIntervalMs(60_000), reconcileIntervalMs(100_000)]).toEqual([
      1000, 8000, 240_000, 300_000,
    ]);
  });

  it('is scheduled under its name, its first run in the background, on the app’s gateway time limit', async () => {
    const scheduled: JobDefinition[] = [];
    const appAtHand = {
      db: app.db,
      paymentGateway: gateway,
      telemedicine: app.telemedicine,
      log: context().log,
      config: { payments: { timeoutMs: 2000 } },
      jobs: { schedule: (job: JobDefinition) => scheduled.push(job) },
    } as unknown as FastifyInstance;
    schedulePaymentReconciliation(appAtHand);
    expect(scheduled).toEqual([expect.objectContaining({ name: 'payment-reconciliation', atStart: 'background', everyMs: 8000 })]);
    const unseen = await attemptOf({ ageMs: staleAfterMs(2000) + 500 });
    await expect(scheduled[0].run()).resolves.toEqual({ approved: 0, closed: 1, unresolved: 0 });
    expect(asked).toEqual([`charge ${unseen.orderId}`]);
  });
});

describe('a run over card attempts', () => {
  it('does and logs nothing when nothing is left', async () => {
    expect(await reconcilePayments(context())).toEqual({ approved: 0, closed: 0, unresolved: 0 });
    expect([asked, warnings]).toEqual([[], []]);
  });

  it('saves the charges the gateway booked, closes the others, and leaves a request that may still run', async () => {
    const booked = await attemptOf({ ageMs: STALE_MS + 500 });
    const refused = await attemptOf({ ageMs: STALE_MS + 500 });
    const unseen = await attemptOf({ ageMs: STALE_MS + 500 });
    const withoutSale = await attemptOf({ ageMs: 0, status: 'approved' });
    const running = await attemptOf({ ageMs: STALE_MS - 500 });
    charges.set(booked.orderId, { outcome: 'approved', paymentId: 'pay_booked' });
    charges.set(refused.orderId, { outcome: 'refused', message: 'Cartão recusado.' });
    charges.set(withoutSale.orderId, { outcome: 'approved' });

    expect(await reconcilePayments(context())).toEqual({ approved: 2, closed: 2, unresolved: 0 });
    expect(await stateOf(booked.id)).toEqual(['approved', 'sale', null]);
    expect(await stateOf(withoutSale.id)).toEqual(['approved', 'sale', null]);
    expect(await stateOf(refused.id)).toEqual(['refused', 'no sale', 'Cartão recusado.']);
    expect(await stateOf(unseen.id)).toEqual(['failed', 'no sale', CHECKOUT_MESSAGES.gatewayUnavailable]);
    expect(await stateOf(running.id)).toEqual(['pending', 'no sale', null]);
    expect(asked).not.toContain(`charge ${running.orderId}`);
    expect(warnings).toEqual([[{ approved: 2, closed: 2, unresolved: 0 }, LOGGED]]);
  });

  it('counts and logs a run that only closed, or only saved', async () => {
    await attemptOf({ ageMs: STALE_MS + 500 });
    expect(await reconcilePayments(context())).toEqual({ approved: 0, closed: 1, unresolved: 0 });
    const booked = await attemptOf({ ageMs: STALE_MS + 500 });
    charges.set(booked.orderId, { outcome: 'approved' });
    expect(await reconcilePayments(context())).toEqual({ approved: 1, closed: 0, unresolved: 0 });
    expect(warnings).toEqual([
      [{ approved: 0, closed: 1, unresolved: 0 }, LOGGED],
      [{ approved: 1, closed: 0, unresolved: 0 }, LOGGED],
    ]);
  });
});

describe('a gateway that does not answer', () => {
  it('leaves card and Pix attempts for the next run, counted and logged as unresolved', async () => {
    const card = await attemptOf({ ageMs: STALE_MS + 500 });
    const pix = await attemptOf({
      ageMs: 0,
      status: 'waiting',
      method: 'pix',
      pix: { paymentId: `pay_${randomUUID()}`, expiresInMs: 60_000 },
    });
    // A Pix creation that died: its charge may exist, so it is not closed unseen.
    const diedPix = await attemptOf({ ageMs: STALE_MS + 500, method: 'pix' });
    charges.set(card.orderId, new GatewayUnavailableError('fora do ar'));
    payments.set(pix.gatewayPaymentId!, new GatewayUnavailableError('fora do ar'));
    payments.set(`ref:${diedPix.orderId}`, new GatewayUnavailableError('fora do ar'));
    expect(await reconcilePayments(context())).toEqual({ approved: 0, closed: 0, unresolved: 3 });
    expect(await stateOf(card.id)).toEqual(['pending', 'no sale', null]);
    expect((await stateOf(pix.id))[0]).toBe('waiting');
    expect(await stateOf(diedPix.id)).toEqual(['pending', 'no sale', null]);
    expect(warnings).toEqual([[{ approved: 0, closed: 0, unresolved: 3 }, LOGGED]]);
  });

  it('stops the run on any other failure', async () => {
    const card = await attemptOf({ ageMs: STALE_MS + 500 });
    charges.set(card.orderId, new Error('erro de programação'));
    await expect(reconcilePayments(context())).rejects.toThrow('erro de programação');
  });
});

describe('a run over Pix charges', () => {
  it('saves a paid charge whose webhook was lost, and leaves one still in its window', async () => {
    const paid = await attemptOf({
      ageMs: 0,
      status: 'waiting',
      method: 'pix',
      pix: { paymentId: `pay_${randomUUID()}`, expiresInMs: 60_000 },
    });
    const open = await attemptOf({
      ageMs: 0,
      status: 'waiting',
      method: 'pix',
      pix: { paymentId: `pay_${randomUUID()}`, expiresInMs: 60_000 },
    });
    const paidId = paid.gatewayPaymentId!;
    payments.set(paidId, { id: paidId, status: 'RECEIVED', value: Number(paid.amount) });
    expect(await reconcilePayments(context())).toEqual({ approved: 1, closed: 0, unresolved: 0 });
    expect(await stateOf(paid.id)).toEqual(['approved', 'sale', null]);
    expect((await stateOf(open.id))[0]).toBe('waiting');
  });

  it('closes a charge past its window, and one whose creation died with its request', async () => {
    const over = await attemptOf({
      ageMs: 0,
      status: 'waiting',
      method: 'pix',
      pix: { paymentId: `pay_${randomUUID()}`, expiresInMs: -1000 },
    });
    const died = await attemptOf({ ageMs: STALE_MS + 500, method: 'pix' });
    expect(await reconcilePayments(context())).toEqual({ approved: 0, closed: 2, unresolved: 0 });
    expect((await stateOf(over.id))[0]).toBe('expired');
    expect(await stateOf(died.id)).toEqual(['failed', 'no sale', PIX_MESSAGES.gatewayUnavailable]);
    expect(asked).not.toContain(`charge ${died.orderId}`);
  });

  it('gives an approved Pix attempt without its sale the card’s way: asked by our order id', async () => {
    const approved = await attemptOf({ ageMs: 0, status: 'approved', method: 'pix' });
    charges.set(approved.orderId, { outcome: 'approved', paymentId: 'pay_pix_aprovado' });
    expect(await reconcilePayments(context())).toEqual({ approved: 1, closed: 0, unresolved: 0 });
    expect(asked).toEqual([`charge ${approved.orderId}`]);
    expect(await stateOf(approved.id)).toEqual(['approved', 'sale', null]);
  });
});
