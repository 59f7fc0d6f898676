import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalProvider } from './local/provider';
import { ensureSpecialties } from './local/specialties';
import { createRapidocProvider } from './rapidoc/provider';

/**
 * `app.telemedicine`: the provider chosen by TELEMEDICINE_PROVIDER. The spec's specialties are
 * ensured in our database either way, since the professionals' roster is always ours.
 */
export default fp(async function telemedicine(app: FastifyInstance) {
  await ensureSpecialties(app.db);
  const settings = app.config.telemedicine;
  if (settings.provider === 'rapidoc') {
    app.decorate(
      'telemedicine',
      createRapidocProvider({
        baseUrl: settings.baseUrl!,
        clientId: settings.clientId!,
        token: settings.token!,
        timeoutMs: settings.timeoutMs,
        logFailure: (detail) => app.log.warn(detail, 'telemedicine provider failed'),
      }),
    );
  } else {
    app.decorate('telemedicine', createLocalProvider(app.db, { roomBaseUrl: app.config.telemedicine.roomBaseUrl }));
  }
});
