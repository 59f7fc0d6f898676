import responseValidation from '@fastify/response-validation';
import type { FastifyInstance, RouteOptions } from 'fastify';
import ajvFormats from 'ajv-formats';
import fp from 'fastify-plugin';
import { ErrorAnswer } from '../../src/domain/wire/answers';

/** The API's JSON routes: the SPA's pages, the docs and files are not. */
const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');

/**
 * Every API route answers its refusals and failures in one shape (`ErrorAnswer`), declared here
 * once instead of on each route. Outside production every answer is also checked against its
 * route's schema, so a field a route sends but does not declare (or declares but does not send)
 * fails the tests at once; production only serialises, by the same schemas. Registered before the
 * routes, whose registration it listens to.
 */
export default fp(async function answerSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route)) return;
    const schema = (route.schema ??= {});
    schema.response = { '4xx': ErrorAnswer, '5xx': ErrorAnswer, ...(schema.response as object | undefined) };
  });
  if (!app.config.production)
    await app.register(responseValidation, {
      // Strict: the plugin's defaults would quietly drop an undeclared field and fill in defaults.
      ajv: { allErrors: true, removeAdditional: false, useDefaults: false, coerceTypes: false, plugins: [ajvFormats] },
    });
});
