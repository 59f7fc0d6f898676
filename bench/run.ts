import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startServer, type RunningServer } from '../e2e/support/server';
import { PGLITE_ONLY, pgliteRunDir } from './api/data';
import { PAGE_LOADS } from './budgets';
import { measureFirstLoad, type BundleFigure } from './bundles';
import { LIGHTHOUSE_TARGETS, runLighthouse } from './pages/lighthouse';
import { LIST_TARGETS, measureLists } from './pages/lists';
import { restoreSession, signInByApi } from './pages/session';
import { runScaleBenchmark } from './scale';
import { measureStalls, STALL_TIMEOUT_MS } from './stalls';

/**
 * `npm run bench` (after `npm run build`): measures, prints a table per section and writes
 * bench/results/latest.json. `-- --only lighthouse,lists` or `-- --skip api` choose sections.
 * Bundles and Lighthouse run on the demo data, the lists and the API at the large size, the scale
 * section on PostgreSQL at the large and the xl size.
 */
const SECTIONS = ['bundles', 'lighthouse', 'lists', 'api', 'scale', 'stalls'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(argv: string[]): Section[] {
  const listAfter = (flag: string) => {
    const index = argv.indexOf(flag);
    const value = index >= 0 ? argv[index + 1] : argv.find((argument) => argument.startsWith(`${flag}=`))?.slice(flag.length + 1);
    return value?.split(',').map((name) => name.trim());
  };
  const only = listAfter('--only');
  const skip = listAfter('--skip') ?? [];
  for (const name of [...(only ?? []), ...skip]) {
    if (!SECTIONS.includes(name as Section)) throw new Error(`unknown section '${name}' (sections: ${SECTIONS.join(', ')})`);
  }
  return SECTIONS.filter((section) => (!only || only.includes(section)) && !skip.includes(section));
}

const BUDGETS = new Map(PAGE_LOADS.map((load) => [load.page, load.budgetKB]));

async function bundleSection(browser: Browser, server: RunningServer): Promise<BundleFigure[]> {
  const session = await signInByApi(server.baseUrl);
  const pages: Array<{ page: string; url: string; signedIn?: boolean }> = [
    { page: '/login', url: '/login' },
    { page: '/beneficiarios (signed in)', url: '/beneficiarios', signedIn: true },
    { page: '/checkout', url: '/checkout?rev=1' },
  ];
  const figures: BundleFigure[] = [];
  for (const { page, url, signedIn } of pages) {
    const measured = await measureFirstLoad(
      browser,
      `${server.baseUrl}${url}`,
      signedIn ? (tab) => restoreSession(tab, session) : undefined,
    );
    const budgetKB = BUDGETS.get(page);
    figures.push({ page, ...measured, budgetKB, withinBudget: budgetKB === undefined ? undefined : measured.gzipKB <= budgetKB });
  }
  console.log('\nBundles: gzipped JavaScript of the first load');
  console.table(figures);
  return figures;
}

async function lighthouseSection(server: RunningServer) {
  const figures = await runLighthouse(server.baseUrl, ['/login', '/checkout?rev=1']);
  const { performance, performanceGoal, tbtMs, cls } = LIGHTHOUSE_TARGETS;
  console.log(
    `\nLighthouse, mobile, median of 3 (targets: performance ≥ ${performance} (goal ${performanceGoal}), TBT ≤ ${tbtMs} ms, CLS ≤ ${cls})`,
  );
  console.table(figures);
  return figures;
}

/** The lists at the large size: a copy of the seeded PGlite folder bench/api/data.ts keeps (seeded once, minutes). */
async function listSection(browser: Browser) {
  const onDemo = process.env.BENCH_LISTS_DATA === 'demo';
  const data = onDemo ? undefined : pgliteRunDir();
  const dataset = onDemo ? 'demo (BENCH_LISTS_DATA=demo: not the large size)' : 'large';
  try {
    const server = await startServer(data ? { ...PGLITE_ONLY, DATA_DIR: data.dataDir, DEMO_SEED: 'false' } : PGLITE_ONLY);
    try {
      const figures = await measureLists(browser, server.baseUrl, dataset);
      console.log(
        `\nLists in Chromium, median of 3 (targets: first rows ≤ ${LIST_TARGETS.firstRowsMs} ms, filter ≤ ${LIST_TARGETS.filterMs} ms), data: ${dataset}`,
      );
      console.table(figures);
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    data?.dispose();
  }
}

/** The API half (bench/api.ts) runs its own servers and prints its own tables; absent, the run says so. */
async function apiSection() {
  const apiModule = path.join(__dirname, 'api.ts');
  if (!existsSync(apiModule)) {
    console.log('\nAPI: bench/api.ts is missing, so the API benchmarks were not run.');
    return { notRun: 'bench/api.ts is missing' };
  }
  const { runApiBenchmarks } = (await import(pathToFileURL(apiModule).href)) as {
    runApiBenchmarks: (options: Record<string, unknown>) => Promise<unknown>;
  };
  // It prints its own tables.
  return runApiBenchmarks({});
}

async function stallSection() {
  const figures = await measureStalls();
  console.log(`\nAPI while an upstream stalls (target: every quick call under the ${STALL_TIMEOUT_MS} ms upstream timeout)`);
  console.table(figures);
  return figures;
}

const RESULTS_FILE = path.join(__dirname, 'results', 'latest.json');

interface SectionResult {
  measuredAt: string;
  /** Other work on the machine skews every figure: the 1-minute load average when the section started. */
  loadAverage: number;
  figures: unknown;
}

/** A partial run (--only/--skip) keeps the other sections' latest figures in the file. */
function previousSections(): Partial<Record<Section, SectionResult>> {
  if (!existsSync(RESULTS_FILE)) return {};
  try {
    return (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { sections?: Partial<Record<Section, SectionResult>> }).sections ?? {};
  } catch {
    return {};
  }
}

async function main() {
  const sections = chosenSections(process.argv.slice(2));
  const results = {
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    build: path.resolve(process.env.STATIC_DIR || path.join(__dirname, '..', 'dist')),
    sections: previousSections(),
  };
  const run = async (section: Section, measure: () => Promise<unknown>) => {
    if (!sections.includes(section)) return;
    const started = { measuredAt: new Date().toISOString(), loadAverage: Math.round(os.loadavg()[0] * 100) / 100 };
    results.sections[section] = { ...started, figures: await measure() };
  };

  const needsBrowser = sections.includes('bundles') || sections.includes('lists');
  const needsDemoServer = sections.includes('bundles') || sections.includes('lighthouse');
  const browser = needsBrowser ? await launchBrowser() : undefined;
  try {
    const server = needsDemoServer ? await startServer(PGLITE_ONLY) : undefined;
    try {
      await run('bundles', () => bundleSection(browser!, server!));
      await run('lighthouse', () => lighthouseSection(server!));
    } finally {
      await server?.stop();
    }
    await run('lists', () => listSection(browser!));
  } finally {
    await browser?.close();
  }
  await run('api', apiSection);
  // PostgreSQL only (skipped without DATABASE_URL); prints its own table.
  await run('scale', () => runScaleBenchmark());
  await run('stalls', stallSection);

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to bench/results/latest.json (measured now: ${sections.join(', ')}).`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
