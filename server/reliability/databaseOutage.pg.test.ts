import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { seedDemo } from '../seed';
import { injectAs, loginAsDemo } from '../test/helpers';
import { TcpProxy } from '../test/tcpProxy';

// PostgreSQL only (this file runs when DATABASE_URL is set): PGlite lives in-process and cannot go away.
const databaseUrl = new URL(process.env.DATABASE_URL!);

describe('the database goes away and comes back', () => {
  const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port || 5432));
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    await proxy.start();
    const throughProxy = new URL(databaseUrl);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    app = await buildApp(testConfig({ databaseUrl: throughProxy.toString() }));
    await seedDemo(app.db, app.passwords);
    token = await loginAsDemo(app, 'ADMINISTRADOR');
  });
  afterAll(async () => {
    if (!proxy.listening) await proxy.restore();
    await app.close();
    await proxy.stop();
  });

  it('answers 503 in Portuguese meanwhile and recovers without a restart', async () => {
    expect((await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(200);

    await proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const call = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(call.statusCode).toBe(503);
    const requestId = call.headers['x-request-id'];
    expect(call.json()).toEqual({
      success: false,
      message: `Serviço temporariamente indisponível. Tente novamente em instantes. Código do erro: ${requestId}.`,
      requestId,
    });

    await proxy.restore();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const recovered = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().user.email).toBe('admin@demo.com.br');
  });
});
