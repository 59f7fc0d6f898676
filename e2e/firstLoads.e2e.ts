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
});
