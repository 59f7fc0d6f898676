import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { cpfCheckDigits, formatCpf } from '../src/domain/documents';
import { DEMO_PASSWORD } from '../server/seed/accounts';
import { PGLITE_ONLY, pgliteRunDir, postgresBenchUrl } from './api/data';
import { measure, type EndpointFigure, type EndpointSpec } from './api/measure';

/**
 * The API benchmarks of issue 8: the production server (NODE_ENV=production, no demo seed) on the
 * large seed, PGlite always and PostgreSQL when DATABASE_URL is set; autocannon with 10 connections
 * for 10 s per endpoint after a warm-up. `npx tsx bench/api.ts` runs it alone; bench/run.ts calls
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
  /**
   * 'on' as deployed; 'off' with AUTH_CACHE_TTL_MS and READ_CACHE_TTL_MS at 0, so every request runs
   * its queries. The load repeats one URL per endpoint, so with the caches on reads are mostly hits.
   */
  readCaches: 'on' | 'off';
  endpoints: Array<EndpointFigure & { ratioToMinimal: number }>;
  /** Resident memory of the server process, MB. */
  memory: { afterStartMb: number; afterBenchmarkMb: number };
  load: { before: number[]; after: number[] };
}

export const API_TARGETS = {
  pglite: { readP95Ms: 50, readRps: 1000 },
  postgres: { readP95Ms: 20 },
  readRatioToMinimal: 0.5,
  loginP95Ms: 100,
};

