import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saoPauloToday } from '../../src/domain/calendar';

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** The server's process, for tests that signal it themselves. */
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The environment every test server runs with; a test's own `env` adds to it or overrides it. */
function serverEnv(port: number, dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    // Browser tests never reach the real ViaCEP; those about the CEP start a fake and say where.
    CEP_PROVIDER: 'off',
    ...env,
  };
}

/** Starts `server/main.ts` and waits until it answers; a server that does not is killed. */
async function spawnServer(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Two minutes: on a loaded 2-core machine the seeded server took over a minute to start.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { child, port, baseUrl };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // A server still starting would outlive the test run that gave up on it.
      child.kill('SIGKILL');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const TEMPLATE_PREFIX = 'portal-e2e-template-';

/**
 * A database folder with the migrations and the demo data, made once per test run (every test file
 * of `npm run test:e2e` is a child of the same runner) and copied for each server: seeding took
 * most of a server's start. A run's template is named by the runner's pid and the day the data is
 * seeded for; templates of runs over six hours old are removed.
 */
async function seededTemplate(): Promise<string> {
  // The demo data is dated from São Paulo's today: a run that crosses its midnight seeds again.
  const day = saoPauloToday();
  const template = path.join(tmpdir(), `${TEMPLATE_PREFIX}${process.ppid}-${day}`);
  if (existsSync(template)) return template;
  for (const entry of readdirSync(tmpdir())) {
    const old = path.join(tmpdir(), entry);
    if (entry.startsWith(TEMPLATE_PREFIX) && Date.now() - statSync(old).mtimeMs > 6 * 3600_000)
      rmSync(old, { recursive: true, force: true });
  }
  const building = mkdtempSync(path.join(tmpdir(), 'portal-e2e-seeding-'));
  try {
    const { child } = await spawnServer(building, {});
    await stopServer(child);
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/**
 * The real server on a free port over a fresh copy of the seeded PGlite folder, serving the built
 * app from dist/ (run `npm run build` first).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(await seededTemplate(), dataDir, { recursive: true });
  let started: Awaited<ReturnType<typeof spawnServer>>;
  try {
    started = await spawnServer(dataDir, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { child, port, baseUrl } = started;
  return {
    baseUrl,
    port,
    child,
    stop: async () => {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
