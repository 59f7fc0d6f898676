import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { measureFirstLoad, type BundleFigure } from './bundles';

/** `npm run bench`: measures, prints a table and writes bench/results/latest.json. Needs `npm run build`. */
async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const bundles: BundleFigure[] = [
      { page: '/login', budgetKB: 200, ...(await measureFirstLoad(browser, `${server.baseUrl}/login`)) },
      { page: '/checkout', budgetKB: 190, ...(await measureFirstLoad(browser, `${server.baseUrl}/checkout?rev=1`)) },
    ];
    console.table(
      bundles.map((figure) => ({ ...figure, withinBudget: figure.budgetKB === undefined || figure.gzipKB <= figure.budgetKB })),
    );
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      bundles,
    };
    mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    writeFileSync(path.join(__dirname, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