const ROOT = path.join(__dirname, '..');
const JWT_SECRET = 'bench-only-secret-with-more-than-32-characters';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const residentMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/api/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      STATIC_DIR: path.join(ROOT, 'bench', 'no-static'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('bench server ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function json<T>(baseUrl: string, pathName: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(baseUrl + pathName, init);
  if (!response.ok) throw new Error(`${pathName} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const login = { email: 'admin@demo.com.br', senha: DEMO_PASSWORD, userType: 'ADMINISTRADOR' };

/** The endpoints measured; ids and dates come from the seeded data, so filters match rows. */
async function endpointSpecs(baseUrl: string, token: string): Promise<EndpointSpec[]> {
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const partners = await json<Array<{ id: number }>>(baseUrl, '/api/partners?page=1&pageSize=1', auth);
  const today = new Date().toISOString().slice(0, 10);
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  // Milliseconds, not seconds: the caches-off pass and later runs on the same database start past
  // the CPFs an earlier pass created (thousands), so no create fails as a duplicate.
  let cpfSeed = Date.now() % 90_000_000;
  const freshCpf = () => {
    const base = String(900_000_000 + (cpfSeed++ % 99_999_999));
    return formatCpf(base + cpfCheckDigits(base));
  };
  return [
    { name: 'minimal route (pk select)', kind: 'baseline', method: 'GET', path: '/bench/minimal?id=4242', anonymous: true },
    { name: 'beneficiaries, first page', kind: 'read', method: 'GET', path: '/api/beneficiaries?page=1&pageSize=10' },
    { name: 'beneficiaries, name filter', kind: 'read', method: 'GET', path: '/api/beneficiaries?page=1&pageSize=10&name=Helena%20Dias' },
    { name: 'professionals, first page', kind: 'read', method: 'GET', path: '/api/professionals?page=1&pageSize=10' },
    { name: 'professionals, name filter', kind: 'read', method: 'GET', path: '/api/professionals?page=1&pageSize=10&nome=Silva' },
    { name: 'appointments, first page', kind: 'read', method: 'GET', path: '/api/appointments?page=1&pageSize=10' },
    {
      name: 'appointments, status+dates',
      kind: 'read',
      method: 'GET',
      path: `/api/appointments?page=1&pageSize=10&status=SCHEDULED&dataInicial=${today}&dataFinal=${nextWeek}`,
    },
    { name: 'resellers, first page', kind: 'read', method: 'GET', path: '/api/resellers?page=1&pageSize=10' },
    { name: 'resellers, name filter', kind: 'read', method: 'GET', path: '/api/resellers?page=1&pageSize=10&nome=Silva' },
    { name: 'sales report', kind: 'read', method: 'GET', path: '/api/reports/sales?page=1&pageSize=10' },
    {
      name: 'sales report, partner+month',
      kind: 'read',
      method: 'GET',
      path: `/api/reports/sales?page=1&pageSize=10&partner=${partners[0]?.id ?? 1}&month=${month}`,
    },
    { name: 'login', kind: 'login', method: 'POST', path: '/api/auth/login', body: login, anonymous: true },
    {
      name: 'beneficiary create',
      kind: 'write',
      method: 'POST',
      path: '/api/beneficiaries',
      body: () => ({
        name: 'Beneficiária Benchmark',
        cpf: freshCpf(),
        birthday: '1988-04-12',
        beneficiaryType: 'titular',
        holder: '',
        phone: '(11) 98765-4321',
        email: 'bench@exemplo.com.br',
        zipCode: '01310-100',
        address: 'Avenida Paulista, 1000',
        city: 'São Paulo',
        state: 'SP',
        paymentType: 'S',
        serviceType: 'GP',
        general: '',
      }),
    },
  ];
}

type RunSettings = Required<Omit<ApiBenchmarkOptions, 'databaseUrl' | 'serverEnv'>>;

const CACHES_OFF = { AUTH_CACHE_TTL_MS: '0', READ_CACHE_TTL_MS: '0' };

async function benchmarkDatabase(
  database: DatabaseFigures['database'],
  readCaches: DatabaseFigures['readCaches'],
  env: Record<string, string>,
  options: RunSettings,
): Promise<DatabaseFigures> {
  const loadBefore = loadAverage();
  const { child, baseUrl } = await startServer(readCaches === 'off' ? { ...env, ...CACHES_OFF } : env);
  try {
    const afterStartMb = residentMb(child.pid!);
    const { token } = await json<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const specs = await endpointSpecs(baseUrl, token);
    const figures: EndpointFigure[] = [];
    for (const spec of specs) {
      await measure(baseUrl, spec, { token, connections: options.connections, seconds: options.warmupSeconds });
      const figure = await measure(baseUrl, spec, { token, connections: options.connections, seconds: options.seconds });
      console.log(`  [${database}, caches ${readCaches}] ${figure.name}: ${figure.requestsPerSecond} req/s, p95 ${figure.p95} ms`);
      figures.push(figure);
    }
    const baseline = figures.find((figure) => figure.kind === 'baseline')!.requestsPerSecond;
    return {
      database,
      readCaches,
      endpoints: figures.map((figure) => ({ ...figure, ratioToMinimal: Math.round((figure.requestsPerSecond / baseline) * 100) / 100 })),
      memory: { afterStartMb, afterBenchmarkMb: residentMb(child.pid!) },
      load: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Whether a figure meets its issue-8 target ('' when it has none). */
export function verdict(database: DatabaseFigures['database'], figure: DatabaseFigures['endpoints'][number]): string {
  const checks: boolean[] = [];
  if (figure.kind === 'read') {
    checks.push(figure.ratioToMinimal >= API_TARGETS.readRatioToMinimal);
    if (database === 'pglite')
      checks.push(figure.p95 <= API_TARGETS.pglite.readP95Ms, figure.requestsPerSecond >= API_TARGETS.pglite.readRps);
    else checks.push(figure.p95 <= API_TARGETS.postgres.readP95Ms);
  }
  if (figure.kind === 'login') checks.push(figure.p95 <= API_TARGETS.loginP95Ms);
  if (!checks.length) return '';
  return checks.every(Boolean) ? 'met' : 'MISSED';
}

export function printApiTable(results: DatabaseFigures[]): void {
  for (const result of results) {
    console.log(
      `\nAPI on ${result.database}, read caches ${result.readCaches} (RSS ${result.memory.afterStartMb} MB after start, ${result.memory.afterBenchmarkMb} MB after; load ${result.load.before.join(' ')} → ${result.load.after.join(' ')})`,
    );
    console.table(
      result.endpoints.map((figure) => ({
        endpoint: figure.name,
        'req/s': figure.requestsPerSecond,
        'p50 ms': figure.p50,
        'p95 ms': figure.p95,
        'p99 ms': figure.p99,
        'x minimal': figure.ratioToMinimal,
        failures: figure.failures,
        target: verdict(result.database, figure),
      })),
    );
  }
}

/** Both passes on one database: caches on (as deployed), then off for what the queries cost (shorter). */
async function benchmarkBothWays(database: DatabaseFigures['database'], env: Record<string, string>, settings: RunSettings) {
  const uncached = { ...settings, seconds: Math.max(1, Math.round(settings.seconds / 2)) };
  return [await benchmarkDatabase(database, 'on', env, settings), await benchmarkDatabase(database, 'off', env, uncached)];
}

export async function runApiBenchmarks(options: ApiBenchmarkOptions = {}): Promise<DatabaseFigures[]> {
  const settings = { connections: options.connections ?? 10, seconds: options.seconds ?? 10, warmupSeconds: options.warmupSeconds ?? 3 };
  const results: DatabaseFigures[] = [];
  const pglite = pgliteRunDir();
  try {
    results.push(...(await benchmarkBothWays('pglite', { ...PGLITE_ONLY, DATA_DIR: pglite.dataDir, ...options.serverEnv }, settings)));
  } finally {
    pglite.dispose();
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const url = await postgresBenchUrl(databaseUrl);
    results.push(...(await benchmarkBothWays('postgres', { DATABASE_URL: url, ...options.serverEnv }, settings)));
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
