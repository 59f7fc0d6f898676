import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';
import { answerClientError } from './clientErrors';

/** Requests Node refuses before any route sees them, answered in the API's shape and in Portuguese. */

describe('on a real port', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  /** Sends raw bytes and resolves with everything the server wrote before it closed the connection. */
  const exchange = (request: string) =>
    new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

  const parts = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as unknown };
  };

  it('answers malformed HTTP with 400 and closes the connection', async () => {
    const { statusLine, head, body } = parts(await exchange('GET /api/health HTTP/1.1\r\nHost: x\r\nsem dois pontos\r\n\r\n'));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(head).toContain('Connection: close');
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(body).toEqual({ success: false, message: 'Requisição inválida.' });
  });

  it('answers headers too large with 431, its length counted in bytes', async () => {
    const answer = await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { statusLine, head, body } = parts(answer);
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(body).toEqual({ success: false, message: 'Os cabeçalhos da requisição são grandes demais.' });
    const length = Number(/Content-Length: (\d+)/.exec(head)?.[1]);
    expect(length).toBe(Buffer.byteLength(answer.split('\r\n\r\n')[1]));
    expect(length).toBeGreaterThan(answer.split('\r\n\r\n')[1].length);
  });
});

describe('answerClientError, by the state of the socket', () => {
  const fakeSocket = (state: { destroyed?: boolean; writable?: boolean }) => {
    const written: string[] = [];
    const destroyedWith: unknown[] = [];
    const socket = {
      destroyed: state.destroyed ?? false,
      writable: state.writable ?? true,
      write: (text: string) => written.push(text),
      destroy: (error: unknown) => destroyedWith.push(error),
    } as unknown as Socket;
    return { socket, written, destroyedWith };
  };
  const failure = (code?: string) => Object.assign(new Error('falhou'), { code });

  it('writes the answer and then closes the socket with the error', () => {
    const { socket, written, destroyedWith } = fakeSocket({});
    const error = failure('ERR_HTTP_REQUEST_TIMEOUT');
    answerClientError(error, socket);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(written[0]).toMatch(/\r\n\r\n\{"success":false,"message":"A requisição demorou demais para chegar. Tente novamente."\}$/);
    expect(destroyedWith).toEqual([error]);
  });

  it('answers an error without a code as a bad request', () => {
    const { socket, written } = fakeSocket({});
    answerClientError(failure(), socket);
    expect(written[0]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(written[0]).toMatch(/\r\n\r\n\{"success":false,"message":"Requisição inválida."\}$/);
  });

  it('only closes a socket it can no longer write to, and leaves alone one reset or already closed', () => {
    const unwritable = fakeSocket({ writable: false });
    answerClientError(failure('HPE_INVALID_METHOD'), unwritable.socket);
    expect([unwritable.written.length, unwritable.destroyedWith.length]).toEqual([0, 1]);
    const reset = fakeSocket({});
    answerClientError(failure('ECONNRESET'), reset.socket);
    const closed = fakeSocket({ destroyed: true });
    answerClientError(failure('HPE_INVALID_METHOD'), closed.socket);
    expect([reset.written, reset.destroyedWith, closed.written, closed.destroyedWith]).toEqual([[], [], [], []]);
  });
});
