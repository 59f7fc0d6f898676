import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { preparingClient, StatementNames } from './preparedStatements';
import * as schema from './schema';
import { migrationsKey, postgresTemplate, storedPgliteTemplate, storePgliteTemplate } from './migratedTemplate';
import { databaseUrlOf, serverStatement } from './postgresServer';
import { withStartupLock } from './startupLock';

// The drivers are imported statically, with the rest of drizzle: a dynamic import() would load
// drizzle's ES module build beside the CommonJS one the schema and services use, and its
// `is(value, SQL)` checks, failing `instanceof` across the two copies, would walk prototype chains
// on every query built.

export type Schema = typeof schema;
/** The driver-neutral database handle every service receives. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** PostgreSQL only: the database's URL (the private one when isolated), for a connection outside the pool (LISTEN). */
  connectionString?: string;
  /** PostgreSQL only: `pg_notify(channel, payload)` through the pool, beside the drizzle handle (not seen as a write). */
  notify?(channel: string, payload: string): Promise<void>;
  /**
   * Runs `task` while no other server copy on this database runs one (start-up: migrations, first
   * administrator, demo seed). PostgreSQL: an advisory lock; PGlite: one process by construction.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
  /** PostgreSQL only: connections of the pool busy and callers waiting for one (metrics). */
  poolUsage?(): { inUse: number; idle: number; waiting: number };
  /** PGlite only: the bytes of its WebAssembly memory, which grows to its peak and never shrinks (metrics). */
  embeddedMemoryBytes?(): number | undefined;
  close(): Promise<void>;
}

const migrationsFolder = path.join(__dirname, 'migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: run in a private database (tests running side by side), dropped on close. */
  isolated?: boolean;
  /** PostgreSQL: connections in this process's pool (DATABASE_POOL_SIZE, default 10). */
  poolSize?: number;
  /** PGlite: memory settings (PGLITE_SHARED_BUFFERS and PGLITE_WORK_MEM, default 32MB and 4MB). */
  pglite?: { sharedBuffers: string; workMem: string };
}

/**
 * Opens PGlite (embedded) or node-postgres, then applies the committed migrations (on PostgreSQL
 * under the start-up lock, so copies starting together migrate once).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres({ ...options, databaseUrl: options.databaseUrl }) : openPglite(options);
}

/**
 * PGlite's memory is mostly its shared buffers (allocated up front inside the WebAssembly heap):
 * PGLITE_SHARED_BUFFERS (default 32MB; PostgreSQL's 128MB costs ~120 MB more resident memory) and
 * PGLITE_WORK_MEM (per sort/hash, default 4MB). Pages beyond the buffers come from the OS file cache.
 * Both are checked sizes (config), never free text.
 */
function pgliteSettings({ sharedBuffers, workMem } = { sharedBuffers: '32MB', workMem: '4MB' }): string[] {
  return [`shared_buffers = '${sharedBuffers}'`, `work_mem = '${workMem}'`];
}

/**
 * PGlite's WebAssembly memory in bytes: its Emscripten module's heap, which PGlite keeps as `mod`
 * without declaring it (undefined should a release rename it).
 */
function wasmMemoryBytes(client: PGlite): number | undefined {
  return (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength;
}

/** PGlite's release, part of its template's key: a dump is read back by the release that made it. */
function pgliteVersion(): string {
  const packageFile = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;
}

// The migrations do not change while a process runs: each template key is computed once (tests open
// dozens of databases), and only by the processes that open throwaway databases.
const pgliteTemplateKeys = new Map<string, string>();
let postgresTemplateKey: string | undefined;

/** The key of the migrated PGlite template (PGlite's release and settings with the migrations). */
export function pgliteTemplateKey(pglite?: OpenDatabaseOptions['pglite']): string {
  const settings = pgliteSettings(pglite);
  const id = settings.join('\n');
  let key = pgliteTemplateKeys.get(id);
  if (!key) {
    key = migrationsKey(migrationsFolder, pgliteVersion(), ...settings);
    pgliteTemplateKeys.set(id, key);
  }
  return key;
}

async function openPglite({ dataDir, pglite }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  // pg_trgm backs the "contains" filters' indexes (migration 0005); btree_gist the appointments'
  // overlap constraints (migration 0011).
  const settings = pgliteSettings(pglite);
  const inMemory = dataDir === ':memory:';
  const templateKey = inMemory ? pgliteTemplateKey(pglite) : undefined;
  const template = templateKey ? await storedPgliteTemplate(templateKey) : undefined;
  const client = new PGlite({
    dataDir: inMemory ? undefined : path.join(dataDir, 'pglite'),
    loadDataDir: template,
    extensions: { pg_trgm, btree_gist },
    postgresqlconf: settings,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  if (templateKey && !template) await storePgliteTemplate(templateKey, await client.dumpDataDir('none'));
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    exclusively: (task) => task(),
    embeddedMemoryBytes: () => wasmMemoryBytes(client),
    close: () => client.close(),
  };
}

async function openPostgres({ databaseUrl, isolated = false, poolSize = 10 }: OpenDatabaseOptions & { databaseUrl: string }) {
  // Tests running side by side each get a database of their own, a copy of the migrated template, dropped on close.
  const privateDatabase = isolated ? `test_${randomBytes(6).toString('hex')}` : undefined;
  let connectionString = databaseUrl;
  if (privateDatabase) {
    postgresTemplateKey ??= migrationsKey(migrationsFolder);
    const template = await postgresTemplate(databaseUrl, postgresTemplateKey, migratePostgresAt);
    await serverStatement(databaseUrl, `create database ${privateDatabase} template ${template}`);
    connectionString = databaseUrlOf(databaseUrl, privateDatabase);
  }
  // The pool's repeated queries run as prepared statements (./preparedStatements.ts).
  const pool = new Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000, Client: preparingClient(new StatementNames()) });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool, { schema });
  const exclusively = <T>(task: () => Promise<T>) => withStartupLock(connectionString, task);
  try {
    await exclusively(() => migratePostgres(db, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const handle: DatabaseHandle = {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    connectionString,
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusively,
    poolUsage: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await pool.end();
      if (privateDatabase) await serverStatement(databaseUrl, `drop database if exists ${privateDatabase} with (force)`);
    },
  };
  return handle;
}

/**
 * Applies the migrations (the app's, or those of `folder`) to the database at `connectionString` (a
 * template being made), then lets it go: a database with a connection open cannot be copied.
 */
export async function migratePostgresAt(connectionString: string, folder = migrationsFolder): Promise<void> {
  const pool = new Pool({ connectionString, max: 1 });
  try {
    await migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder: folder });
  } finally {
    await pool.end();
  }
}
