import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constraintAnswer } from '../lib/constraintAnswers';
import { errorBody as bodyOf, HttpError, serverErrorBody, type FieldErrors } from '../lib/httpErrors';

const DATABASE_UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

const UNAVAILABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006'];

/**
 * Connection-level failures of PostgreSQL or node-postgres mean "try later", not a bug. Drizzle
 * wraps driver errors ("Failed query: …"), so the cause chain is searched.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
    if (UNAVAILABLE_CODES.includes(current.code ?? '')) return true;
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message ?? '')) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * SQLSTATE class 22 (data exception: a NUL byte in text, a number out of range, a malformed date)
 * means a value from the request reached the database unchecked: the request is bad, not the server.
 */
function isBadDataValue(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^22[0-9A-Z]{3}$/.test(current.code)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * One error shape for every answer (`errorBody`); 5xx never shows internals, but names the request
 * (its X-Request-Id) so a user can quote it to support and support can find its log lines.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download that failed after choosing its type (a CSV export) still answers in JSON.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    const errorText = request.routeOptions.config?.errorText;
    const errorBody = (message: string, errors?: FieldErrors) => bodyOf(message, errors, errorText);
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) return reply.status(error.statusCode).send(serverErrorBody(error.message, request.id, { errorText }));
      return reply.status(error.statusCode).send(errorBody(error.message, error.errors));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('O conteúdo enviado é grande demais.'));
    }
    // An answer that breaks its route's schema (checked outside production: answerSchemas.ts) is a
    // bug of the server, named in the message for the developer or test that met it.
    if (error.code === 'FST_RESPONSE_VALIDATION_FAILED_VALIDATION') {
      request.log.error({ err: error }, 'answer does not match its schema');
      return reply.status(500).send(serverErrorBody(`A resposta não segue seu esquema: ${error.message}`, request.id, { errorText }));
    }
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody('Dados inválidos.'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('Muitas requisições. Aguarde alguns minutos e tente novamente.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('Requisição inválida.'));
    }
    // A rule the database keeps (unique, overlap, foreign key, trigger) refused the write.
    const refused = constraintAnswer(error);
    if (refused) return reply.status(refused.statusCode).send(errorBody(refused.message, refused.errors));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(serverErrorBody(DATABASE_UNAVAILABLE, request.id, { errorText, quoteInMessage: true }));
    }
    if (isBadDataValue(error)) {
      request.log.warn({ err: error }, 'request value refused by the database');
      return reply.status(400).send(errorBody('Dados inválidos.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(serverErrorBody('Erro interno do servidor.', request.id, { errorText, quoteInMessage: true }));
  });
});
