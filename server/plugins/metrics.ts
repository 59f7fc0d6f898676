import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
}

/** Seconds: from a fast cached list to an upload or an export that takes a while. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Requests no route matched are counted together, so scanners cannot grow a label per URL. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * `app.metrics`: this copy's Prometheus registry. Requests are counted and timed by route pattern
 * (`/api/beneficiaries/:uuid`, never the URL itself), method and status; beside them the database
 * pool (connections in use, idle, callers waiting). Each app has a registry of its own, so tests may
 * run several. The process's own metrics join it with the metrics server (`startMetricsServer`).
 */
export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requisições respondidas', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo de resposta das requisições',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // Read when scraped: the pool's counters at that moment.
  new Gauge({
    name: 'db_pool_connections',
    help: 'Conexões do pool do PostgreSQL (in_use, idle) e chamadas à espera de uma (waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const usage = app.database.poolUsage?.();
      if (!usage) return;
      this.set({ state: 'in_use' }, usage.inUse);
      this.set({ state: 'idle' }, usage.idle);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });

  // Only where there is one: a gauge never set would read 0 on PostgreSQL.
  const embeddedMemory = app.database.embeddedMemoryBytes;
  if (embeddedMemory)
    new Gauge({
      name: 'pglite_memory_bytes',
      help: 'Memória WebAssembly do banco embutido (PGlite): cresce até o pico e não diminui',
      registers: [registry],
      collect() {
        const bytes = embeddedMemory();
        if (bytes !== undefined) this.set(bytes);
      },
    });

  app.decorate('metrics', { registry });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });
});

/**
 * Serves `GET /metrics` on a port of its own (METRICS_PORT), never through the public one: the
 * proxy does not forward it, and only the monitoring network should reach it.
 *
 * prom-client's process metrics (event-loop delay, GC, memory, CPU, open handles) start here, where
 * they are served (once per process): they watch the process for its life, with a GC observer and
 * an event-loop monitor that prom-client never stops. Started by every app, they kept each test
 * file's apps reachable, with their databases, and slowed every garbage collection after them.
 */
export async function startMetricsServer(app: FastifyInstance, where: { port: number; host: string }): Promise<Server> {
  collectDefaultMetrics({ register: app.metrics.registry });
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado.\n');
      return;
    }
    app.metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      (error) => {
        app.log.error({ err: error }, 'metrics collection failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return server;
}
