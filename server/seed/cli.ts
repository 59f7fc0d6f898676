import { buildApp } from '../app';
import { loadConfig } from '../config';
import { isEmpty, seedDemo } from '.';

/** `npm run seed`: the demo data into the configured database (DATABASE_URL or DATA_DIR), when empty. */
async function main() {
  const app = await buildApp({ ...loadConfig(), staticDir: undefined });
  try {
    if (!(await isEmpty(app.db))) {
      console.log('O banco já tem dados: nada a fazer.');
      return;
    }
    await seedDemo(app.db, app.passwords);
    console.log('Dados de demonstração criados.');
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
