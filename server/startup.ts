import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { ensureAdministrator, isEmpty, seedDemo } from './seed';

/**
 * What a fresh database needs before the first request: the demo data (when asked) or production's
 * first administrator. Runs under the start-up lock, so copies starting together on an empty
 * database create them once: the second copy finds the first one's accounts.
 */
export async function prepareData(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.database.exclusively(async () => {
    if (config.demoSeed && (await isEmpty(app.db))) {
      app.log.warn('Banco vazio: criando dados de demonstração...');
      await seedDemo(app.db, app.passwords);
      return;
    }
    if (config.admin && (await ensureAdministrator(app.db, app.passwords, config.admin))) {
      app.log.warn(`Administrador inicial criado: ${config.admin.email}`);
    }
  });
}
