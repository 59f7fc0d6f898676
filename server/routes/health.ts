import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Banco de dados indisponível.' });
    }
  });
}
