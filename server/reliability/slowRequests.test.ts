import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';

/**
 * Slow clients on a real port: a body trickled in byte by byte, or a connection left silent, is cut
 * off once its time limit passes (short limits here; 30 s in production, REQUEST_TIMEOUT_MS and
 * CONNECTION_TIMEOUT_MS), instead of holding a socket for minutes.
 */

const LIMIT_MS = 400;
/** Far beyond the limits: a connection still open then was never going to be closed. */
const GIVE_UP_MS = 15_000;

/** A portal on a real port with these limits; closed after the test. */
async function listening(httpTimeouts: { requestMs: number; connectionMs: number }): Promise<{ app: FastifyInstance; port: number }> {
  const app = await createTestApp({ config: { httpTimeouts } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  running.push(app);
  return { app, port: (app.server.address() as AddressInfo).port };
}
const running: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of running.splice(0)) await app.close();
});

interface RawConnection {
  socket: Socket;
  /** What the server sent, once the connection closed; null if it was still open after GIVE_UP_MS. */
  closed: Promise<string | null>;
}

function openRaw(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const closed = new Promise<string | null>((done) => {
        const giveUp = setTimeout(() => done(null), GIVE_UP_MS);
        socket.on('close', () => {
          clearTimeout(giveUp);
          done(received);
        });
      });
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

const BODY_BYTES = 120;
const headers = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`;

it('cuts off a body trickled in a byte at a time with 408 in the API error shape', async () => {
  // The connection never goes quiet: only the whole request's time limit can stop it.
  const { port } = await listening({ requestMs: LIMIT_MS, connectionMs: 60_000 });
  const { socket, closed } = await openRaw(port);
  socket.write(headers);
  let sent = 0;
  const trickle = setInterval(() => {
    if (socket.destroyed || sent === BODY_BYTES) return clearInterval(trickle);
    socket.write(' ');
    sent += 1;
  }, 100);
  const answer = await closed;
  clearInterval(trickle);
  socket.destroy();
  expect(answer).not.toBeNull();
  expect(sent).toBeLessThan(BODY_BYTES);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toContain('{"success":false,"message":"A requisição demorou demais para chegar. Tente novamente."}');
});

it('closes a connection that goes silent halfway through its request', async () => {
  // Long enough a request limit that only the silence limit can close it.
  const { port } = await listening({ requestMs: 60_000, connectionMs: LIMIT_MS });
  const { socket, closed } = await openRaw(port);
  socket.write(`${headers}{"email":`);
  const answer = await closed;
  socket.destroy();
  expect(answer).not.toBeNull();
});

it('still answers a request that arrives in time', async () => {
  const { port } = await listening({ requestMs: LIMIT_MS, connectionMs: LIMIT_MS });
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(response.status).toBe(200);
});
