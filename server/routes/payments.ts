import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES, ORDER_ID_HEADER, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { paymentRequestSchema } from '../../src/domain/validation/checkout';
import { CheckoutConfig, OrderConfirmation, PaymentAnswer, WebhookReceipt } from '../../src/domain/wire/checkout';
import { notFound, serviceUnavailable, unauthorized } from '../lib/httpErrors';
import { PathParams } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import type { AttemptLimit } from '../services/limits/attemptCounters';
import { paymentContext, processPayment } from '../services/payments/checkout';
import { GatewayUnavailableError } from '../services/payments/gateway';
import { checkoutConfig } from '../services/payments/checkoutConfig';
import { approvedOrder } from '../services/payments/orderConfirmation';
import { syncWithProvider } from '../services/payments/providerSync';
import { schedulePaymentReconciliation } from '../services/payments/reconcileJob';
import { handleAsaasEvent, webhookTokenMatches, type AsaasWebhookEvent } from '../services/payments/webhooks';
import { idempotencyKeyOf, paymentRouteOptions } from './paymentRouteOptions';
import { perAddressLimit } from './perAddressLimit';

/** This module's routes in the API reference (/api/docs). */
const tags = ['checkout'];

/** The webhook's answer while the gateway cannot confirm the event (the gateway retries). */
const WEBHOOK_GATEWAY_UNREACHABLE = 'Não foi possível confirmar o evento com o gateway de pagamento. Reenvie mais tarde.';

/** Reads of an order's confirmation per client address: a buyer opens it a few times, nobody guesses ids. */
const ORDER_READS_PER_ADDRESS: AttemptLimit = {
  name: 'order:address',
  max: PAYMENT_RATE_LIMIT.max * 6,
  windowMs: PAYMENT_RATE_LIMIT.windowMs,
};

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
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // What a crash left half done (pending attempts, approvals without their sale) is settled at start and on a timer.
  schedulePaymentReconciliation(app);

  app.get(
    '/api/checkout/config',
    { schema: { tags, summary: "The checkout's plans and settings", response: { 200: CheckoutConfig } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return checkoutConfig(app.db, app.config.customerSiteUrl);
    },
  );

  // The confirmation of an approved order, opened again from its URL (no card data; a day at most).
  app.get<{ Params: { orderId: string } }>(
    '/api/payment/orders/:orderId',
    {
      schema: {
        tags,
        summary: "An approved order's confirmation",
        params: PathParams({ orderId: 'The order id the payment answered (X-Order-Id)' }),
        response: { 200: OrderConfirmation },
      },
      onRequest: perAddressLimit(app, ORDER_READS_PER_ADDRESS, CHECKOUT_MESSAGES.tooManyOrderReads),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const order = await approvedOrder(app.db, request.params.orderId);
      if (!order) throw notFound(CHECKOUT_MESSAGES.orderNotFound);
      return order;
    },
  );

  app.post(
    '/api/payment',
    {
      ...paymentRouteOptions(app),
      schema: { tags, summary: 'Pay a plan by card', body: documentedBody(paymentRequestSchema), response: { 200: PaymentAnswer } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const idempotencyKey = idempotencyKeyOf(request);
      const payment = await validateBody(paymentRequestSchema, request.body);
      const answer = await processPayment(paymentContext(app, request.log), payment, {
        idempotencyKey,
        remoteIp: request.ip,
        limits: app.limits,
      });
      if (!answer.success) return answer;
      // The body stays the spec's `{success: true}`; the order id (for the confirmation) rides in a header.
      reply.header(ORDER_ID_HEADER, answer.orderId);
      return { success: true as const };
    },
  );

  app.post<{ Body: AsaasWebhookEvent }>(
    '/api/payment/webhook/asaas',
    {
      schema: { tags, summary: 'Asaas payment events', body: webhookBody, response: { 200: WebhookReceipt } },
      // The token is checked before the body is even read as an event.
      onRequest: async (request) => {
        const token = request.headers['asaas-access-token'];
        if (!webhookTokenMatches(typeof token === 'string' ? token : undefined, app.config.payments.webhookToken)) {
          throw unauthorized(CHECKOUT_MESSAGES.webhookUnauthorized);
        }
      },
    },
    async (request) => {
      const context = { db: app.db, gateway: app.paymentGateway, log: request.log };
      const { duplicate, beneficiaryId } = await handleAsaasEvent(context, request.body).catch((error: unknown) => {
        // Not an answer the event can be judged by: a non-2xx makes the gateway send it again later.
        if (error instanceof GatewayUnavailableError) throw serviceUnavailable(WEBHOOK_GATEWAY_UNREACHABLE);
        throw error;
      });
      if (beneficiaryId !== undefined) void syncWithProvider(paymentContext(app, request.log), beneficiaryId);
      return { received: true as const, duplicate };
    },
  );
}
