import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES, IDEMPOTENCY_KEY_PATTERN, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { paymentRequestSchema } from '../../src/domain/validation/checkout';
import { badRequest, tooManyRequests, unauthorized } from '../lib/httpErrors';
import { validateBody } from '../lib/validation';
import { processPayment } from '../services/payments/checkout';
import { checkoutConfig } from '../services/payments/checkoutConfig';
import { syncWithProvider } from '../services/payments/providerSync';
import { schedulePaymentReconciliation } from '../services/payments/reconcileJob';
import { handleAsaasEvent, webhookTokenMatches, type AsaasWebhookEvent } from '../services/payments/webhooks';

/** A checkout payload is small; anything bigger is not a payment. */
const PAYMENT_BODY_LIMIT_BYTES = 16 * 1024;

const webhookBody = {
  type: 'object',
  required: ['id', 'event'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    event: { type: 'string', minLength: 1, maxLength: 100 },
    payment: {
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 200 },
        subscription: { type: ['string', 'null'], maxLength: 200 },
        externalReference: { type: ['string', 'null'], maxLength: 200 },
        status: { type: 'string', maxLength: 100 },
      },
    },
  },
} as const;

/** The public checkout: its settings, the card payment and the gateway's webhook. */
export default async function paymentRoutes(app: FastifyInstance) {
  // What a crash left half done (pending attempts, approvals without their sale) is settled at start and on a timer.
  schedulePaymentReconciliation(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(CHECKOUT_MESSAGES.tooManyAttempts),
  });

  app.get('/api/checkout/config', { config: { public: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return checkoutConfig(app.db, app.config.customerSiteUrl);
  });

  app.post(
    '/api/payment',
    {
      bodyLimit: PAYMENT_BODY_LIMIT_BYTES,
      config: { public: true, errorText: true, rateLimit: { max: PAYMENT_RATE_LIMIT.max, timeWindow: PAYMENT_RATE_LIMIT.windowMs } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))) {
        throw badRequest(CHECKOUT_MESSAGES.idempotencyKeyInvalid);
      }
      const payment = await validateBody(paymentRequestSchema, request.body);
      return processPayment(
        {
          db: app.db,
          gateway: app.paymentGateway,
          telemedicine: app.telemedicine,
          log: request.log,
          gatewayTimeoutMs: app.config.payments.timeoutMs,
        },
        payment,
        { idempotencyKey, remoteIp: request.ip },
      );
    },
  );

  app.post<{ Body: AsaasWebhookEvent }>(
    '/api/payment/webhook/asaas',
    {
      schema: { body: webhookBody },
      config: { public: true },
      // The token is checked before the body is even read as an event.
      onRequest: async (request) => {
        const token = request.headers['asaas-access-token'];
        if (!webhookTokenMatches(typeof token === 'string' ? token : undefined, app.config.payments.webhookToken)) {
          throw unauthorized(CHECKOUT_MESSAGES.webhookUnauthorized);
        }
      },
    },
    async (request) => {
      const { duplicate, beneficiaryId } = await handleAsaasEvent(app.db, request.body);
      if (beneficiaryId !== undefined) void syncWithProvider(app.db, app.telemedicine, beneficiaryId, request.log);
      return { received: true, duplicate };
    },
  );
}
