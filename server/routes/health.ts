import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HealthDown, HealthUp } from '../../src/domain/wire/health';

/** This module's routes in the API reference (/api/docs). */
const tags = ['health'];

/**
 * Liveness for load balancers and monitoring, plus which payment gateway and telemedicine provider
 * this server talks to: a production copy left on the sandbox shows at a glance. A copy that is
 * stopping answers 503 at once, so a load balancer polling it sends new requests elsewhere.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/health',
    // The 503 is the health answer's own, not the API's error shape: declared here, over the common 5xx.
    { schema: { tags, summary: 'Server and database status', response: { 200: HealthUp, 503: HealthDown } } },
    async (request, reply) => {
      const upstreams = { payments: app.paymentGateway.kind, telemedicine: app.telemedicine.kind };
      if (app.lifecycle.draining) {
        return reply.status(503).send({ status: 'stopping', message: 'Servidor em desligamento.', requestId: request.id, ...upstreams });
      }
      try {
        await app.database.ping();
        return { status: 'ok' as const, ...upstreams };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable', message: 'Banco de dados indisponível.', requestId: request.id, ...upstreams });
      }
    },
  );
}
