import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLinkSigner } from '../services/uploads/signedLinks';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { loggerOptions } from './logging';
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
    // Three dotted parts are no token unless the first is a JSON object's base64 (`{"`).
    ['/api/files/relatorio.final.csv?v=1.2.3', '/api/files/relatorio.final.csv?v=1.2.3'],
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
    const link = createLinkSigner(app.config.jwtSecret).sign('/api/professionals/999999/files/copia_crm', {
      accountId: 1,
      tokenVersion: 0,
      sessionId: 'session-1',
    });
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

/** The logger's options on their own: a bare Fastify app logging into an array. */
describe('loggerOptions', () => {
  type Line = Record<string, unknown> & { msg?: string; err?: Record<string, unknown>; req?: Record<string, unknown> };
  const lines: string[] = [];
  const parsed = (): Line[] => lines.map((line) => JSON.parse(line) as Line);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
    app.get('/eco', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const loggedError = (err: unknown) => {
    app.log.error({ err }, 'falhou');
    return parsed().at(-1)!.err;
  };

  it('turns logging off only when the level is silent and no one captures the lines', () => {
    expect(loggerOptions('silent')).toBe(false);
    const destination = { write: () => undefined };
    expect(loggerOptions('silent', destination)).toMatchObject({ level: 'silent', stream: destination });
    const toStandardOutput = loggerOptions('warn') as Record<string, unknown>;
    expect(toStandardOutput.level).toBe('warn');
    expect('stream' in toStandardOutput).toBe(false);
  });

  it("shows an error's class, redacted message and stack, code and status", () => {
    const error = Object.assign(new TypeError('falhou em /api/x?token=abc&page=2'), { code: 'E_TESTE', statusCode: 418 });
    const logged = loggedError(error)!;
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'falhou em /api/x?token=[redacted]&page=2',
      code: 'E_TESTE',
      statusCode: 418,
    });
    expect(logged.stack).toContain('TypeError: falhou em /api/x?token=[redacted]&page=2');
    expect(logged.stack).toContain('logging.test.ts');
    expect(logged).not.toHaveProperty('cause');
  });

  it('shows a thrown value that is not an object by its type and text, redacted', () => {
    expect(loggedError('sem objeto ?senha=segredo')).toEqual({ type: 'string', message: 'sem objeto ?senha=[redacted]', stack: '' });
    expect(loggedError(42)).toEqual({ type: 'number', message: '42', stack: '' });
  });

  it('fills what an error-like object lacks: no class, no message, no stack', () => {
    expect(loggedError(Object.create(null))).toEqual({ type: 'Error', message: '', stack: '' });
    expect(loggedError({ message: 'só texto' })).toEqual({ type: 'Object', message: 'só texto', stack: '' });
    expect(loggedError({ stack: 'pilha ?token=x' })).toEqual({ type: 'Object', message: '', stack: 'pilha ?token=[redacted]' });
  });

  it('follows the causes three deep, each redacted, and no further', () => {
    const chain = ['quarta', 'terceira', 'segunda', 'primeira', 'externa ?token=t0'].reduce<Error | undefined>(
      (cause, message) => new Error(`${message} ?token=t`, { cause }),
      undefined,
    );
    const outer = loggedError(chain)!;
    const messages: string[] = [];
    for (let level: Record<string, unknown> | undefined = outer; level; level = level.cause as Record<string, unknown> | undefined) {
      messages.push(level.message as string);
    }
    expect(messages).toEqual([
      'externa ?token=[redacted] ?token=[redacted]',
      'primeira ?token=[redacted]',
      'segunda ?token=[redacted]',
      'terceira ?token=[redacted]',
    ]);
    expect(loggedError(new Error('sem causa', { cause: 0 }))).not.toHaveProperty('cause');
  });

  it("writes a request's method, redacted URL, host and peer, and none of its headers", async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const localPort = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/eco?token=segredo&page=3',
          headers: { host: 'portal.exemplo', authorization: 'Bearer cabecalho-secreto' },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(request.socket!.localPort!));
        },
      );
      request.on('error', reject);
    });
    const incoming = parsed().find((line) => line.msg === 'incoming request')!;
    expect(incoming.req).toEqual({
      method: 'GET',
      url: '/eco?token=[redacted]&page=3',
      host: 'portal.exemplo',
      remoteAddress: '127.0.0.1',
      remotePort: localPort,
    });
    expect(lines.join('\n')).not.toContain('cabecalho-secreto');
  });

  it('redacts the text arguments of every log call and leaves the others as they were', () => {
    app.log.info({ pagina: 2, caminho: '/x?token=fica-no-objeto' }, 'pedido %s', '/api/x?token=abc');
    expect(parsed().at(-1)).toMatchObject({ pagina: 2, caminho: '/x?token=fica-no-objeto', msg: 'pedido /api/x?token=[redacted]' });
  });
});
