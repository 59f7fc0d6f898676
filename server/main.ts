import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startMetricsServer } from './plugins/metrics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts';
import { stopGracefully } from './shutdown';
import { importDiskUploads } from './services/uploads/importDiskUploads';
import { prepareData } from './startup';

/**
 * Boots the portal: configuration (environment and `.env`), database and migrations, first data and
 * old uploads under the start-up lock, listen, metrics, graceful stop.
 */
async function main() {
  const config = loadConfig(process.env, { dotenvPath: path.resolve('.env') });
  const app = await buildApp(config);
  await prepareData(app, config);
  await importDiskUploads(app, path.join(config.dataDir, 'uploads'));

  await app.listen({ port: config.port, host: config.host });
  const metrics = config.metrics ? await startMetricsServer(app, config.metrics) : undefined;
  const url = `http://localhost:${config.port}`;
  const lines = [`Portal em ${url} (banco: ${app.database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'})`];
  if (config.metrics) lines.push(`Métricas em http://${config.metrics.host}:${config.metrics.port}/metrics`);
  if (config.demoSeed) {
    lines.push(`Contas de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.userType.padEnd(14)} ${account.email}`);
  }
  console.log(lines.join('\n'));

  let stopping: Promise<void> | undefined;
  const stop = (signal: string) => {
    stopping ??= stopGracefully(app, { signal, metrics, drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuração inválida: ${error.message}` : error);
  process.exit(1);
});
