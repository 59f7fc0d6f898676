import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_WINDOW_MS } from '../../../src/domain/checkout';
import { paymentAttempts } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { testBuyer } from '../../test/payments';
import {
  claimAttempt,
  closeAttempt,
  findAttempt,
  findAttemptByKey,
  forgetAttempt,
  rememberGatewayIds,
  type NewAttempt,
  type PaymentAttempt,
} from './attempts';

/**
 * The payment attempts' own rows (attempts.ts): a key claimed once, released after its window; an
 * attempt closed, forgotten or given the gateway's ids only while its status allows it.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const attemptWith = (changes: Partial<NewAttempt> = {}): NewAttempt => ({
  idempotencyKey: randomUUID(),
  requestFingerprint: 'digest-1',
  plan: 'plano_individual',
  amount: 89.9,
  resellerId: null,
  buyer: testBuyer('52998224725'),
  cardBrand: 'Visa',
  cardLast4: '1111',
  gateway: 'sandbox',
  ...changes,
});

async function claimed(changes: Partial<NewAttempt> = {}): Promise<PaymentAttempt> {
  const outcome = await claimAttempt(app.db, attemptWith(changes));
  expect(outcome.claimed).toBe(true);
  return outcome.attempt;
}

/** Moves an attempt's creation back by `ms`, as if it had been made that long ago. */
const age = (id: number, ms: number) =>
  app.db
    .update(paymentAttempts)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(paymentAttempts.id, id));

const setStatus = (id: number, status: string) => app.db.update(paymentAttempts).set({ status }).where(eq(paymentAttempts.id, id));

describe('claimAttempt', () => {
  it('records a pending card attempt, its amount with two decimals, under its key', async () => {
    const attempt = await claimed({ amount: 89.9 });
    expect(attempt).toMatchObject({
      status: 'pending',
      paymentMethod: 'card',
      amount: '89.90',
      plan: 'plano_individual',
      cardLast4: '1111',
    });
    expect(await findAttemptByKey(app.db, attempt.idempotencyKey!)).toEqual(attempt);
    expect(await findAttempt(app.db, attempt.id)).toEqual(attempt);
  });

  it('answers a second claim of the same key with the attempt that holds it, and records nothing', async () => {
    const first = await claimed();
    const [{ count: before }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(paymentAttempts);
    const again = await claimAttempt(app.db, attemptWith({ idempotencyKey: first.idempotencyKey!, requestFingerprint: 'other' }));
    expect(again).toEqual({ claimed: false, attempt: first });
    const [{ count: after }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(paymentAttempts);
    expect(after).toBe(before);
  });

  it('keeps a key for its whole window, then releases it to a new attempt', async () => {
    const old = await claimed();
    const key = old.idempotencyKey!;
    await age(old.id, IDEMPOTENCY_WINDOW_MS - 60_000);
    expect(await claimAttempt(app.db, attemptWith({ idempotencyKey: key }))).toMatchObject({ claimed: false, attempt: { id: old.id } });

    await age(old.id, IDEMPOTENCY_WINDOW_MS + 60_000);
    const fresh = await claimAttempt(app.db, attemptWith({ idempotencyKey: key }));
    expect(fresh).toMatchObject({ claimed: true, attempt: { idempotencyKey: key } });
    expect(fresh.attempt.id).not.toBe(old.id);
    expect(await findAttempt(app.db, old.id)).toMatchObject({ idempotencyKey: null });
  });

  it("releases only the claimed key: another old attempt's key stays", async () => {
    const other = await claimed();
    await age(other.id, IDEMPOTENCY_WINDOW_MS + 60_000);
    await claimed();
    expect(await findAttempt(app.db, other.id)).toMatchObject({ idempotencyKey: other.idempotencyKey });
  });

  it('is told apart by the payment method', async () => {
    expect(await claimed({ paymentMethod: 'pix', cardBrand: null, cardLast4: null })).toMatchObject({ paymentMethod: 'pix' });
  });
});

describe('finding an attempt', () => {
  it('finds none for a key or an id never used', async () => {
    expect(await findAttemptByKey(app.db, randomUUID())).toBeUndefined();
    expect(await findAttempt(app.db, 2_000_000_000)).toBeUndefined();
  });
});

describe('forgetAttempt', () => {
  it('removes a pending attempt, and never one the gateway already answered', async () => {
    const pending = await claimed();
    const refused = await claimed();
    await setStatus(refused.id, 'refused');
    await forgetAttempt(app.db, pending.id);
    await forgetAttempt(app.db, refused.id);
    expect(await findAttempt(app.db, pending.id)).toBeUndefined();
    expect(await findAttempt(app.db, refused.id)).toMatchObject({ status: 'refused' });
  });
});

describe('closeAttempt', () => {
  it('ends a pending or failed attempt with the message the buyer saw, and leaves an approved one alone', async () => {
    const pending = await claimed();
    const failed = await claimed();
    const approved = await claimed();
    await setStatus(failed.id, 'failed');
    await setStatus(approved.id, 'approved');
    await app.db
      .update(paymentAttempts)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentAttempts.id, pending.id));

    await closeAttempt(app.db, pending.id, 'refused', 'Cartão recusado.');
    await closeAttempt(app.db, failed.id, 'refused', 'Saldo insuficiente.');
    await closeAttempt(app.db, approved.id, 'failed', 'Falha na comunicação.');

    const closed = await findAttempt(app.db, pending.id);
    expect(closed).toMatchObject({ status: 'refused', failureMessage: 'Cartão recusado.' });
    expect(closed!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 30_000);
    expect(await findAttempt(app.db, failed.id)).toMatchObject({ status: 'refused', failureMessage: 'Saldo insuficiente.' });
    expect(await findAttempt(app.db, approved.id)).toMatchObject({ status: 'approved', failureMessage: null });
  });
});

describe('rememberGatewayIds', () => {
  it('keeps each id given, leaves the others as they were, and touches no other attempt', async () => {
    const attempt = await claimed();
    const bystander = await claimed();
    await app.db
      .update(paymentAttempts)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentAttempts.id, attempt.id));

    await rememberGatewayIds(app.db, attempt.id, { customerId: 'cus_1' });
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({
      gatewayCustomerId: 'cus_1',
      gatewayPaymentId: null,
      gatewaySubscriptionId: null,
    });
    expect((await findAttempt(app.db, attempt.id))!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 30_000);

    await rememberGatewayIds(app.db, attempt.id, { paymentId: 'pay_1', subscriptionId: 'sub_1' });
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({
      gatewayCustomerId: 'cus_1',
      gatewayPaymentId: 'pay_1',
      gatewaySubscriptionId: 'sub_1',
    });
    await rememberGatewayIds(app.db, attempt.id, { customerId: '', paymentId: 'pay_2' });
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({ gatewayCustomerId: 'cus_1', gatewayPaymentId: 'pay_2' });
    expect(await findAttempt(app.db, bystander.id)).toMatchObject({
      gatewayCustomerId: null,
      gatewayPaymentId: null,
      gatewaySubscriptionId: null,
    });
  });
});
