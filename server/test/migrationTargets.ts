import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { sql } from 'drizzle-orm';
import { migratePostgresAt, type DatabaseHandle } from '../db/client';
import { databaseUrlOf, serverStatement } from '../db/postgresServer';
import { sqlRows } from './helpers';

/**
 * For the tests of a migration that repairs or fills existing rows: an empty database (PGlite, or
 * PostgreSQL when DATABASE_URL is set) migrated up to the migration before it, then filled, then
 * migrated to the end.
 */

export const MIGRATIONS = path.join(__dirname, '..', 'db', 'migrations');

/** Two partners and three branches (two of partner 1, one of partner 2), for the migrations of the channels' rows. */
export const PARTNERS_AND_BRANCHES = `
  insert into partners (id, nome, cnpj, email, senha_hash) values
    (1, 'Parceiro A', '11222333000181', 'pa@x.com', 'x'),
    (2, 'Parceiro B', '11444777000161', 'pb@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values
    (1, 1, 'Filial A1', 'fa1@x.com', 'x'),
    (2, 1, 'Filial A2', 'fa2@x.com', 'x'),
    (3, 2, 'Filial B1', 'fb1@x.com', 'x');`;

/** How many migrations a migrations folder's journal lists. */
const journalLength = (migrationsFolder: string) =>
  (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** How many migrations the journal lists: a fully migrated database has applied them all. */
export const MIGRATION_COUNT = journalLength(MIGRATIONS);

/** How many migrations a database opened by the app has applied (drizzle's journal table). */
export async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const [row] = await sqlRows<{ count: string | number }>(database, sql`select count(*) as count from drizzle.__drizzle_migrations`);
  return Number(row!.count);
}

/** A copy of the migrations folder without the migration `tag` and those after it (remove it after use). */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const cut = journal.entries.find((entry) => entry.tag === tag)!.when;
  journal.entries = journal.entries.filter((entry) => entry.when < cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

type Row = Record<string, unknown>;

export interface MigrationTarget {
  /** Runs one or several statements; the rows of the last one. */
  run(statements: string): Promise<Row[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where the tests of one migration start: a database migrated once up to the migration before it, and
 * a fresh copy of it for each test (migrating took seconds a test on PGlite; a copy, a fraction).
 */
interface StartingPoint {
  copy(): Promise<MigrationTarget>;
}

const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

function pgliteTarget(client: PGlite): MigrationTarget {
  const db = drizzlePglite(client);
  return {
    run: async (statements) => (await client.exec(statements)).at(-1)!.rows as Row[],
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * A test file's latest PGlite starting point, by how many migrations it applied: the next one (a later
 * migration's, as a file's tests come in order) resumes from it instead of migrating from the first.
 */
let latestPgliteStart: { applied: number; dump: Blob } | undefined;

/** PGlite: migrated in memory (from the file's latest starting point when it is an earlier one) and dumped; each copy loads the dump. */
async function pgliteStartingPoint(migrationsFolder: string): Promise<StartingPoint> {
  const applied = journalLength(migrationsFolder);
  const resumed = latestPgliteStart && latestPgliteStart.applied <= applied ? latestPgliteStart.dump : undefined;
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: resumed });
  await pgliteTarget(client).migrate(migrationsFolder);
  const dump = await client.dumpDataDir('none');
  await client.close();
  latestPgliteStart = { applied, dump };
  return {
    copy: async () => pgliteTarget(new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: dump })),
  };
}

const dropDatabase = (url: string, name: string) => serverStatement(url, `drop database if exists ${name} with (force)`);

/** A private database on the server, dropped on close. */
async function postgresTarget(url: string, name: string): Promise<MigrationTarget> {
  const pool = new Pool({ connectionString: databaseUrlOf(url, name), max: 2 });
  // Dropping the database ends its connections; the pool must not take that for a crash.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool);
  return {
    run: async (statements) => {
      const results = (await pool.query(statements)) as unknown as { rows: Row[] } | Array<{ rows: Row[] }>;
      return Array.isArray(results) ? results.at(-1)!.rows : results.rows;
    },
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    close: async () => {
      await pool.end();
      await dropDatabase(url, name);
    },
  };
}

const privateName = () => `test_${randomBytes(6).toString('hex')}`;

/**
 * A test file's latest PostgreSQL starting point, kept past its tests (dropped once a later one is
 * made from it, or when the file ends): the next one is copied from it instead of migrated from the first.
 */
let latestPostgresStart: { applied: number; name: string } | undefined;

/** PostgreSQL: a private database migrated once (from the file's latest starting point when it is an earlier one), then the template of each copy (`create database … template`). */
async function postgresStartingPoint(url: string, migrationsFolder: string): Promise<StartingPoint> {
  const applied = journalLength(migrationsFolder);
  const earlier = latestPostgresStart && latestPostgresStart.applied <= applied ? latestPostgresStart : undefined;
  const templateName = privateName();
  await serverStatement(url, `create database ${templateName}${earlier ? ` template ${earlier.name}` : ''}`);
  await migratePostgresAt(databaseUrlOf(url, templateName), migrationsFolder);
  await dropLatestPostgresStart(url);
  latestPostgresStart = { applied, name: templateName };
  return {
    copy: async () => {
      const name = privateName();
      await serverStatement(url, `create database ${name} template ${templateName}`);
      return postgresTarget(url, name);
    },
  };
}

/** Drops the file's latest PostgreSQL starting point (when a later one is made, and after the file's tests). */
async function dropLatestPostgresStart(url: string): Promise<void> {
  if (latestPostgresStart) await dropDatabase(url, latestPostgresStart.name);
  latestPostgresStart = undefined;
}

/**
 * The run's database, as for every server test: PostgreSQL with DATABASE_URL (CI's second pass, after
 * a first on PGlite), else PGlite.
 */
function startingPoint(): {
  database: string;
  prepare: (migrationsFolder: string) => Promise<StartingPoint>;
  cleanUp?: () => Promise<void>;
} {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: 'PGlite', prepare: pgliteStartingPoint };
  return {
    database: 'PostgreSQL',
    prepare: (migrationsFolder) => postgresStartingPoint(url, migrationsFolder),
    cleanUp: () => dropLatestPostgresStart(url),
  };
}

/**
 * Declares `tests` on the run's database (PGlite; PostgreSQL with DATABASE_URL), each test on a fresh
 * database migrated up to the migration before `tag`; `db` is that test's database. The test fills it,
 * then migrates to the end (`db.migrate(MIGRATIONS)`).
 */
export function describeMigration(tag: string, tests: (db: MigrationTarget) => void) {
  const { database, prepare, cleanUp } = startingPoint();
  // After the file's tests (a top-level hook; registered by each call, the later ones find nothing left).
  if (cleanUp) afterAll(cleanUp);
  describe(`migration ${tag} on ${database}`, () => {
    let start: StartingPoint;
    let current: MigrationTarget;
    beforeAll(async () => {
      const before = migrationsBefore(tag);
      try {
        start = await prepare(before);
      } finally {
        rmSync(before, { recursive: true, force: true });
      }
    });
    beforeEach(async () => (current = await start.copy()));
    afterEach(() => current.close());
    tests({ run: (statements) => current.run(statements), migrate: (folder) => current.migrate(folder), close: () => current.close() });
  });
}
