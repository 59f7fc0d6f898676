import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { productionWarnings, type AppConfig, type TrustProxy } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import answerSchemasPlugin from './plugins/answerSchemas';
import apiDocsPlugin from './plugins/apiDocs';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import dataVersionPlugin from './plugins/dataVersion';
import errorsPlugin from './plugins/errors';
import jobsPlugin from './services/jobs/plugin';
import lifecyclePlugin from './plugins/lifecycle';
import limitsPlugin from './plugins/limits';
import metricsPlugin from './plugins/metrics';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import { routes } from './routes';
import { createPasswordHasher } from './services/auth/passwords';
import { createTokenService } from './services/auth/tokens';
import telemedicinePlugin from './services/telemedicine/plugin';
import uploadsPlugin from './services/uploads/plugin';
import { createPaymentGateway } from './services/payments';
import type { PaymentGateway } from './services/payments/gateway';
import { BODY_LIMITS } from './lib/bodyLimits';
import { answerClientError } from './lib/clientErrors';
import { keepEstimatesFor } from './lib/boundedCount';
import { errorBody } from './lib/httpErrors';
import { loggerOptions, type LogDestination } from './lib/logging';
import { requestValidatorFactory } from './lib/requestValidation';
import { REQUEST_ID_HEADER, requestIdGenerator } from './lib/requestIds';

/**
 * How often Node looks for requests past their time limit (its default, 30 s, would let a request
 * trickle in for up to twice the limit).
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * The HTTP server's own options. Node 20 reads `requestTimeout` when the server is created: Fastify's
 * option of that name, set on the server afterwards, alone would never cut a slow request.
 */
function serverOptions(timeouts: AppConfig['httpTimeouts']) {
  return { requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, timeouts.requestMs) };
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify no longer honours a bare hop count (it fails closed), so a
 * count is the classic rule: the first `hops` addresses from the socket are proxies, the next one is
 * the client. That holds only when every request comes through those proxies (SECURITY.md).
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export interface BuildAppOptions {
  /** An already open database (the benchmarks and some tests share one); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** A card payment gateway other than the configured one (tests that count or stall charges). */
  paymentGateway?: PaymentGateway;
  /** Sees every route as it is registered (the authorization suite checks each one is classified). */
  onRoute?: (route: RouteOptions) => void;
  /** Receives the log lines instead of standard output (tests that read the log). */
  logDestination?: LogDestination;
}

/** The whole portal as a Fastify instance: tests call `app.inject`, `main.ts` calls `listen`. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logDestination),
    // A trusted proxy's X-Request-Id, or a new UUID: in every log line of the request and its answer.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: BODY_LIMITS.default,
    // The request schemas that only document what a handler checks itself are not checked twice.
    schemaController: { compilersFactory: { buildValidator: requestValidatorFactory() } },
    // Without TRUST_PROXY the socket's address is the client's: a forged X-Forwarded-For changes nothing.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A slow client cannot hold a connection: the whole request must arrive in time, and a silent
    // connection (one that neither sends nor reads) is closed. Idle keep-alive keeps Fastify's 72 s.
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.connectionMs,
    http: serverOptions(config.httpTimeouts),
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed URL, a path parameter over 100 characters) in the API's error shape.
    frameworkErrors: (error, request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(error.statusCode ?? 400)
        .header(REQUEST_ID_HEADER, request.id)
        .send(errorBody('Requisição inválida.'));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  for (const warning of productionWarnings(config)) app.log.warn(warning);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      isolated: !config.production && config.dataDir === ':memory:',
      poolSize: config.databasePoolSize,
      pglite: config.pglite,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  keepEstimatesFor(database.db, config.caches.estimateTtlMs);
  app.decorate('tokens', createTokenService(config.jwtSecret, { maxAgeMs: config.sessionMaxAgeMs }));
  app.decorate('passwords', createPasswordHasher(config.fastPasswordHashing));
  app.decorate(
    'paymentGateway',
    options.paymentGateway ?? createPaymentGateway(config, (message, details) => app.log.warn(details, message), database.db),
  );
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin);
  await app.register(dataVersionPlugin);
  await app.register(jobsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(limitsPlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(uploadsPlugin);
  await app.register(telemedicinePlugin);
  await app.register(answerSchemasPlugin);
  await app.register(apiDocsPlugin);
  for (const route of routes) await app.register(route);
  await app.register(spaPlugin);
  return app;
}
