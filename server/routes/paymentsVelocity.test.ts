import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { attemptCounters, paymentAttempts } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { CARD_VELOCITY_LIMITS, DECLINE_RATE_LIMIT } from '../services/payments/cardVelocity';
import type { ChargeRequest } from '../services/payments/gateway';
import { checkoutBody, countingGateway, createPaymentsApp, freshCardNumber, freshCpf, postPayment } from '../test/payments';
import { injectAs, login } from '../test/helpers';

/**
 * Card testing: refused charges are limited per card number, buyer CPF, buyer e-mail, address (IPv6
 * by its /64), sales link and overall decline rate. A stopped attempt answers 429 in Portuguese,
 * never reaches the gateway and leaves no attempt behind; a buyer who mistypes still pays.
 */

/** The gateway refuses a charge whose CVV is 999 and approves the others. */
const MISTYPED_CCV = '999';
const refusedByCcv = (request: ChargeRequest) => (request.card.ccv === MISTYPED_CCV ? 'refused' : 'approved');

let addressSequence = 0;
/** An IPv4 address no other attempt in this file used. */
const freshAddress = () => `10.77.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

/** A new buyer with a new card, from a new address, refused unless `ccv` is given; `shared` overrides what the attempts have in common. */
function attempt(app: FastifyInstance, shared: { body?: Record<string, unknown>; card?: Record<string, unknown>; address?: string }) {
  const body = checkoutBody(shared.body ?? {}, { ccv: MISTYPED_CCV, ...shared.card });
  return postPayment(app, body, { address: shared.address ?? freshAddress() });
}

const attemptTotal = async (app: FastifyInstance) => (await app.db.select({ total: count() }).from(paymentAttempts))[0].total;

/** Tries `max` refused charges sharing one value, then one more: the last is stopped before the gateway. */
async function expectStoppedAfter(
  app: FastifyInstance,
  charges: ChargeRequest[],
  max: number,
  shared: (attemptIndex: number) => Parameters<typeof attempt>[1],
) {
  for (let index = 0; index < max; index++) {
    const refused = await attempt(app, shared(index));
    expect([refused.statusCode, refused.json()]).toEqual([200, { success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized }]);
  }
  const [chargesBefore, attemptsBefore] = [charges.length, await attemptTotal(app)];
  const stopped = await attempt(app, { ...shared(max), card: { ...shared(max).card, ccv: '123' } });
  expect(stopped.statusCode).toBe(429);
  expect(stopped.json()).toEqual({
    success: false,
    message: CHECKOUT_MESSAGES.tooManyRefusedCards,
    error: CHECKOUT_MESSAGES.tooManyRefusedCards,
  });
  expect(charges.length).toBe(chargesBefore);
  expect(await attemptTotal(app)).toBe(attemptsBefore);
}

describe('per card, buyer and address', () => {
  let app: FastifyInstance;
  let charges: ChargeRequest[];
  beforeAll(async () => {
    const counting = countingGateway({ decide: refusedByCcv });
    charges = counting.charges;
    app = await createPaymentsApp({ gateway: counting.gateway });
  });
  afterAll(() => app.close());

  it('lets a buyer who mistypes the CVV twice pay on the third try', async () => {
    const body = checkoutBody();
    const address = freshAddress();
    for (const ccv of [MISTYPED_CCV, MISTYPED_CCV]) {
      const refused = await postPayment(app, { ...body, creditCard: { ...body.creditCard, ccv } }, { address });
      expect(refused.json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
    }
    expect((await postPayment(app, body, { address })).json()).toEqual({ success: true });
  });

  it(`stops the next charge on a card number after ${CARD_VELOCITY_LIMITS.refusalsPerCard.max} refusals in an hour`, async () => {
    const number = freshCardNumber();
    await expectStoppedAfter(app, charges, CARD_VELOCITY_LIMITS.refusalsPerCard.max, () => ({ card: { number } }));
  });

  it(`stops the next charge for a CPF after ${CARD_VELOCITY_LIMITS.refusalsPerCpf.max} refusals, whatever the card`, async () => {
    const cpfCnpj = freshCpf();
    await expectStoppedAfter(app, charges, CARD_VELOCITY_LIMITS.refusalsPerCpf.max, () => ({ body: { cpfCnpj } }));
  });

  it(`stops the next charge for an e-mail after ${CARD_VELOCITY_LIMITS.refusalsPerEmail.max} refusals, in any case`, async () => {
    await expectStoppedAfter(app, charges, CARD_VELOCITY_LIMITS.refusalsPerEmail.max, (index) => ({
      body: { email: index % 2 ? 'TESTADOR.CARTOES@exemplo.com.br' : 'testador.cartoes@exemplo.com.br' },
    }));
  });

  it(`stops the next charge from an IPv6 /64 after ${CARD_VELOCITY_LIMITS.refusalsPerAddress.max} refusals from any of its addresses`, async () => {
    await expectStoppedAfter(app, charges, CARD_VELOCITY_LIMITS.refusalsPerAddress.max, (index) => ({
      address: `2001:db8:77:1:${index.toString(16)}::1`,
    }));
  });

  it('holds a burst of parallel charges on one card to the limit', async () => {
    const number = freshCardNumber();
    const chargesBefore = charges.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(app, { card: { number } })));
    const tried = charges.length - chargesBefore;
    expect(tried).toBeLessThanOrEqual(CARD_VELOCITY_LIMITS.refusalsPerCard.max);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(12 - tried);
  });

  it('keeps no card number, CPF or e-mail in the counters', async () => {
    const body = checkoutBody();
    expect((await postPayment(app, body, { address: freshAddress() })).json()).toEqual({ success: true });
    const keys = (await app.db.select({ key: attemptCounters.key }).from(attemptCounters)).map((row) => row.key).join('\n');
    expect(keys).toMatch(/^card:number:/m);
    for (const secret of [onlyDigits(body.creditCard.number), onlyDigits(body.cpfCnpj), body.email, body.creditCard.number.slice(-4)]) {
      expect(keys).not.toContain(secret);
    }
  });
});

describe('per sales link', () => {
  it(`stops the next charge through a reseller's link after ${CARD_VELOCITY_LIMITS.refusalsPerSalesLink.max} refusals`, async () => {
    const counting = countingGateway({ decide: refusedByCcv });
    const app = await createPaymentsApp({ gateway: counting.gateway });
    try {
      const token = await login(app, DEMO_ACCOUNTS[3].email, 'REVENDEDOR');
      const rev = String((await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' })).json().user.id);
      await expectStoppedAfter(app, counting.charges, CARD_VELOCITY_LIMITS.refusalsPerSalesLink.max, () => ({ body: { rev } }));
      // The same buyer without the link is not stopped by it.
      expect((await attempt(app, { card: { ccv: '123' } })).json()).toEqual({ success: true });
    } finally {
      await app.close();
    }
  });
});

