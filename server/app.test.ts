import type { FastifyInstance } from 'fastify';
import { createTestApp, injectAs, loginAsDemo } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(() => app.close());

describe('infrastructure', () => {
  it('GET /api/health answers ok while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Recurso não encontrado.' });
  });

  it('answers 413 for bodies over 8 MB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(9 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers 400 in the error shape for malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('sends security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers 503 from health when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    await other.close().catch(() => undefined);
  });

  it('never hands out password hashes', async () => {
    const token = await loginAsDemo(app, 'ADMINISTRADOR');
    const response = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
    expect(response.body).not.toMatch(/argon2|senha_hash|passwordHash/);
  });
});
