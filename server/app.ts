import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import dataVersionPlugin from './plugins/dataVersion';
import errorsPlugin from './plugins/errors';
import readCachePlugin from './plugins/readCache';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import { routes } from './routes';
import { createPasswordHasher } from './services/auth/passwords';
import { createTokenService } from './services/auth/tokens';
import telemedicinePlugin from './services/telemedicine/plugin';
import uploadsPlugin from './services/uploads/plugin';
import { createPaymentGateway } from './services/payments';
import type { PaymentGateway } from './services/payments/gateway';
import { errorBody } from './lib/httpErrors';

export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export interface BuildAppOptions {
  /** An already open database (the benchmarks and some tests share one); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** A card payment gateway other than the configured one (tests that count or stall charges). */
  paymentGateway?: PaymentGateway;
  /** Sees every route as it is registered (the authorization suite checks each one is classified). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole portal as a Fastify instance: tests call `app.inject`, `main.ts` calls `listen`. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.production,
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed URL, a path parameter over 100 characters) in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply).code(error.statusCode ?? 400).send(errorBody('Requisição inválida.'));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      isolated: !config.production && config.dataDir === ':memory:',
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', createTokenService(config.jwtSecret));
  app.decorate('passwords', createPasswordHasher(config.fastPasswordHashing));
  app.decorate(
    'paymentGateway',
    options.paymentGateway ?? createPaymentGateway(config, (message, details) => app.log.warn(details, message), database.db),
  );
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(dataVersionPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(readCachePlugin);
  await app.register(uploadsPlugin);
  await app.register(telemedicinePlugin);
  for (const route of routes) await app.register(route);
  await app.register(spaPlugin);
  return app;
}
