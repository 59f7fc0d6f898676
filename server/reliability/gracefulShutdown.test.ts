import { connect, type Socket } from 'node:net';
import { startServer, type RunningServer } from '../../e2e/support/server';

/** Sends raw bytes and collects the whole answer, so a request can be left half-sent. */
function openRaw(port: number): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      resolve({ socket, answer: new Promise((done) => socket.on('close', () => done(received))) });
    });
    socket.once('error', reject);
  });
}

const exitOf = (server: RunningServer) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });

describe('graceful shutdown', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DEMO_SEED: 'false' });
  });
  afterAll(() => server.stop());

  it('finishes the request in flight, takes no new connection, and exits 0 on SIGTERM', async () => {
    const body = JSON.stringify({ email: 'ninguem@exemplo.com.br', senha: 'qualquer1', userType: 'ADMINISTRADOR' });
    const { socket, answer } = await openRaw(server.port);
    // Headers and half of the body: the request is in flight when the signal arrives.
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = exitOf(server);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));

    await expect(openRaw(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    socket.write(body.slice(20));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 401/);
    expect(response).toContain('Credenciais inválidas.');
    expect(await exited).toBe(0);
  });
});

describe('graceful shutdown behind a load balancer (SHUTDOWN_DRAIN_MS)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DEMO_SEED: 'false', SHUTDOWN_DRAIN_MS: '1500' });
  });
  afterAll(() => server.stop());

  it('answers /api/health 503 at once, keeps serving during the drain time, then closes and exits 0', async () => {
    const exited = exitOf(server);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'stopping', message: 'Servidor em desligamento.' });
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ninguem@exemplo.com.br', senha: 'qualquer1', userType: 'ADMINISTRADOR' }),
    });
    expect(login.status).toBe(401);
    expect(login.headers.get('connection')).toBe('close');

    await new Promise((resolve) => setTimeout(resolve, 1800));
    await expect(openRaw(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});
