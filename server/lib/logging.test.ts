import type { FastifyInstance } from 'fastify';
import { createLinkSigner } from '../services/uploads/signedLinks';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { REDACTED, redactUrl } from './redactUrl';

/** Signed file links and tokens never reach the log whole: every logged URL is redacted. */

describe('redactUrl', () => {
  it.each([
    ['/api/referrals/x/file?expires=1&account=2&signature=abc-DEF_1', '/api/referrals/x/file?expires=1&account=2&signature=[redacted]'],
    ['/api/x?token=segredo&page=2', '/api/x?token=[redacted]&page=2'],
    ['/api/x?access_token=a&api%5Fkey=b#frag', '/api/x?access_token=[redacted]&api%5Fkey=[redacted]#frag'],
    ['/api/x?page=1&nome=Ana', '/api/x?page=1&nome=Ana'],
    ['/api/x?sig%ZZnature=1', '/api/x?sig%ZZnature=1'],
    ['Route GET:/api/nada?token=abc not found', 'Route GET:/api/nada?token=[redacted] not found'],
    ['/api/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl/x', `/api/${REDACTED}/x`],
  ])('%s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('the request log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({
      seed: true,
      config: { logLevel: 'info' },
      build: { logDestination: { write: (line) => lines.push(line) } },
    });
  });
  afterAll(() => app.close());

  it('keeps the path of a signed file link but not its signature', async () => {
    const link = createLinkSigner(app.config.jwtSecret).sign('/api/professionals/999999/files/copia_crm', 1, 0);
    const signature = new URL(link, 'http://portal').searchParams.get('signature')!;
    lines.length = 0;
    await app.inject({ method: 'GET', url: link });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/professionals/999999/files/copia_crm?expires=');
    expect(logged).toContain('signature=[redacted]');
    expect(logged).not.toContain(signature);
  });

  it('writes no token from a URL, neither in a query parameter nor as a bare JWT', async () => {
    const token = await loginAsDemo(app, 'ADMINISTRADOR');
    lines.length = 0;
    await injectAs(app, token, { method: 'GET', url: `/api/auth/verify?token=${token}` });
    await app.inject({ method: 'GET', url: `/api/nada-aqui/${token}?senha=segredo-123` });
    const logged = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(logged).toContain('/api/auth/verify?token=[redacted]');
    expect(logged).not.toContain(token.split('.')[2]);
    expect(logged).not.toContain('segredo-123');
  });
});
