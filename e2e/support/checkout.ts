import type { Page } from 'playwright-core';

/**
 * Opens the checkout at `url` and waits for the app to take over its prerendered copy, which is inert
 * (and then replaced) until it does: act, measure or press keys only then.
 */
export async function openCheckout(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
}
