import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { LOGIN, type SeededValues } from './endpoints';

/**
 * The measured server's process (bench/api/server.ts: the production server plus the ceiling's
 * route), started on a free port with the given environment, and the calls a benchmark makes
 * before its load: signing in, and the values its random filters draw from.
 */
const ROOT = path.join(__dirname, '..', '..');
/** Where `npm run build` compiles the server. */
export const COMPILED_SERVER = path.join(ROOT, 'dist-server');

/** The newest change to the server's own code (tests aside), in ms since the epoch. */
function newestServerSource(folder = path.join(ROOT, 'server')): number {
  return Math.max(
    0,
    ...readdirSync(folder, { withFileTypes: true }).map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return newestServerSource(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? statSync(full).mtimeMs : 0;
    }),
  );
}

/**
 * The server measured is the compiled one production runs (`npm run build` → dist-server/, plain
 * node), not tsx's compilation on the fly, whose loader and kept sources cost ~45 MB of memory
 * (130 MB resident after start compiled, 175 MB under tsx, on PostgreSQL). bench/api/server.ts is
 * transpiled next to the compiled server, so its `../../server/app` is the compiled app.
 */
function compiledBenchServer(compiled: string): string {
  const app = path.join(compiled, 'server', 'app.js');
  if (!existsSync(app)) throw new Error(`${compiled} is missing: run \`npm run build\` before the benchmark`);
  // Another compiled tree (bench/sideBySide.ts: an earlier commit's) is as old as its commit.
  if (compiled === COMPILED_SERVER && newestServerSource() > statSync(app).mtimeMs) {
    throw new Error('dist-server/ is older than server/: run `npm run build` before the benchmark');
  }
  const source = readFileSync(path.join(ROOT, 'bench', 'api', 'server.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const file = path.join(compiled, 'bench', 'api', 'server.js');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, outputText);
  return file;
}
const JWT_SECRET = 'bench-only-secret-with-more-than-32-characters';

/** Every request runs its queries, a large list's estimated total included: the headline pass of issue 20. */
export const CACHES_OFF = { AUTH_CACHE_TTL_MS: '0', COUNT_ESTIMATE_TTL_MS: '0' };

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

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * `nodeOptions`: Node's own flags for the server (bench/profile.ts: `--cpu-prof`, which NODE_OPTIONS
 * refuses); `compiled`: the compiled server to run, inside this checkout (its packages are ours).
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeOptions: string[] = [],
  compiled = COMPILED_SERVER,
): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, compiledBenchServer(compiled)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET,
      // Production requires both named; the benchmark measures the portal, not the upstream services.
      PAYMENT_GATEWAY: 'sandbox',
      TELEMEDICINE_PROVIDER: 'local',
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
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { child, baseUrl: `http://127.0.0.1:${port}`, stop };
}

export async function json<T>(baseUrl: string, pathName: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(baseUrl + pathName, init);
  if (!response.ok) throw new Error(`${pathName} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The administrator's token (the widest scope). */
export async function signInAsAdministrator(baseUrl: string): Promise<string> {
  const { token } = await json<{ token: string }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  return token;
}

/** What the random filters draw from: the report's channel choices and the holders' total. */
export async function seededValues(baseUrl: string, token: string): Promise<SeededValues> {
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const options = await json<{ resellers: SeededValues['resellers'] }>(baseUrl, '/api/reports/sales/filters', auth);
  const response = await fetch(`${baseUrl}/api/beneficiaries?page=1&pageSize=10`, auth);
  return { resellers: options.resellers, holderTotal: Number(response.headers.get('x-total-count')) };
}
