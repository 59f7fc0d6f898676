import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';

/**
 * What deploy/ describes, on this machine: a private PostgreSQL database, two copies of the compiled
 * server (`node dist-server/server/main.js`, production mode) and Debian's nginx with
 * deploy/nginx/portal.conf, its upstream addresses filled in. Started once for the whole suite.
 */

export const ROOT = path.resolve(__dirname, '..', '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const ADMIN = { email: 'ti@portal.test', password: 'cavalo-grampo-bateria-7' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Copy {
  name: string;
  port: number;
  metricsPort: number;
  url: string;
  logFile: string;
  child: ChildProcess;
  /** Every log line the copy wrote so far, parsed. */
  logLines(): Array<Record<string, unknown>>;
  /** SIGTERM (or another signal), resolving with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`copy exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A copy's ports: chosen free on its first start, kept when it restarts (nginx knows it there). */
interface Ports {
  port: number;
  metricsPort: number;
}

async function startCopy(name: string, databaseUrl: string, workDir: string, ports?: Ports): Promise<Copy> {
  const { port, metricsPort } = ports ?? { port: await freePort(), metricsPort: await freePort() };
  const logFile = path.join(workDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['dist-server/server/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, name),
      STATIC_DIR: path.join(ROOT, 'dist'),
      JWT_SECRET: 'segredo-de-teste-com-mais-de-32-caracteres!!',
      PAYMENT_GATEWAY: 'sandbox',
      TELEMEDICINE_PROVIDER: 'local',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // nginx runs on this machine: only its address is a trusted proxy.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    metricsPort,
    url,
    logFile,
    child,
    logLines: () =>
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** deploy/nginx/portal.conf as the test runs it: the copies' addresses, a free port, the built app, files in `workDir`. */
function nginxConfig(copies: Copy[], port: number, workDir: string): string {
  let site = readFileSync(path.join(ROOT, 'deploy', 'nginx', 'portal.conf'), 'utf8')
    .replace(/server portal-1:3000/, `server 127.0.0.1:${copies[0].port}`)
    .replace(/server portal-2:3000/, `server 127.0.0.1:${copies[1].port}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /srv/portal/dist;', `root ${path.join(ROOT, 'dist')};`)
    .replace('/var/log/nginx/portal.access.log', path.join(workDir, 'nginx-access.log'));
  const brotli = existsSync(BROTLI_MODULE);
  if (!brotli) site = site.replace(/^\s*brotli_static on;\n/m, '');
  return [
    brotli ? `load_module ${BROTLI_MODULE};` : '',
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(workDir, 'nginx.pid')};`,
    `error_log ${path.join(workDir, 'nginx-error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(workDir, `${kind}-temp`)};`),
    site,
    '}',
  ].join('\n');
}

export interface Cluster {
  databaseUrl: string;
  copies: [Copy, Copy];
  /** Starts the copy again, on its ports, once it has stopped (a rolling upgrade's step); resolves when healthy. */
  restart(index: 0 | 1): Promise<Copy>;
  nginxUrl: string;
  workDir: string;
  brotli: boolean;
  stop(): Promise<void>;
}

/** Starts the database, both copies together on it (empty), and nginx in front of them. */
export async function startCluster(): Promise<Cluster> {
  const server = process.env.DATABASE_URL || process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `production_${Date.now().toString(36)}`;
  const databaseUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = new Pool({ connectionString: server, max: 1 });
  await admin.query(`create database ${name}`);
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(workDir, `${kind}-temp`));

  const copies = (await Promise.all([startCopy('copia-1', databaseUrl, workDir), startCopy('copia-2', databaseUrl, workDir)])) as [
    Copy,
    Copy,
  ];
  await Promise.all(copies.map((copy) => waitHealthy(copy.url, copy.child)));

  const nginxPort = await freePort();
  const configFile = path.join(workDir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig(copies, nginxPort, workDir));
  const check = spawnSync(NGINX, ['-t', '-c', configFile, '-p', workDir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const nginx = spawn(NGINX, ['-c', configFile, '-p', workDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await waitHealthy(nginxUrl, nginx, 10_000);

  return {
    databaseUrl,
    copies,
    nginxUrl,
    workDir,
    brotli: existsSync(BROTLI_MODULE),
    async restart(index) {
      const previous = copies[index];
      const copy = await startCopy(previous.name, databaseUrl, workDir, previous);
      await waitHealthy(copy.url, copy.child);
      copies[index] = copy;
      return copy;
    },
    async stop() {
      nginx.kill('SIGQUIT');
      await Promise.all(copies.map((copy) => copy.stop('SIGKILL')));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      if (!process.env.KEEP_PRODUCTION_LOGS) rmSync(workDir, { recursive: true, force: true });
    },
  };
}
