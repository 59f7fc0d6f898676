import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import packageJson from '../../package.json';
import { API_ACCESS, ROLES, type Access } from '../../src/domain/permissions';

/** Where the reference lives: the browsable page here, the document at `${DOCS_PREFIX}/openapi.json`. */
export const DOCS_PREFIX = '/api/docs';

/** One tag per resource, in the order the reference shows them. */
const TAGS = [
  ['health', 'Whether the server and its database answer'],
  ['auth', 'Sign-in, session and password'],
  ['parameters', "The site's parameters and their history"],
  ['partners', 'Partners (parceiros)'],
  ['branches', 'Branches (filiais)'],
  ['resellers', 'Resellers (revendedores)'],
  ['checkout', 'The public card and Pix checkout'],
  ['cep', 'Address lookup by CEP'],
  ['beneficiaries', 'Beneficiaries and their plans'],
  ['reports', 'Sales reports'],
  ['professionals', 'Health professionals and their files'],
  ['appointments', 'Specialties, appointments and referrals'],
  ['audit', 'The audit trail'],
].map(([name, description]) => ({ name, description }));

const BEARER = 'bearerAuth';

/**
 * Who may call a route comes from the permission table, never from the route: signed-in routes get
 * the bearer requirement and a line naming the user types.
 */
function describeAccess({ schema = {}, url, route }: { schema?: FastifySchema; url: string; route: RouteOptions }) {
  // The SPA's own pages and files are not API.
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  const method = [route.method].flat()[0];
  const access: Access | undefined = API_ACCESS[`${method} ${url}` as keyof typeof API_ACCESS];
  if (!access || access === 'public') return { schema: { ...schema, security: [] }, url };
  const allowed = `Signed-in ${ROLES[access].join(', ')}.`;
  return {
    schema: { ...schema, security: [{ [BEARER]: [] }], description: schema.description ? `${schema.description}\n\n${allowed}` : allowed },
    url,
  };
}

/**
 * Swagger UI drives the DOM with innerHTML and script URLs of its own, which the portal's Trusted
 * Types rule would refuse: the docs pages alone drop that rule. Everything else of the portal's CSP
 * (scripts only from our origin, no inline script, no framing) still applies.
 */
export function docsPolicy(header: string): string {
  return header
    .split(';')
    .filter((directive) => !/^\s*(require-trusted-types-for|trusted-types)\b/.test(directive))
    .join(';');
}

/**
 * The API described as OpenAPI 3.1, from the routes' own schemas (tags, summary, the params, query
 * and body they take, and their answers): the document at /api/docs/openapi.json and Swagger UI at /api/docs, served
 * from our own files. Development and demo only: production registers neither, so both answer 404.
 * Registered before the routes, whose registration it listens to.
 */
export default fp(async function apiDocs(app: FastifyInstance) {
  if (app.config.production) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: packageJson.name, version: packageJson.version, description: packageJson.description },
      tags: TAGS,
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeAccess,
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());
  // Its routes sit in a context of their own: the relaxed policy reaches no other answer.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, transformStaticCSP: docsPolicy });
});
