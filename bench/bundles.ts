import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

// The build the server under test serves (STATIC_DIR, as in e2e/support/server.ts), dist/ by default.
const DIST = path.resolve(process.env.STATIC_DIR || path.join(__dirname, '..', 'dist'));

export interface BundleFigure {
  page: string;
  files: number;
  gzipKB: number;
  budgetKB?: number;
  withinBudget?: boolean;
}

/** Gzipped size of a built file: its precompressed .gz twin (small files are left uncompressed). */
function gzippedSize(urlPath: string): number {
  const file = path.join(DIST, urlPath);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0;
}

/** Opens a page in Chromium and adds up the gzipped JavaScript it loads before it is idle. */
export async function measureFirstLoad(browser: Browser, url: string, prepare?: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (prepare) await prepare(page);
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const bytes = [...scripts].reduce((total, script) => total + gzippedSize(script), 0);
  return { files: scripts.size, gzipKB: Math.round((bytes / 1024) * 10) / 10 };
}
