import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_LOADS } from '../bench/budgets';
import { measureFirstLoad } from '../bench/bundles';
import { usePortal } from './support/portal';

/**
 * The build fails when a page's first-load JavaScript, as webpack's chunk graph counts it, exceeds
 * its budget (bench/budgets.ts); the browser may still download more (a preload written into the
 * page, an import started at start-up). Here the browser's own download is held to the same budgets.
 */
const OPENED_AT: Record<string, string> = { '/login': '/login', '/checkout': '/checkout?rev=1' };

describe('first loads in the browser', () => {
  const portal = usePortal();

  for (const { page, budgetKB } of PAGE_LOADS.filter((load) => load.budgetKB !== undefined)) {
    it(`${page} downloads at most its budget of ${budgetKB} KB of gzipped JavaScript`, async () => {
      const url = OPENED_AT[page];
      assert.ok(url, `${page} has a budget but no address to open here`);
      const { gzipKB, files } = await measureFirstLoad(portal.browser, `${portal.baseUrl}${url}`);
      assert.ok(gzipKB <= budgetKB!, `${page}: ${gzipKB} KB in ${files} files, budget ${budgetKB} KB`);
    });
  }

  it("draws a list screen opened signed in with its rows at once, from the start-up's one request", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    // Before the page's own scripts: notes whether the list's table is ever drawn busy (its skeleton).
    await page.addInitScript(() => {
      const seen = window as { skeletonShown?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('table[aria-busy="true"]')) seen.skeletonShown = true;
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/beneficiaries') listCalls.push(request.url());
    });
    await page.goto(`${portal.baseUrl}/beneficiarios`);
    await page.locator('table[aria-busy="false"] tbody tr').first().waitFor();
    assert.equal(await page.evaluate(() => (window as { skeletonShown?: boolean }).skeletonShown ?? false), false);
    assert.equal(listCalls.length, 1, listCalls.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
