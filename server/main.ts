import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts';
import { ensureAdministrator, isEmpty, seedDemo } from './seed';

/** Boots the portal: config, database and migrations, demo seed when asked, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  if (config.demoSeed && (await isEmpty(app.db))) {
    app.log.warn('Banco vazio: criando dados de demonstração...');
    await seedDemo(app.db, app.passwords);
  } else if (config.admin && (await ensureAdministrator(app.db, app.passwords, config.admin))) {
    app.log.warn(`Administrador inicial criado: ${config.admin.email}`);
  }

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [`Portal em ${url} (banco: ${app.database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'})`];
  if (config.demoSeed) {
    lines.push(`Contas de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.userType.padEnd(14)} ${account.email}`);
  }
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} recebido: encerrando após as requisições em andamento...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuração inválida: ${error.message}` : error);
  process.exit(1);
});
