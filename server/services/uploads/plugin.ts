import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabaseFileStore } from './databaseFileStore';

/** `app.uploads`: the store of uploaded documents (professionals' files, referrals), in the database. */
export default fp(async function uploads(app: FastifyInstance) {
  app.decorate('uploads', createDatabaseFileStore(app.db));
});
