import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { isEmpty, seedDemo } from '.';
import { seedLarge } from './large';
import { isSeedSizeName, SEED_SIZES } from './large/sizes';

/** The `--size` argument: absent for the small demo, or one of SEED_SIZES. */
function sizeArgument(argv: string[]): string | undefined {
  const index = argv.indexOf('--size');
  if (index >= 0) return argv[index + 1] ?? '';
  return argv.find((argument) => argument.startsWith('--size='))?.slice('--size='.length);
}

/**
 * `npm run seed`: the demo data into the configured database (DATABASE_URL or DATA_DIR), when empty.
 * `npm run seed -- --size large` fills it at issue 8's size instead, `--size xl` at ten times that (see server/seed/large).
 */
async function main() {
  const size = sizeArgument(process.argv.slice(2));
  if (size !== undefined && !isSeedSizeName(size)) {
    throw new Error(`--size deve ser um de: ${Object.keys(SEED_SIZES).join(', ')}`);
  }
  const app = await buildApp({ ...loadConfig(process.env, { dotenvPath: path.resolve('.env') }), staticDir: undefined, logLevel: 'warn' });
  try {
    if (!(await isEmpty(app.db))) {
      console.log('O banco já tem dados: nada a fazer.');
      return;
    }
    if (size === undefined) {
      await seedDemo(app.db, app.passwords);
      console.log('Dados de demonstração criados.');
      return;
    }
    const started = performance.now();
    await seedLarge(app.db, app.passwords, SEED_SIZES[size], ({ table, rows, ms }) => {
      console.log(`${table.padEnd(28)} ${String(rows).padStart(9)} linhas ${String(ms).padStart(8)} ms`);
    });
    console.log(`Dados (${size}) criados em ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
