import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../lib/requestIds';

/** Whether this copy is stopping: `/api/health` then answers 503, so load balancers send elsewhere. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * Every answer names its request in `X-Request-Id` (the id every log line of the request carries);
 * while the copy drains, answers also close their connection, so no client keeps a keep-alive
 * connection to a server about to go.
 */
export default fp(async function lifecycle(app: FastifyInstance) {
  const state: Lifecycle = { draining: false };
  app.decorate('lifecycle', state);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (state.draining) reply.header('connection', 'close');
  });
});
