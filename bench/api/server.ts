import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * The production server as `npm start` runs it (config from the environment), plus two bench-only
 * routes: GET /bench/minimal?id=N, a bare Fastify handler doing one primary-key select on the same
 * database, the ceiling the portal's endpoints are compared with; GET /bench/memory, where the
 * process's memory goes (MiB: resident, V8's heap and how much of it is in use, the buffers outside it, PGlite's
 * WebAssembly memory). Never part of the portal.
 */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  app.get('/bench/minimal', async (request) => {
    const id = Number((request.query as { id?: string }).id ?? 1);
    const result = (await app.db.execute(sql`select id, name from beneficiaries where id = ${id}`)) as unknown as {
      rows: Array<{ id: number; name: string }>;
    };
    return result.rows[0] ?? null;
  });
  app.get('/bench/memory', async () => {
    const usage = process.memoryUsage();
    const wasm = app.database.embeddedMemoryBytes?.();
    return {
      rssMb: mb(usage.rss),
      v8HeapMb: mb(usage.heapTotal),
      v8HeapUsedMb: mb(usage.heapUsed),
      // V8's count of memory outside its heap: the ArrayBuffers and, on PGlite, its WebAssembly memory.
      externalMb: mb(usage.external),
      ...(wasm === undefined ? {} : { wasmMb: mb(wasm) }),
    };
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  console.log(`bench server ready on ${config.port} (${app.database.kind})`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
