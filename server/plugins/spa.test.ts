import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';

/** A build with the prerendered login page (scripts/prerender/) serves it for /login, and only there. */
let app: FastifyInstance;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal Saúde</title><div id="root"></div>');
  writeFileSync(
    path.join(staticDir, 'login.html'),
    '<!doctype html><title>Portal Saúde</title><div id="root" inert><h1>Acesso ao Sistema</h1></div>',
  );
  writeFileSync(path.join(staticDir, 'checkout.html'), '<!doctype html><title>Checkout de Pagamento</title>');
  app = await createTestApp({ config: { staticDir } });
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('prerendered login page', () => {
  it('is served for /login, with or without a query, never cached without revalidation', async () => {
    for (const url of ['/login', '/login?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Acesso ao Sistema');
    }
  });

  it('is not served for the other routes, which get the empty SPA page', async () => {
    for (const url of ['/', '/beneficiarios', '/login/outra']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Acesso ao Sistema');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});
