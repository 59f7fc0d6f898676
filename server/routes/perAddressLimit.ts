import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/httpErrors';
import { addressGroup } from '../services/limits/addresses';
import type { AttemptLimit } from '../services/limits/attemptCounters';

/**
 * An `onRequest` hook that counts the call against the client address's limit (IPv6 by its /64),
 * valid or not, before the body is read, and answers 429 with `message` past it.
 */
export function perAddressLimit(app: FastifyInstance, limit: AttemptLimit, message: string) {
  return async (request: FastifyRequest) => {
    if (!(await app.limits.admit([limit, addressGroup(request.ip)]))) throw tooManyRequests(message);
  };
}
