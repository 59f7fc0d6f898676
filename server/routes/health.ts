import type { FastifyInstance } from 'fastify';

/** This module's routes in the API reference (/api/docs). */
const tags = ['health'];

/**
 * Liveness for load balancers and monitoring, plus which payment gateway and telemedicine provider
 * this server talks to: a production copy left on the sandbox shows at a glance. A copy that is
 * stopping answers 503 at once, so a load balancer polling it sends new requests elsewhere.
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags, summary: 'Server and database status' } }, async (request, reply) => {
    const upstreams = { payments: app.paymentGateway.kind, telemedicine: app.telemedicine.kind };
    if (app.lifecycle.draining) {
      return reply.status(503).send({ status: 'stopping', message: 'Servidor em desligamento.', requestId: request.id, ...upstreams });
    }
    try {
      await app.database.ping();
      return { status: 'ok', ...upstreams };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', message: 'Banco de dados indisponível.', requestId: request.id, ...upstreams });
    }
  });
}
