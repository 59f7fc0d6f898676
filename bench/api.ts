import { CACHES_OFF, loadAverage, seededValues, signInAsAdministrator, startBenchServer } from './api/benchServer';
import { PGLITE_ONLY, pgliteRunDir, postgresRunUrl } from './api/data';
import { endpointSpecs } from './api/endpoints';
import { EXPORT_TARGETS, measureExport, residentMb, type ExportFigure } from './api/exportRate';
import { postgresCpuMs, processCpuMs } from './api/cpuTime';
import { measure, type EndpointFigure, type EndpointSpec } from './api/measure';
import { describeMemory, memoryParts, type MemoryParts } from './api/memoryParts';

/**
 * The API benchmarks (issues 8 and 20): the production server (NODE_ENV=production, no demo seed)
 * on the large seed, PGlite always and PostgreSQL when DATABASE_URL is set; autocannon with 10
 * connections per endpoint after a warm-up, each request a random page or filter (bench/api/endpoints.ts).
 * Lists and reports are never cached by the server; the account cache is off too (CACHES_OFF), so
 * every request reads everything it needs. `npx tsx bench/api.ts` runs it alone; bench/run.ts calls
 * runApiBenchmarks.
 */
export interface ApiBenchmarkOptions {
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** Defaults to process.env.DATABASE_URL; PostgreSQL is measured only when set. */
  databaseUrl?: string;
  /** Extra environment for the server (e.g. PGLITE_* memory settings). */
  serverEnv?: Record<string, string>;
}

export interface DatabaseFigures {
  database: 'pglite' | 'postgres';
  endpoints: Array<EndpointFigure & { ratioToMinimal: number; cpuMsPerRequest: CpuPerRequest }>;
  /** The sales CSV of every sale. */
  export: ExportFigure;
  /** Resident memory of the server process, MB; where it goes after the load (bench/api/server.ts). */
  memory: { afterStartMb: number; afterBenchmarkMb: number; partsAfterBenchmark: MemoryParts };
  load: { before: number[]; after: number[] };
}

/** Issue 20: reads at half the ceiling or more on both databases, p95 ≤ 25 ms on PostgreSQL; memory after the load. */
export const API_TARGETS = {
  postgres: { readP95Ms: 25, memoryAfterMb: 250 },
  pglite: { memoryAfterMb: 400 },
  readRatioToMinimal: 0.5,
  loginP95Ms: 100,
};

/**
 * CPU ms a request cost during the measured run: the server's process and, on PostgreSQL, the
 * database's processes on this machine (PGlite runs inside the server). Steadier than req/s when the
 * machine's speed drifts (bench/api/cpuTime.ts).
 */
export interface CpuPerRequest {
  server: number;
  database?: number;
}

type RunSettings = Required<Omit<ApiBenchmarkOptions, 'databaseUrl' | 'serverEnv'>>;

/**
 * BENCH_API_ENDPOINTS='audit trail, user filter;resellers, name filter' measures those endpoints alone
 * (names from bench/api/endpoints.ts, `;` between them), the ceiling always: a change judged quickly.
 */
const chosenNames = process.env.BENCH_API_ENDPOINTS?.split(';').map((name) => name.trim());
const chosen = (spec: EndpointSpec) => !chosenNames || spec.kind === 'baseline' || chosenNames.includes(spec.name);

