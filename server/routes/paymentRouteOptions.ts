import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHECKOUT_MESSAGES, IDEMPOTENCY_KEY_PATTERN, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { BODY_LIMITS } from '../lib/bodyLimits';
import { badRequest } from '../lib/httpErrors';
import type { AttemptLimit } from '../services/limits/attemptCounters';
import { perAddressLimit } from './perAddressLimit';

/** Payment requests per client address, card and Pix together, valid or not. */
export const PAYMENTS_PER_ADDRESS: AttemptLimit = { name: 'payment:address', ...PAYMENT_RATE_LIMIT };

/**
 * What every payment route (card, Pix) shares: the payment body limit, failures answered as
 * `{success: false, error}` too, and the per-address counter before the body is read.
 */
export function paymentRouteOptions(app: FastifyInstance) {
  return {
    bodyLimit: BODY_LIMITS.payment,
    config: { errorText: true },
    onRequest: perAddressLimit(app, PAYMENTS_PER_ADDRESS, CHECKOUT_MESSAGES.tooManyAttempts),
  };
}

/** The request's Idempotency-Key, if sent; one that is repeated or malformed answers 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
    throw badRequest(CHECKOUT_MESSAGES.idempotencyKeyInvalid);
  }
  return key;
}
