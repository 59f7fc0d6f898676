import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type TrustProxy } from '../config';

/** Request ids through the real HTTP layer: chosen by a trusted proxy or made here, in answers and log lines. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NGINX_ID = '5f0c9d3e8a4b4c2d9e1f0a7b6c5d4e3f';

async function appTrusting(trustProxy: TrustProxy, lines: string[]): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ trustProxy, logLevel: 'info' }), { logDestination: { write: (line) => void lines.push(line) } });
  // A route that fails the way a bug would, to see what a 5xx answer shows.
  app.get('/api/falha-de-teste', { config: { public: true } }, async () => {
    throw new Error('detalhe interno que não pode vazar');
  });
  await app.ready();
  return app;
}

describe('request ids', () => {
  const lines: string[] = [];
  let direct: FastifyInstance;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    direct = await appTrusting(false, lines);
    behindProxy = await appTrusting(['127.0.0.1'], lines);
  });
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted, and makes a UUID", async () => {
    const response = await direct.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': NGINX_ID } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it("uses the trusted proxy's X-Request-Id, and only from that proxy", async () => {
    const fromProxy = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': NGINX_ID },
    });
    expect(fromProxy.headers['x-request-id']).toBe(NGINX_ID);
    const fromElsewhere = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': NGINX_ID },
    });
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID);
    const malformed = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': 'x\ty' },
    });
    expect(malformed.headers['x-request-id']).toMatch(UUID);
  });

  it('names every answer, refusals and unknown routes included, and every log line of the request', async () => {
    const answers = await Promise.all([
      direct.inject({ method: 'GET', url: '/api/beneficiaries' }),
      direct.inject({ method: 'GET', url: '/api/nada-aqui' }),
      direct.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 404, 400]);
    for (const answer of answers) {
      const id = answer.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      const logged = lines.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as { reqId?: string });
      expect(logged.length).toBeGreaterThanOrEqual(2);
      expect(logged.every((line) => line.reqId === id)).toBe(true);
    }
  });

  it('shows the id in a 5xx body, in Portuguese and in the API error shape, without internals', async () => {
    const response = await behindProxy.inject({
      method: 'GET',
      url: '/api/falha-de-teste',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': NGINX_ID },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe(NGINX_ID);
    expect(response.json()).toEqual({
      success: false,
      message: `Erro interno do servidor. Código do erro: ${NGINX_ID}.`,
      requestId: NGINX_ID,
    });
    const errorLine = lines.find((line) => line.includes('detalhe interno'));
    expect(JSON.parse(errorLine!)).toMatchObject({ reqId: NGINX_ID, level: 50 });
  });
});
