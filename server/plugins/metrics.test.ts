import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers';
import { startMetricsServer } from './metrics';

/** Prometheus metrics: on a port of their own, by route pattern and status, with the process's own. */

describe('metrics', () => {
  let app: FastifyInstance;
  let server: Server;
  let metricsUrl: string;
  beforeAll(async () => {
    app = await createTestApp({ seed: true });
    server = await startMetricsServer(app, { port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`;
  });
  afterAll(async () => {
    server?.close();
    await app?.close();
  });

  it('counts and times requests by route pattern and status, never by the URL itself', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/beneficiaries/cpf/12345678909' });
    await app.inject({ method: 'GET', url: '/api/nao-existe-1' });
    await app.inject({ method: 'GET', url: '/api/nao-existe-2' });
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status_code="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/beneficiaries/cpf/:cpf",status_code="401"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status_code="404"} 2');
    // Timed whatever the machine's speed: the request is in the last bucket and the count.
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status_code="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 1');
    expect(text).not.toContain('nao-existe');
  });

  it('shows the event-loop delay, memory and, on PostgreSQL, the pool; on PGlite its WebAssembly memory', async () => {
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    if (app.database.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+/m);
      expect(text).not.toMatch(/^pglite_memory_bytes/m);
    } else {
      // Megabytes at least: its shared buffers alone are 32 MB.
      const bytes = Number(/^pglite_memory_bytes (\d+)$/m.exec(text)?.[1]);
      expect(bytes).toBeGreaterThan(32 * 2 ** 20);
    }
  });

  it("starts the process's metrics with the server that serves them, not with every app", async () => {
    // prom-client never stops its GC observer: started by every app, it kept each test file's apps alive.
    const unserved = await createTestApp();
    try {
      expect(unserved.metrics.registry.getSingleMetric('nodejs_gc_duration_seconds')).toBeUndefined();
      expect(app.metrics.registry.getSingleMetric('nodejs_gc_duration_seconds')).toBeDefined();
    } finally {
      await unserved.close();
    }
  });

  it('answers nothing else on its port, and nothing on the public one', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
