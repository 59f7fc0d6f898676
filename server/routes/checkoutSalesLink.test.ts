import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_ID_HEADER } from '../../src/domain/checkout';
import { paymentAttempts } from '../db/schema';
import { checkoutBody, createPaymentsApp, postPayment } from '../test/payments';

/**
 * A sales link that is no reseller's (resellerLink.ts) never stops a purchase: the buyer pays, and the
 * sale is recorded without a reseller. That holds for a `rev` of any length, as a link copied with
 * extra characters may have: refused as too long, it made every payment from that link fail.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false, jobs: false });
});
afterAll(() => app?.close());

describe('POST /api/payment with a malformed sales link', () => {
  it.each([
    ['21 digits', '123456789012345678901'],
    ['a long text', 'revendedor-da-campanha-de-dezembro-2026'],
  ])('sells without a reseller for %s', async (_case, rev) => {
    const body = checkoutBody({ rev });
    const response = await postPayment(app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    const [attempt] = await app.db
      .select({ status: paymentAttempts.status, resellerId: paymentAttempts.resellerId })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, String(response.headers[ORDER_ID_HEADER.toLowerCase()])));
    expect(attempt).toEqual({ status: 'approved', resellerId: null });
  });
});
