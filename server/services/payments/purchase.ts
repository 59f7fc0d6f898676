import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { PLANS, type PlanId } from '../../../src/domain/plans';
import type { PaymentRequest } from '../../../src/domain/validation/checkout';
import type { Database } from '../../db/client';
import type { PaymentBuyer } from '../../db/schema';
import { violatedConstraint } from '../../lib/constraintAnswers';
import { conflict } from '../../lib/httpErrors';
import { claimAttempt, DERIVED_KEY_PREFIX, type NewAttempt, type PaymentAttempt } from './attempts';
import { refuseDependentBuyer } from './buyer';
import type { GatewayCustomer } from './gateway';
import { salesLinkOf } from './resellerLink';

/**
 * The key of a request sent without an Idempotency-Key (the spec's call does not name the header):
 * its method and content, so the same purchase submitted twice is charged once. A refusal or failure
 * releases it (closeAttempt): the buyer may try the same data again, a corrected expiry or code.
 */
const derivedKey = (method: MethodAttempt) => `${DERIVED_KEY_PREFIX}${method.paymentMethod ?? 'card'}:${method.requestFingerprint}`;

/** The attempt's foreign key to its reseller: broken when the link's reseller is deleted meanwhile. */
const ATTEMPT_RESELLER_FK = 'payment_attempts_reseller_id_resellers_id_fk';

/** A checkout request's buyer and plan, card or Pix (the card's own fields left out). */
export type PurchaseRequest = Omit<PaymentRequest, 'creditCard'>;

/** The buyer's fields of a checkout request. */
function buyerOf(request: PurchaseRequest): PaymentBuyer {
  return {
    name: request.name,
    cpfCnpj: request.cpfCnpj,
    email: request.email,
    phone: request.phone,
    mobilePhone: request.mobilePhone ?? '',
    postalCode: request.postalCode,
    address: request.address,
    addressNumber: request.addressNumber,
    addressComplement: request.addressComplement ?? '',
    province: request.province,
    city: request.city,
    state: request.state,
  };
}

/** The attempt's buyer as the gateway's customer (a missing mobile phone is the phone). */
export function customerOf(buyer: PaymentBuyer): GatewayCustomer {
  return {
    name: buyer.name,
    cpfCnpj: buyer.cpfCnpj,
    email: buyer.email,
    phone: buyer.phone,
    mobilePhone: buyer.mobilePhone || buyer.phone,
    postalCode: buyer.postalCode,
    address: buyer.address,
    addressNumber: buyer.addressNumber,
    complement: buyer.addressComplement,
    province: buyer.province,
  };
}

/** What only the payment method knows of its attempt; a missing key is derived from the request (derivedKey). */
export type MethodAttempt = Pick<NewAttempt, 'requestFingerprint' | 'gateway' | 'cardBrand' | 'cardLast4' | 'paymentMethod'> & {
  idempotencyKey?: string;
};

/**
 * The first step of every checkout payment, card or Pix: the price and plan come from PLANS, never
 * from the request; the reseller is credited only when the link's reseller is active (an inactivated
 * reseller's link still sells, credited to no one: 'Sem revendedor'); a dependent cannot buy; then
 * the attempt is recorded as pending under its Idempotency-Key, before the gateway is called.
 * `claimed: false` returns the attempt that already holds the key; a replay carrying another
 * request is refused.
 */
export async function claimPurchase(
  db: Database,
  request: PurchaseRequest,
  method: MethodAttempt,
): Promise<{ claimed: boolean; attempt: PaymentAttempt }> {
  const plan = PLANS[request.selectedPlan as PlanId];
  const idempotencyKey = method.idempotencyKey ?? derivedKey(method);
  const claimFor = async (resellerId: number | null) => {
    await refuseDependentBuyer(db, request.cpfCnpj, resellerId);
    return claimAttempt(db, { ...method, idempotencyKey, plan: plan.id, amount: plan.price, resellerId, buyer: buyerOf(request) });
  };
  const link = await salesLinkOf(db, request.rev);
  const resellerId = link.kind === 'active' ? link.resellerId : null;
  const claim = await claimFor(resellerId).catch((error: unknown) => {
    if (resellerId === null || violatedConstraint(error)?.constraint !== ATTEMPT_RESELLER_FK) throw error;
    // The link's reseller was deleted since it was read: the buyer is not punished, as for an old link.
    return claimFor(null);
  });
  if (!claim.claimed && claim.attempt.requestFingerprint !== method.requestFingerprint) {
    throw conflict(CHECKOUT_MESSAGES.idempotencyKeyReused);
  }
  return claim;
}
