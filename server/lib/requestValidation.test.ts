import Fastify, { type FastifyInstance } from 'fastify';
import { CHECKED_BY_HANDLER } from './requestSchemas';
import { requestValidatorFactory } from './requestValidation';

const NAMED = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } };

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ schemaController: { compilersFactory: { buildValidator: requestValidatorFactory() } } });
  const echo = async (request: { body: unknown; query: unknown }) => ({ body: request.body ?? null, query: request.query });
  app.post(
    '/checked-by-handler',
    { schema: { body: { ...NAMED, [CHECKED_BY_HANDLER]: true }, querystring: { ...NAMED, [CHECKED_BY_HANDLER]: true } } },
    echo,
  );
  app.post('/validated', { schema: { body: NAMED, querystring: NAMED } }, echo);
  await app.ready();
});
afterAll(() => app.close());

describe("the app's request validator", () => {
  it('lets a body and a query marked as checked by the handler through untouched, whatever they hold', async () => {
    const response = await app.inject({ method: 'POST', url: '/checked-by-handler?name=a&name=b', payload: { name: 12345, extra: true } });
    expect(response.statusCode).toBe(200);
    // As sent: no coercion of the number to text, nor of the repeated key.
    expect(response.json()).toEqual({ body: { name: 12345, extra: true }, query: { name: ['a', 'b'] } });
  });

  it('validates every other request schema as Fastify always did', async () => {
    const badBody = await app.inject({ method: 'POST', url: '/validated?name=ok', payload: { name: 'too long' } });
    expect(badBody.statusCode).toBe(400);
    const missingQuery = await app.inject({ method: 'POST', url: '/validated', payload: { name: 'ok' } });
    expect(missingQuery.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: '/validated?name=abc', payload: { name: 'abc' } });
    expect([good.statusCode, good.json()]).toEqual([200, { body: { name: 'abc' }, query: { name: 'abc' } }]);
  });
});
