import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_CONFIRMATION_WINDOW_MS } from '../../../src/domain/checkout';
import { paymentAttempts } from '../../db/schema';
import { claimPendingAttempt, createPaymentsApp } from '../../test/payments';
import { approvedOrder } from './orderConfirmation';

/**
 * The confirmation page's order (orderConfirmation.ts): found by its order id for a day after an
 * approved purchase, null for anything else. On PGlite without the demo data.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false });
});
afterAll(() => app?.close());

const HOUR_MS = 60 * 60 * 1000;

/** An attempt in the given state, made `ageMs` ago. */
async function attemptOf(options: { status?: string; plan?: string; ageMs?: number } = {}) {
  const attempt = await claimPendingAttempt(app.db, { plan: options.plan ?? 'plano_individual', amount: 44.9 });
  await app.db
    .update(paymentAttempts)
    .set({ status: options.status ?? 'approved', createdAt: new Date(Date.now() - (options.ageMs ?? 0)) })
    .where(eq(paymentAttempts.id, attempt.id));
  return { orderId: attempt.orderId, email: attempt.buyer.email };
}

describe('an approved order', () => {
  it('shows its plan, value and e-mail, by its order id in either case', async () => {
    const { orderId, email } = await attemptOf();
    const confirmation = { orderId, plan: 'plano_individual', value: 44.9, email };
    expect(await approvedOrder(app.db, orderId)).toEqual(confirmation);
    expect(await approvedOrder(app.db, orderId.toUpperCase())).toEqual(confirmation);
  });

  it('opens for a day after the purchase', async () => {
    const recent = await attemptOf({ ageMs: ORDER_CONFIRMATION_WINDOW_MS - HOUR_MS });
    const old = await attemptOf({ ageMs: ORDER_CONFIRMATION_WINDOW_MS + HOUR_MS });
    expect(await approvedOrder(app.db, recent.orderId)).toMatchObject({ orderId: recent.orderId });
    expect(await approvedOrder(app.db, old.orderId)).toBeNull();
  });
});

describe('no confirmation', () => {
  it.each(['pending', 'refused', 'waiting'])('for an order %s', async (status) => {
    const { orderId } = await attemptOf({ status });
    expect(await approvedOrder(app.db, orderId)).toBeNull();
  });

  it('for a plan no longer offered', async () => {
    const { orderId } = await attemptOf({ plan: 'plano_retirado' });
    expect(await approvedOrder(app.db, orderId)).toBeNull();
  });

  it('for an unknown order id', async () => {
    expect(await approvedOrder(app.db, randomUUID())).toBeNull();
  });

  it('for a malformed id, without asking the database (its uuid column would refuse it)', async () => {
    const { orderId } = await attemptOf();
    for (const malformed of ['', 'pedido', `x${orderId}`, `${orderId}x`, orderId.replace(/-/g, ''), orderId.slice(1)]) {
      await expect(approvedOrder(app.db, malformed)).resolves.toBeNull();
    }
  });
});