describe('overall decline rate', () => {
  it(`pauses new charges once ${DECLINE_RATE_LIMIT.minRefusals} or more refusals are at least half of all charges`, async () => {
    const counting = countingGateway({ delayMs: 0, decide: refusedByCcv });
    const app = await createPaymentsApp({ gateway: counting.gateway, seed: false });
    try {
      const approvals = DECLINE_RATE_LIMIT.minRefusals + 1;
      for (let index = 0; index < approvals; index++)
        expect((await attempt(app, { card: { ccv: '123' } })).json()).toEqual({ success: true });
      // Each refusal comes from a different card, buyer and address: only the overall rate sees them.
      for (let index = 0; index < DECLINE_RATE_LIMIT.minRefusals; index++) expect((await attempt(app, {})).statusCode).toBe(200);
      // 30 refusals out of 61 charges: under half, charges go on.
      expect((await attempt(app, {})).json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
      // 31 out of 62: half. The next buyer, however honest, waits; the gateway hears nothing.
      const chargesBefore = counting.charges.length;
      const paused = await attempt(app, { card: { ccv: '123' } });
      expect([paused.statusCode, paused.json().error]).toEqual([429, CHECKOUT_MESSAGES.paymentsPaused]);
      expect(counting.charges.length).toBe(chargesBefore);
    } finally {
      await app.close();
    }
  });
});
