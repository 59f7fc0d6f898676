import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES, SYNC_COMPRESSION_MAX_BYTES } from './compression';

let app: FastifyInstance;
let token: string;
let staticDir: string;
const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const bundleBrotli = brotliCompressSync(bundle);

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'compression-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(staticDir, 'main.0123456789abcdef.js'), bundle);
  writeFileSync(path.join(staticDir, 'main.0123456789abcdef.js.br'), bundleBrotli);
  app = await createTestApp({ seed: true, config: { staticDir } });
  token = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const list = (encoding?: string) =>
  injectAs(app, token, {
    method: 'GET',
    url: '/api/beneficiaries?page=1&pageSize=50',
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('compression of answers', () => {
  it('compresses a JSON answer over 1 KB with brotli or gzip, as Accept-Encoding allows', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await list('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    // The total still travels in its header.
    expect(brotli.headers['x-total-count']).toBe(plain.headers['x-total-count']);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a page of up to 64 KB compressed whole, with its length, not streamed in chunks', async () => {
    const plain = await list();
    // Above the 8 KB the plugin would stream on two cores.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(SYNC_COMPRESSION_MAX_BYTES);
    const brotli = await list('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['transfer-encoding']).toBeUndefined();
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
  });

  it('compresses answers with brotli at its fastest quality, the one the server spends least on', async () => {
    const plain = await list();
    const brotli = await list('br');
    const atQuality = (quality: number) => brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    expect(BROTLI_QUALITY).toBe(1);
    expect(Buffer.compare(brotli.rawPayload, atQuality(BROTLI_QUALITY))).toBe(0);
    // The plugin's default, 4, would give other bytes.
    expect(Buffer.compare(brotli.rawPayload, atQuality(4))).not.toBe(0);
  });

  it('leaves small answers as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('serves a precompressed asset as built, without compressing it twice', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123456789abcdef.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(response.rawPayload, bundleBrotli)).toBe(0);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(bundle);
  });

  it('streams CSV exports through the compressor, whole and with their BOM', async () => {
    const request = { method: 'GET' as const, url: '/api/beneficiaries/export' };
    const plain = await injectAs(app, token, request);
    const compressed = await injectAs(app, token, { ...request, headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-type']).toMatch(/text\/csv/);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const csv = gunzipSync(compressed.rawPayload).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe(plain.body);
  });
});
