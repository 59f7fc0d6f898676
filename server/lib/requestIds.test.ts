import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type TrustProxy } from '../config';
import { requestIdGenerator } from './requestIds';

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

/** The id generator alone, against sockets from every kind of address TRUST_PROXY may name. */
describe('requestIdGenerator', () => {
  const requestFrom = (remoteAddress: string | undefined, headers: Record<string, string | string[]> = { 'x-request-id': NGINX_ID }) =>
    ({ headers, socket: remoteAddress === undefined ? undefined : { remoteAddress } }) as unknown as IncomingMessage;
  /** Whether the proxy's id is kept for a request from each address. */
  const keptFor = (trust: TrustProxy, addresses: (string | undefined)[]) => {
    const generate = requestIdGenerator(trust);
    return addresses.map((address) => generate(requestFrom(address)) === NGINX_ID);
  };

  it('trusts no one when TRUST_PROXY is off, and whoever connects when it counts hops', () => {
    expect(keptFor(false, ['127.0.0.1', '10.0.0.1'])).toEqual([false, false]);
    expect(keptFor(0, ['127.0.0.1'])).toEqual([false]);
    expect(keptFor(1, ['203.0.113.9', undefined])).toEqual([true, true]);
  });

  it.each<[string, string[], string[]]>([
    ['loopback', ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.2'], ['128.0.0.1', '::2', '10.0.0.1', '::ffff:10.0.0.1']],
    ['linklocal', ['169.254.0.1', '169.254.255.254', 'fe80::1', 'febf::1'], ['169.255.0.1', 'fec0::1', '127.0.0.1']],
    [
      'uniquelocal',
      ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fdff::1', '::ffff:192.168.0.9'],
      ['11.0.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', 'fe00::1', '127.0.0.1'],
    ],
  ])("knows proxy-addr's range %s", (range, inside, outside) => {
    expect(keptFor([range], inside)).toEqual(inside.map(() => true));
    expect(keptFor([range], outside)).toEqual(outside.map(() => false));
  });

  it('takes single addresses and subnets of both families, and several at once', () => {
    const trust = ['203.0.113.9', '198.51.100.0/24', '2001:db8::1', '2001:db8:1::/48', 'loopback'];
    const inside = ['203.0.113.9', '198.51.100.200', '2001:db8::1', '2001:db8:1:ffff::5', '::1', '::ffff:203.0.113.9'];
    const outside = ['203.0.113.10', '198.51.101.1', '2001:db8::2', '2001:db8:2::1', undefined, '::ffff:not-an-address'];
    expect(keptFor(trust, inside)).toEqual(inside.map(() => true));
    expect(keptFor(trust, outside)).toEqual(outside.map(() => false));
  });

  it('keeps only a single, well-formed id of 8 to 128 safe characters, whole', () => {
    const generate = requestIdGenerator(['127.0.0.1']);
    const kept = (id: string | string[]) => generate(requestFrom('127.0.0.1', { 'x-request-id': id })) === id;
    const wellFormed = ['abcd1234', 'a.b_c:d-e', 'x'.repeat(128), NGINX_ID];
    const malformed = ['abc1234', 'x'.repeat(129), ' abcd12345', 'abcd12345 ', 'ab cd12345', 'abcd/12345', ''];
    expect(wellFormed.map(kept)).toEqual(wellFormed.map(() => true));
    expect(malformed.map(kept)).toEqual(malformed.map(() => false));
    expect(kept([NGINX_ID, NGINX_ID])).toBe(false);
    expect(generate(requestFrom('127.0.0.1', {}))).toMatch(UUID);
    expect(generate(requestFrom('127.0.0.1', { 'x-request-id': 'x\ty' }))).toMatch(UUID);
  });
});
