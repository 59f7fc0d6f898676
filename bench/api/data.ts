import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseUrlOf, serverStatement } from '../../server/db/postgresServer';

const ROOT = path.join(__dirname, '..', '..');

/**
 * The environment of a process that must use PGlite: an empty DATABASE_URL overrides one inherited
 * from the shell (set to measure PostgreSQL as well), which would otherwise win over DATA_DIR.
 */
export const PGLITE_ONLY = { DATABASE_URL: '' };

export type BenchSize = 'large' | 'xl';

/**
 * Runs `npm run seed -- --size <size>` against a database: it seeds when the database is empty and,
 * either way, applies pending migrations (the app opens the database), so a cached copy stays current.
 */
function seedSized(env: Record<string, string>, size: BenchSize = 'large') {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/seed/cli.ts'), '--size', size], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DEMO_SEED: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
}

/**
 * A PGlite folder at the large size for one run. Seeding takes minutes, so the seeded folder is
 * cached (BENCH_PGLITE_CACHE, by default in the temp folder) and each run works on a copy: the
 * creates a run makes never pile up in the cache.
 */
export function pgliteRunDir(cacheDir = process.env.BENCH_PGLITE_CACHE || path.join(os.tmpdir(), 'portal-bench-large')): {
  dataDir: string;
  dispose: () => void;
} {
  if (!existsSync(path.join(cacheDir, 'pglite'))) console.log(`Seeding the large size into ${cacheDir} (a few minutes, once)...`);
  seedSized({ ...PGLITE_ONLY, DATA_DIR: cacheDir });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-run-'));
  cpSync(path.join(cacheDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return { dataDir, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The seeded database of a size on the server: `portal_bench_large` (BENCH_PG_DATABASE) or `portal_bench_xl`. */
const benchDatabase = (size: BenchSize) => (size === 'large' && process.env.BENCH_PG_DATABASE) || `portal_bench_${size}`;

/**
 * `portal_bench_large` (or `portal_bench_xl`) on DATABASE_URL's server, created and seeded at that
 * size when missing (the large size in a minute or two, xl in about twenty).
 */
export async function postgresBenchUrl(databaseUrl: string, size: BenchSize = 'large'): Promise<string> {
  const name = benchDatabase(size);
  const existing = await serverStatement(databaseUrl, 'select 1 from pg_database where datname = $1', [name]);
  if (!existing.length) await serverStatement(databaseUrl, `create database ${name}`);
  const url = databaseUrlOf(databaseUrl, name);
  if (size !== 'large') console.log(`Seeding (when empty) ${name} at the ${size} size: about twenty minutes, once...`);
  seedSized({ DATABASE_URL: url }, size);
  return url;
}

/**
 * A copy of `portal_bench_large` for one run (`<name>_run`, made from it as a template, dropped by
 * `dispose`), as PGlite's pgliteRunDir: the creates a run makes never pile up in the seeded database.
 * They did: after a few runs 12,606 more holders put page 5,000 of the beneficiaries 12,606 rows
 * further from the end it is read from, and their pages, not yet vacuumed, sent its index-only scan
 * to the table (408 and then 252 req/s against 573 on the fresh seed).
 */
export async function postgresRunUrl(databaseUrl: string): Promise<{ url: string; dispose: () => Promise<void> }> {
  await postgresBenchUrl(databaseUrl);
  const seeded = benchDatabase('large');
  const name = `${seeded}_run`;
  const drop = () => serverStatement(databaseUrl, `drop database if exists ${name} with (force)`).then(() => undefined);
  await drop();
  // FILE_COPY: the seeded files copied as they are (the default logs every page of ~850 MB).
  await serverStatement(databaseUrl, `create database ${name} template ${seeded} strategy file_copy`);
  return { url: databaseUrlOf(databaseUrl, name), dispose: drop };
}
