import ajvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { isCheckedByHandler } from './requestSchemas';

type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

type AjvPool = ReturnType<typeof ajvCompiler>;
/** What Fastify hands a validator compiler: the schema with its route's method, URL and part. */
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];

const acceptedAsSent = () => true;

/**
 * Fastify's own request validator, except for the schemas marked CHECKED_BY_HANDLER (requestSchemas.ts):
 * those document, in /api/docs, what the route's handler checks itself (the yup rules the forms share,
 * the list parameters), and checking them here too would answer some bad requests with Fastify's
 * message instead of the field's own, or hand the handler values Fastify had coerced. Every other
 * request schema (the webhook's body, the CEP, the Pix order id) is validated as before.
 *
 * A factory of ours makes Fastify treat the compiler as custom, which only means that header schemas
 * are taken as written (lower-case names): the routes declare none.
 *
 * Fastify's types name the compiler's argument a bare schema; at run time it is the route's
 * definition (`{schema, method, url, httpPart}`), which both sides here use.
 */
export function requestValidatorFactory(): ValidatorFactory {
  // What Fastify validates with when no factory is given (its own dependency): one pool per app, as Fastify's.
  const fastifysOwn = ajvCompiler();
  const factory = (externalSchemas: Parameters<AjvPool>[0], options: Parameters<AjvPool>[1]) => {
    const compile = fastifysOwn(externalSchemas, options) as unknown as (route: RouteSchema) => unknown;
    return (route: RouteSchema) => (isCheckedByHandler(route.schema) ? acceptedAsSent : compile(route));
  };
  return factory as unknown as ValidatorFactory;
}
