import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { PIX_MESSAGES } from '../../src/domain/pix';
import { pixPaymentRequestSchema } from '../../src/domain/validation/checkout';
import { PixChargeAnswer, PixChargeStatus } from '../../src/domain/wire/checkout';
import { DEFAULT_PIX } from '../config';
import { documentedBody, validateBody } from '../lib/validation';
import type { AttemptLimit } from '../services/limits/attemptCounters';
import { paymentContext } from '../services/payments/checkout';
import { createPixPayment, pixChargeStatus, simulatePixPayment, type PixContext } from '../services/payments/pix';
import { idempotencyKeyOf, paymentRouteOptions } from './paymentRouteOptions';
import { perAddressLimit } from './perAddressLimit';

/** This module's routes in the API reference (/api/docs). */
const tags = ['checkout'];

/**
 * Reads of a Pix charge's status per client address: the page asks every 3 s for up to the whole
 * window (600 in 30 min), with room for a few buyers behind one address; nobody guesses order ids.
 */
const PIX_READS_PER_ADDRESS: AttemptLimit = { name: 'pix:address', max: 1200, windowMs: PAYMENT_RATE_LIMIT.windowMs };

const orderParams = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 64, description: 'The order id the Pix charge answered' } },
} as const;

/** Pix at the public checkout: create a charge, follow it, and (sandbox only) pay it. */
export default async function pixPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = (request: FastifyRequest): PixContext => ({
    ...paymentContext(app, request.log),
    expirationMs: (app.config.payments.pix ?? DEFAULT_PIX).expirationMs,
  });
  const admitRead = perAddressLimit(app, PIX_READS_PER_ADDRESS, PIX_MESSAGES.tooManyStatusReads);

  // The card's protections: the same per-address counter, Idempotency-Key, the same buyer's rules.
  app.post(
    '/api/payment/pix',
    {
      ...paymentRouteOptions(app),
      schema: { tags, summary: 'Start a Pix payment', body: documentedBody(pixPaymentRequestSchema), response: { 200: PixChargeAnswer } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const idempotencyKey = idempotencyKeyOf(request);
      const payment = await validateBody(pixPaymentRequestSchema, request.body);
      return createPixPayment(context(request), payment, { idempotencyKey });
    },
  );

  app.get<{ Params: { orderId: string } }>(
    '/api/payment/pix/:orderId',
    { schema: { tags, summary: "A Pix charge's status", params: orderParams, response: { 200: PixChargeStatus } }, onRequest: admitRead },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return pixChargeStatus(context(request), request.params.orderId);
    },
  );

  app.post<{ Params: { orderId: string } }>(
    '/api/payment/pix/:orderId/simulate',
    {
      schema: { tags, summary: 'Pay a Pix charge in the sandbox', params: orderParams, response: { 200: PixChargeStatus } },
      onRequest: admitRead,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return simulatePixPayment(context(request), request.params.orderId);
    },
  );
}
