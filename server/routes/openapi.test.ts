import { spawnSync } from 'node:child_process';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import { API_ACCESS } from '../../src/domain/permissions';
import { testConfig } from '../config';
import { CHECKED_BY_HANDLER } from '../lib/requestSchemas';
import { DOCS_PREFIX } from '../plugins/apiDocs';
import { createTestApp } from '../test/helpers';
import { buildApp } from '../app';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; description?: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, object>; required?: string[] } }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags: Array<{ name: string }>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; bearerFormat?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** Every method and URL the app registered (HEAD mirrors GET; the docs' own routes are not the API). */
const registered: Array<{ method: string; url: string }> = [];
let app: FastifyInstance;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await createTestApp({
    build: {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && !route.url.startsWith(DOCS_PREFIX)) registered.push({ method, url: route.url });
      },
    },
  });
  const response = await app.inject({ url: `${DOCS_PREFIX}/openapi.json` });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => app?.close());

/**
 * The validator's answer for a document. It ships as an ES module only, which jest's CommonJS
 * runtime cannot load on Node 20: it runs in a Node process of its own.
 */
function validateOpenApi(spec: unknown): { valid: boolean; version?: string; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const validator = new Validator();
    const { valid, errors } = await validator.validate(JSON.parse(Buffer.concat(chunks).toString()));
    process.stdout.write(JSON.stringify(valid ? { valid, version: validator.version } : { valid, errors }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(spec), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

/** `/api/partners/:id` as OpenAPI writes it: `/api/partners/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];

describe('the OpenAPI document at /api/docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, named and versioned as the package', async () => {
    const result = validateOpenApi(document);
    expect(result).toEqual({ valid: true, version: '3.1' });
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'portal-saude', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('has every route the app registered, with its method, a tag and a summary', () => {
    expect(registered.length).toBeGreaterThan(50);
    const missing = registered.filter(({ method, url }) => !operation(method, url)).map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    const tagNames = document.tags.map((tag) => tag.name);
    const undescribed = registered
      .map(({ method, url }) => ({ key: `${method} ${url}`, op: operation(method, url)! }))
      .filter(({ op }) => !op.summary || op.tags?.length !== 1 || !tagNames.includes(op.tags[0]))
      .map(({ key }) => key);
    expect(undescribed).toEqual([]);
  });

  it('describes every answer of every route: what it answers on success, and the one error shape', () => {
    const undescribed = registered
      .filter(({ url }) => url.startsWith('/api/'))
      .filter(({ method, url }) => {
        const responses = operation(method, url)?.responses ?? {};
        const successes = Object.entries(responses).filter(([code]) => /^2\d\d$/.test(code));
        const errorShapes = ['4XX', '5XX'].map((code) => JSON.stringify(responses[code]?.content?.['application/json']?.schema));
        return (
          successes.length === 0 ||
          successes.some(([, answer]) => !answer.content || Object.values(answer.content).some((media) => !media.schema)) ||
          errorShapes.some((shape) => !shape?.includes('"success"'))
        );
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(undescribed).toEqual([]);
    // A list's items are described field by field.
    const partners = operation('GET', '/api/partners')!.responses!['200'].content!['application/json'].schema;
    expect(JSON.stringify(partners)).toContain('"data_registro"');
  });

  it('asks for the bearer token exactly on the routes the permission table keeps to signed-in accounts', () => {
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const wrong = registered.filter(({ method, url }) => {
      const access = API_ACCESS[`${method} ${url}` as keyof typeof API_ACCESS];
      const security = operation(method, url)?.security;
      return access === 'public' ? security?.length !== 0 : JSON.stringify(security) !== JSON.stringify([{ bearerAuth: [] }]);
    });
    expect(wrong).toEqual([]);
  });

  it('shows what a route already validates (path parameters, the webhook body)', () => {
    expect(operation('GET', '/api/cep/:cep')?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'cep' })]);
    expect(operation('POST', '/api/payment/webhook/asaas')).toHaveProperty('requestBody');
  });

  it('serves the browsable reference from our own files, under a CSP that only drops Trusted Types', async () => {
    const page = await app.inject({ url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/<script>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('trusted-types');
    expect((await app.inject({ url: `${DOCS_PREFIX}/static/swagger-ui-bundle.js` })).statusCode).toBe(200);
    // The rest of the API keeps the whole policy.
    expect(String((await app.inject({ url: '/api/health' })).headers['content-security-policy'])).toContain(
      "require-trusted-types-for 'script'",
    );
  });
});

/** Every operation of the document, as `METHOD /path/{param}`. */
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );

/** The writes that take no body at all (the rest send JSON, or a multipart form). */
const BODILESS_WRITES = ['POST /api/auth/logout', 'POST /api/payment/pix/{orderId}/simulate'];

describe('the requests in the OpenAPI document', () => {
  it('declares every path parameter, each with what it names (a generated one has no description)', () => {
    const withParameters = operations().filter(({ path }) => path.includes('{'));
    expect(withParameters.length).toBeGreaterThan(20);
    const undeclared = withParameters.flatMap(({ key, path, op }) =>
      [...path.matchAll(/\{(\w+)\}/g)]
        .map(([, name]) => name)
        .filter((name) => !op.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name && parameter.description))
        .map((name) => `${key} ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('declares the query of every list and CSV export: paging on the lists, each parameter optional and described', () => {
    const isList = (op: Operation) => op.summary?.includes('(one page)') === true;
    const isExport = (op: Operation) => Object.keys(op.responses?.['200']?.content ?? {}).includes('text/csv');
    const reads = operations().filter(({ method, op }) => method === 'GET' && (isList(op) || isExport(op)));
    expect(reads.length).toBeGreaterThanOrEqual(19);
    const wrong = reads.filter(({ op }) => {
      const query = (op.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const names = query.map((parameter) => parameter.name);
      return (
        query.length === 0 ||
        query.some((parameter) => parameter.required !== false || !parameter.description) ||
        (isList(op) && !(names.includes('page') && names.includes('pageSize')))
      );
    });
    expect(wrong.map(({ key }) => key)).toEqual([]);
    // A list's filters are the ones its handler reads.
    const partners = operation('GET', '/api/partners')!.parameters!.map((parameter) => parameter.name);
    expect(partners).toEqual(expect.arrayContaining(['page', 'pageSize', 'sort', 'nome', 'cnpj', 'email']));
  });

  it('declares the body of every write that takes one, and of none that takes none', () => {
    const writes = operations().filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method));
    expect(writes.length).toBeGreaterThan(15);
    const wrong = writes.filter(({ key, op }) => {
      const json = op.requestBody?.content['application/json']?.schema;
      return BODILESS_WRITES.includes(key) ? op.requestBody !== undefined : !json?.properties;
    });
    expect(wrong.map(({ key }) => key)).toEqual([]);
    // Only the webhook's body is Fastify's to validate; every other one its handler checks (yup, Portuguese messages).
    const validatedByFastify = writes
      .filter(
        ({ op }) => op.requestBody && !Object.values(op.requestBody.content).every((media) => CHECKED_BY_HANDLER in (media.schema ?? {})),
      )
      .map(({ key }) => key);
    expect(validatedByFastify).toEqual(['POST /api/payment/webhook/asaas']);
  });

  it('derives each body from the yup rules its handler validates with (required fields, lengths, listed values)', () => {
    const body = (method: string, url: string, media = 'application/json') => operation(method, url)!.requestBody!.content[media].schema!;
    const create = body('POST', '/api/partners');
    expect(create.required).toEqual(['nome', 'cnpj', 'email', 'senha']);
    expect(create.properties!.nome).toMatchObject({ type: 'string', maxLength: 200 });
    expect(create.properties!.agencia).toMatchObject({ type: ['string', 'null'], maxLength: 20 });
    // On edit a blank password keeps the current one.
    expect(body('PUT', '/api/partners/:id').required).toEqual(['nome', 'cnpj', 'email']);
    expect(body('POST', '/api/beneficiaries').properties!.beneficiaryType).toMatchObject({ enum: ['titular', 'dependente'] });
    // The professionals' form as multipart, with its documents.
    const form = body('POST', '/api/professionals', 'multipart/form-data');
    expect(form.properties!.copia_crm).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(expect.arrayContaining(['nome_completo', 'copia_crm', 'termo_aceite']));
    expect(body('PUT', '/api/professionals/:id', 'multipart/form-data').required).not.toContain('copia_crm');
  });

  it('leaves the judging to the handlers: their Portuguese answers, not a validator message', async () => {
    // The documented body requires senha; the answer is still the field's own message.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@example.com', userType: 'ADMINISTRADOR' },
    });
    expect([login.statusCode, login.json().errors]).toEqual([400, { senha: AUTH_MESSAGES.passwordRequired }]);
    // A repeated query key reaches the handler as it came: the logo of no partner is 404, as before.
    expect((await app.inject({ url: '/api/partners/999/logo?v=1&v=2' })).statusCode).toBe(404);
    // A malformed record id is still a record that does not exist.
    expect((await app.inject({ url: '/api/partners/abc/logo' })).statusCode).toBe(404);
  });
});

describe('in production', () => {
  it('answers 404 for the reference and the document', async () => {
    const production = await buildApp(testConfig({ production: true }));
    try {
      for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`, `${DOCS_PREFIX}/openapi.json`, `${DOCS_PREFIX}/json`]) {
        expect([url, (await production.inject({ url })).statusCode]).toEqual([url, 404]);
      }
    } finally {
      await production.close();
    }
  });
});
