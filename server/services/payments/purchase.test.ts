import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { paymentAttempts, resellers } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { createChain } from '../../test/channelFixtures';
import { insertBeneficiary } from '../../test/careFixtures';
import { newIdempotencyKey, purchaseRequest, testBuyer } from '../../test/payments';
import { claimPurchase, customerOf, type MethodAttempt, type PurchaseRequest } from './purchase';

/**
 * A checkout payment's first step (purchase.ts): the plan's own price, the reseller credited only
 * through an active link, a dependent refused, the buyer recorded as the request gave it, and the
 * Idempotency-Key's replays. On PGlite without the demo data.
 */

let app: FastifyInstance;
let chain: Awaited<ReturnType<typeof createChain>>;
beforeAll(async () => {
  app = await createTestApp();
  chain = await createChain(app);
});
afterAll(() => app?.close());

/** A buyer of the individual plan who gave a mobile phone and a complement. */
const requestOf = (fields: Partial<PurchaseRequest> = {}) =>
  purchaseRequest({ name: 'Rita Compradora', mobilePhone: '11988887777', addressComplement: 'Apto 42', ...fields });

const card = (fields: Partial<MethodAttempt> = {}): MethodAttempt => ({
  requestFingerprint: 'impressao-1',
  gateway: 'sandbox',
  cardBrand: 'MASTERCARD',
  cardLast4: '4444',
  ...fields,
});

const storedAttempt = async (id: number) => (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];

describe('a purchase’s attempt', () => {
  it('is pending at the plan’s own price, with the buyer and the card as given, under the key given', async () => {
    const request = requestOf();
    const { selectedPlan: _plan, ...buyer } = request;
    const key = newIdempotencyKey();
    const { claimed, attempt } = await claimPurchase(app.db, request, card({ idempotencyKey: key }));
    expect(claimed).toBe(true);
    expect(await storedAttempt(attempt.id)).toMatchObject({
      idempotencyKey: key,
      requestFingerprint: 'impressao-1',
      status: 'pending',
      plan: 'plano_individual',
      amount: '44.90',
      resellerId: null,
      gateway: 'sandbox',
      cardBrand: 'MASTERCARD',
      cardLast4: '4444',
      paymentMethod: 'card',
      buyer,
    });
  });

  it('records a missing mobile phone and complement as empty, and a Pix attempt as Pix', async () => {
    const request = requestOf({ selectedPlan: 'plano_individual_premium', mobilePhone: undefined, addressComplement: undefined });
    const { attempt } = await claimPurchase(app.db, request, card({ paymentMethod: 'pix', cardBrand: null, cardLast4: null }));
    const stored = await storedAttempt(attempt.id);
    expect([stored.plan, stored.amount, stored.paymentMethod, stored.cardBrand]).toEqual([
      'plano_individual_premium',
      '59.90',
      'pix',
      null,
    ]);
    expect([stored.buyer.mobilePhone, stored.buyer.addressComplement]).toEqual(['', '']);
  });

  it('derives the key of a request sent without one from its method and content: the same purchase twice is one attempt', async () => {
    const first = await claimPurchase(app.db, requestOf(), card({ requestFingerprint: 'sem-chave-1' }));
    const again = await claimPurchase(app.db, requestOf(), card({ requestFingerprint: 'sem-chave-1' }));
    expect([first.claimed, again.claimed, again.attempt.id]).toEqual([true, false, first.attempt.id]);
    const other = await claimPurchase(app.db, requestOf(), card({ requestFingerprint: 'sem-chave-2' }));
    const pix = card({ requestFingerprint: 'sem-chave-1', paymentMethod: 'pix', cardBrand: null, cardLast4: null });
    const asPix = await claimPurchase(app.db, requestOf(), pix);
    expect([other.claimed, asPix.claimed]).toEqual([true, true]);
  });
});

describe('the reseller credited', () => {
  it('is the link’s reseller while it is active, and no one once it is inactive or without a link', async () => {
    const rev = String(chain.reseller.id);
    const active = await claimPurchase(app.db, requestOf({ rev }), card({ requestFingerprint: 'link-ativo' }));
    expect(active.attempt.resellerId).toBe(chain.reseller.id);
    await app.db.update(resellers).set({ ativo: false }).where(eq(resellers.id, chain.reseller.id));
    try {
      const inactive = await claimPurchase(app.db, requestOf({ rev }), card({ requestFingerprint: 'link-inativo' }));
      expect(inactive.attempt.resellerId).toBeNull();
    } finally {
      await app.db.update(resellers).set({ ativo: true }).where(eq(resellers.id, chain.reseller.id));
    }
    expect((await claimPurchase(app.db, requestOf({ rev: null }), card({ requestFingerprint: 'sem-link' }))).attempt.resellerId).toBeNull();
  });

  it('decides where a dependent is refused: the reseller’s partner, not the house', async () => {
    const holder = await insertBeneficiary(app.db, { partnerId: chain.partner.id });
    const dependent = await insertBeneficiary(app.db, { partnerId: chain.partner.id, holderId: holder.id });
    const key = newIdempotencyKey();
    await expect(
      claimPurchase(app.db, requestOf({ cpfCnpj: dependent.cpf, rev: String(chain.reseller.id) }), card({ idempotencyKey: key })),
    ).rejects.toMatchObject({ statusCode: 409, message: CHECKOUT_MESSAGES.dependentBuyer });
    expect(await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, key))).toEqual([]);
    const fromTheHouse = await claimPurchase(app.db, requestOf({ cpfCnpj: dependent.cpf }), card({ requestFingerprint: 'da-casa' }));
    expect(fromTheHouse.claimed).toBe(true);
  });
});

describe('a replay of the key', () => {
  it('returns the attempt that holds it when the request is the same, and refuses another request', async () => {
    const key = newIdempotencyKey();
    const request = requestOf();
    const first = await claimPurchase(app.db, request, card({ idempotencyKey: key }));
    const replay = await claimPurchase(app.db, request, card({ idempotencyKey: key }));
    expect([replay.claimed, replay.attempt.id]).toEqual([false, first.attempt.id]);
    await expect(claimPurchase(app.db, request, card({ idempotencyKey: key, requestFingerprint: 'impressao-2' }))).rejects.toMatchObject({
      statusCode: 409,
      message: CHECKOUT_MESSAGES.idempotencyKeyReused,
    });
  });
});

describe('the gateway’s customer', () => {
  it('is the buyer, with the phone for a missing mobile phone', () => {
    const buyer = testBuyer('52998224725', { mobilePhone: '11988887777', addressComplement: 'Apto 42' });
    // The gateway's customer carries no city or state (its postal code gives them).
    const { city: _city, state: _state, addressComplement, ...sameFields } = buyer;
    expect(customerOf(buyer)).toEqual({ ...sameFields, complement: addressComplement });
    expect(customerOf({ ...buyer, mobilePhone: '' }).mobilePhone).toBe(buyer.phone);
  });
});
