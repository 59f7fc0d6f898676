import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchPageErrors } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Swagger UI at /api/docs under the portal's CSP: its own files, no inline script; only the Trusted
 * Types rule is dropped for it (server/plugins/apiDocs.ts), without which it renders nothing.
 */
describe('the API reference in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every tag and opens an operation, with no CSP refusal', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.locator('.opblock').first().waitFor();
    assert.ok((await page.locator('.opblock-tag').count()) >= 10);
    await page.locator('.opblock-summary', { hasText: '/api/health' }).click();
    await page.getByRole('button', { name: 'Try it out' }).waitFor();
    assert.deepEqual(errors, []);
  });
});
