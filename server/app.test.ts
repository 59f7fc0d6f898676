import type { FastifyInstance } from 'fastify';
import { BODY_LIMITS } from './lib/bodyLimits';
import { createTestApp, injectAs, loginAsDemo } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(() => app.close());

/** Not JSON at all: a body that answers 413 or 404 rather than 400 was never parsed. */
const unparsable = (bytes: number) => `{"x":${'['.repeat(bytes - 5)}`;
const TOO_LARGE = { success: false, message: 'O conteúdo enviado é grande demais.' };

describe('body limits', () => {
  it('keeps sign-in to a few KB: a bigger body answers 413 unparsed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: unparsable(BODY_LIMITS.credentials + 1),
    });
    expect([response.statusCode, response.json()]).toEqual([413, TOO_LARGE]);
  });

  it('refuses a body over the global limit on any other route with 413, unparsed', async () => {
    const admin = await loginAsDemo(app, 'ADMINISTRADOR');
    const response = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/beneficiaries',
      headers: { 'content-type': 'application/json' },
      payload: unparsable(BODY_LIMITS.default + 1),
    });
    expect([response.statusCode, response.json()]).toEqual([413, TOO_LARGE]);
  });

  it('keeps the global limit small (tens of KB) and the sign-in limit a few KB', () => {
    expect(BODY_LIMITS.default).toBeLessThanOrEqual(64 * 1024);
    expect(BODY_LIMITS.credentials).toBeLessThanOrEqual(8 * 1024);
  });

  it.each([
    ['1 MB', 1024 * 1024],
    ['9 MB', 9 * 1024 * 1024],
  ])('answers 404 to a %s body sent to an unknown API path without reading it', async (_size, bytes) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/nada-aqui',
      headers: { 'content-type': 'application/json' },
      payload: unparsable(bytes),
    });
    expect([response.statusCode, response.json()]).toEqual([404, { success: false, message: 'Recurso não encontrado.' }]);
  });

  it('answers 404 to a body sent to an unknown path outside the API too', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/qualquer/coisa',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('infrastructure', () => {
  it('GET /api/health answers ok while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', payments: 'sandbox', telemedicine: 'local' });
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Recurso não encontrado.' });
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
