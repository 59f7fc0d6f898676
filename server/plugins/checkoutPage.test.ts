import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_SETTINGS_ELEMENT_ID, type CheckoutConfig } from '../../src/domain/checkout';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import * as checkoutConfigModule from '../services/payments/checkoutConfig';
import { createTestApp } from '../test/helpers';
import { setParameters as setParametersOf } from '../test/payments';
import { preferredEncoding } from './checkoutPage';

/** /checkout served from a build's checkout.html with the public settings written in (checkoutPage.ts). */
let app: FastifyInstance;
let staticDir: string;
const PAGE_BODY = '<div id="root" inert><h1>Checkout de Pagamento</h1></div>';

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'portal-checkout-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal Saúde</title><div id="root"></div>');
  writeFileSync(
    path.join(staticDir, 'checkout.html'),
    `<!doctype html><html><head><title>Checkout de Pagamento</title></head><body>${PAGE_BODY}</body></html>`,
  );
  app = await createTestApp({ config: { staticDir, customerSiteUrl: 'https://cliente.exemplo.com.br' } });
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});
afterEach(() => jest.restoreAllMocks());

const setParameters = (values: Record<string, string>) => setParametersOf(app.db, values);
const setCompanyName = (name: string) => setParameters({ [PARAMETER_NAMES.companyName]: name });

const BLOCK = new RegExp(`<script type="application/json" id="${CHECKOUT_SETTINGS_ELEMENT_ID}">(.*?)</script>`);

/** The settings the page carries, as the browser's JSON.parse reads them; undefined without the block. */
function settingsOf(page: string): CheckoutConfig | undefined {
  const match = BLOCK.exec(page);
  return match ? (JSON.parse(match[1]) as CheckoutConfig) : undefined;
}

const getPage = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/checkout?rev=12', headers });

describe('the checkout page', () => {
  it('carries the public settings in a JSON block before </head>, the prerendered page kept', async () => {
    await setParameters({
      [PARAMETER_NAMES.companyName]: 'Saúde Já Ltda.',
      [PARAMETER_NAMES.supportEmail]: 'suporte@exemplo.com.br',
      [PARAMETER_NAMES.supportPhone]: '(11) 4002-8922',
      [PARAMETER_NAMES.privacyPolicyUrl]: '',
      [PARAMETER_NAMES.customerSiteUrl]: '',
    });
    const response = await getPage({ 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(settingsOf(response.body)).toEqual({
      customerSiteUrl: 'https://cliente.exemplo.com.br',
      supportEmail: 'suporte@exemplo.com.br',
      supportPhone: '(11) 4002-8922',
      companyName: 'Saúde Já Ltda.',
      privacyPolicyUrl: null,
    });
    expect(response.body.indexOf(CHECKOUT_SETTINGS_ELEMENT_ID)).toBeLessThan(response.body.indexOf('</head>'));
    expect(response.body).toContain(PAGE_BODY);
  });

  it('writes a name that would close the block as data: the page runs no script of it', async () => {
    const name = '</script><script>alert(1)</script><!-- & "aspas"';
    await setCompanyName(name);
    const { body } = await getPage({ 'accept-encoding': 'identity' });
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    // No '<' nor '>' in the block's text: nothing in it can close the block or open a comment.
    expect(BLOCK.exec(body)![1]).not.toMatch(/[<>]/);
    expect(settingsOf(body)?.companyName).toBe(name);
  });

  it('shows a settings change on the next load, with a new ETag; the same settings answer 304 to their ETag', async () => {
    await setCompanyName('Primeiro Nome');
    const first = await getPage();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await getPage({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await setCompanyName('Segundo Nome');
    const changed = await getPage({ 'if-none-match': etag, 'accept-encoding': 'identity' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(settingsOf(changed.body)?.companyName).toBe('Segundo Nome');
  });

  it('is sent in brotli or gzip as the browser accepts, the same page either way', async () => {
    await setCompanyName('Saúde Comprimida');
    const plain = (await getPage({ 'accept-encoding': 'identity' })).body;
    const brotli = await getPage({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await getPage({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
    expect(brotli.rawPayload.length).toBeLessThan(plain.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/checkout' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('is served without the block when the settings cannot be read: the page asks for them itself', async () => {
    jest.spyOn(checkoutConfigModule, 'checkoutConfig').mockRejectedValueOnce(new Error('banco fora do ar'));
    const response = await getPage({ 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(settingsOf(response.body)).toBeUndefined();
    expect(response.body).toContain(PAGE_BODY);
  });
});

describe('the encoding a browser prefers', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0, br;q=0.0', 'identity'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
    ['', 'identity'],
  ])('%s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
