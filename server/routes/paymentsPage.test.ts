import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';

/** The checkout has a page of its own in the build; every other page is the SPA's index.html. */
let app: FastifyInstance;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal Saúde</title>');
  writeFileSync(path.join(staticDir, 'checkout.html'), '<!doctype html><title>Checkout de Pagamento</title>');
  app = await createTestApp({ config: { staticDir } });
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('GET /checkout', () => {
  it('serves the checkout’s own page, with the sales link’s query, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/checkout?rev=12' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Checkout de Pagamento');
  });

  it('leaves every other page to the SPA', async () => {
    for (const url of ['/login', '/beneficiarios', '/checkout/outra']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Portal Saúde');
    }
  });
});