async function benchmarkDatabase(
  database: DatabaseFigures['database'],
  env: Record<string, string>,
  options: RunSettings,
): Promise<DatabaseFigures> {
  const loadBefore = loadAverage();
  const { child, baseUrl, stop } = await startBenchServer({ ...env, ...CACHES_OFF });
  try {
    const afterStartMb = residentMb(child.pid!);
    const token = await signInAsAdministrator(baseUrl);
    const specs = endpointSpecs(await seededValues(baseUrl, token)).filter(chosen);
    const figures: Array<EndpointFigure & { cpuMsPerRequest: CpuPerRequest }> = [];
    const databaseCpuMs = () => (database === 'postgres' ? postgresCpuMs() : 0);
    for (const spec of specs) {
      await measure(baseUrl, spec, { token, connections: options.connections, seconds: options.warmupSeconds });
      const [serverBefore, databaseBefore] = [processCpuMs(child.pid!), databaseCpuMs()];
      const figure = await measure(baseUrl, spec, { token, connections: options.connections, seconds: options.seconds });
      const perRequest = (ms: number) => Math.round((ms / Math.max(1, figure.requests)) * 100) / 100;
      const cpuMsPerRequest: CpuPerRequest = {
        server: perRequest(processCpuMs(child.pid!) - serverBefore),
        ...(database === 'postgres' ? { database: perRequest(databaseCpuMs() - databaseBefore) } : {}),
      };
      console.log(
        `  [${database}] ${figure.name}: ${figure.requestsPerSecond} req/s, p95 ${figure.p95} ms, CPU ms a request: server ${cpuMsPerRequest.server}${cpuMsPerRequest.database === undefined ? '' : `, database ${cpuMsPerRequest.database}`}; memory ${describeMemory(await memoryParts(baseUrl))}`,
      );
      figures.push({ ...figure, cpuMsPerRequest });
    }
    const baseline = figures.find((figure) => figure.kind === 'baseline')!.requestsPerSecond;
    const partsAfterBenchmark = await memoryParts(baseUrl);
    const exported = await measureExport(baseUrl, '/api/reports/sales/export', token, child.pid!);
    console.log(`  [${database}] sales CSV: ${exported.rows} rows in ${exported.seconds} s`);
    return {
      database,
      export: exported,
      endpoints: figures.map((figure) => ({ ...figure, ratioToMinimal: Math.round((figure.requestsPerSecond / baseline) * 100) / 100 })),
      memory: { afterStartMb, afterBenchmarkMb: residentMb(child.pid!), partsAfterBenchmark },
      load: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    await stop();
  }
}

/** Whether a figure meets its issue-20 target ('' when it has none). */
export function verdict(database: DatabaseFigures['database'], figure: DatabaseFigures['endpoints'][number]): string {
  const checks: boolean[] = [];
  if (figure.kind === 'read') {
    checks.push(figure.ratioToMinimal >= API_TARGETS.readRatioToMinimal);
    if (database === 'postgres') checks.push(figure.p95 <= API_TARGETS.postgres.readP95Ms);
  }
  if (figure.kind === 'login') checks.push(figure.p95 <= API_TARGETS.loginP95Ms);
  if (!checks.length) return '';
  return checks.every(Boolean) ? 'met' : 'MISSED';
}

/** One table per database. */
export function printApiTable(results: DatabaseFigures[]): void {
  for (const database of ['pglite', 'postgres'] as const) {
    const figures = results.find((result) => result.database === database);
    if (!figures) continue;
    const memoryTarget = API_TARGETS[database].memoryAfterMb;
    console.log(
      `\nAPI on ${database}, caches off, random pages and filters (RSS ${figures.memory.afterStartMb} MB after start, ${figures.memory.afterBenchmarkMb} MB after the load: target ≤ ${memoryTarget}; before the CSV ${describeMemory(figures.memory.partsAfterBenchmark)}; load ${figures.load.before.join(' ')} → ${figures.load.after.join(' ')})`,
    );
    console.table(
      figures.endpoints.map((figure) => ({
        endpoint: figure.name,
        'req/s': figure.requestsPerSecond,
        'p50 ms': figure.p50,
        'p95 ms': figure.p95,
        'p99 ms': figure.p99,
        'x ceiling': figure.ratioToMinimal,
        failures: figure.failures,
        target: verdict(database, figure),
        'cpu ms/req server': figure.cpuMsPerRequest.server,
        ...(figure.cpuMsPerRequest.database === undefined ? {} : { 'cpu ms/req db': figure.cpuMsPerRequest.database }),
      })),
    );
    const growth = figures.export.serverRssPeakMb - figures.export.serverRssBeforeMb;
    const met = figures.export.rowsPerSecond >= EXPORT_TARGETS.rowsPerSecond && growth < EXPORT_TARGETS.memoryGrowthMb;
    console.log(
      `Sales CSV on ${database}: ${figures.export.rows} rows in ${figures.export.seconds} s = ${figures.export.rowsPerSecond} rows/s, server RSS ${figures.export.serverRssBeforeMb} → peak ${figures.export.serverRssPeakMb} MB (+${growth}): ${met ? 'met' : 'MISSED'}`,
    );
  }
}

export async function runApiBenchmarks(options: ApiBenchmarkOptions = {}): Promise<DatabaseFigures[]> {
  const settings = { connections: options.connections ?? 10, seconds: options.seconds ?? 10, warmupSeconds: options.warmupSeconds ?? 3 };
  const results: DatabaseFigures[] = [];
  // BENCH_API_DATABASES=postgres measures PostgreSQL alone (a change to its queries, judged quickly).
  const databases = (process.env.BENCH_API_DATABASES || 'pglite,postgres').split(',');
  if (databases.includes('pglite')) {
    const pglite = pgliteRunDir();
    try {
      results.push(await benchmarkDatabase('pglite', { ...PGLITE_ONLY, DATA_DIR: pglite.dataDir, ...options.serverEnv }, settings));
    } finally {
      pglite.dispose();
    }
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl && databases.includes('postgres')) {
    const run = await postgresRunUrl(databaseUrl);
    try {
      results.push(await benchmarkDatabase('postgres', { DATABASE_URL: run.url, ...options.serverEnv }, settings));
    } finally {
      await run.dispose();
    }
  }
  printApiTable(results);
  return results;
}

if (require.main === module) {
  const seconds = Number(process.env.BENCH_API_SECONDS || 10);
  runApiBenchmarks({ seconds, warmupSeconds: Math.max(1, Math.round(seconds / 3)) }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
