import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES, IDEMPOTENCY_WINDOW_MS } from '../../src/domain/checkout';
import type { ChargeRequest } from '../services/payments/gateway';
import { checkoutBody, countingGateway, createPaymentsApp, newIdempotencyKey, postPayment } from '../test/payments';
import { CLOCK_ONLY } from '../test/helpers';

/**
 * An Idempotency-Key holds its first payment for 24 hours: inside the window the key with other data
 * is a conflict (409); once the window has passed the key is released and pays again.
 */

let app: FastifyInstance;
let charges: ChargeRequest[];
beforeAll(async () => {
  const sandbox = countingGateway();
  charges = sandbox.charges;
  app = await createPaymentsApp({ gateway: sandbox.gateway, seed: false });
});
afterAll(async () => {
  jest.useRealTimers();
  await app?.close();
});

const MINUTE = 60_000;

/** Posts with the clock moved `ms` ahead (the attempt's own time comes from the database's clock). */
async function postLater(ms: number, body: object, key: string) {
  jest.useFakeTimers({ now: Date.now() + ms, doNotFake: CLOCK_ONLY });
  try {
    return await postPayment(app, body, { key });
  } finally {
    jest.useRealTimers();
  }
}

it('keeps a key for 24 hours and releases it afterwards', async () => {
  const key = newIdempotencyKey();
  const first = await postPayment(app, checkoutBody(), { key });
  expect(first.json()).toEqual({ success: true });
  const chargesAfterFirst = charges.length;

  const withinWindow = await postLater(IDEMPOTENCY_WINDOW_MS - 5 * MINUTE, checkoutBody(), key);
  expect([withinWindow.statusCode, withinWindow.json().message]).toEqual([409, CHECKOUT_MESSAGES.idempotencyKeyReused]);
  expect(charges.length).toBe(chargesAfterFirst);

  const afterWindow = await postLater(IDEMPOTENCY_WINDOW_MS + 5 * MINUTE, checkoutBody(), key);
  expect([afterWindow.statusCode, afterWindow.json()]).toEqual([200, { success: true }]);
  expect(charges.length).toBe(chargesAfterFirst + 1);
  expect(afterWindow.headers['order-id']).not.toBe(first.headers['order-id']);
});
