import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface PortalProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Ends the process with a signal and waits for it to go. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

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

/**
 * The real server (`server/main.ts`) in its own process over a data folder the caller keeps, so it
 * can be killed and started again on the same data (e2e/support/server.ts always starts fresh).
 */
export async function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    port,
    child,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * A JSON request sent from a chosen loopback address (127.x.y.z), so many buyers each get their own
 * rate-limit bucket, as real buyers would. Rejects when the connection breaks (a killed server).
 */
export function sendJson(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; localAddress?: string },
): Promise<JsonAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON (CSV, empty)
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** The n-th buyer's own loopback address. */
export const buyerAddress = (n: number) => `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 1}`;
