import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface StopOptions {
  signal: string;
  /** The metrics server, closed last so the stop itself can still be scraped. */
  metrics?: Server;
  /** SHUTDOWN_DRAIN_MS: keep answering (health 503) this long before closing the port. */
  drainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: exit 1 if the requests in flight have not finished by then. */
  timeoutMs: number;
}

/**
 * A graceful stop (SIGTERM, SIGINT): `/api/health` answers 503 at once and answers close their
 * connections; after the drain time the port closes (a proxy then retries new requests on another
 * copy), the requests in flight finish, the jobs stop and free their locks, the database closes, and
 * the process exits 0, or 1 if that took longer than the time limit.
 */
export async function stopGracefully(app: FastifyInstance, options: StopOptions): Promise<never> {
  console.log(`${options.signal} recebido: encerrando após as requisições em andamento...`);
  const force = setTimeout(() => {
    console.error(`Encerramento passou de ${options.timeoutMs} ms: saindo sem esperar o resto.`);
    process.exit(1);
  }, options.timeoutMs);
  force.unref();
  app.lifecycle.draining = true;
  if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  await app.close();
  options.metrics?.closeAllConnections();
  await new Promise((resolve) => (options.metrics ? options.metrics.close(resolve) : resolve(undefined)));
  process.exit(0);
}
