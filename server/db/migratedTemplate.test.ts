import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteTemplateKey, type DatabaseHandle } from './client';
import { migrationsKey, pgliteTemplateFile, storedPgliteTemplate, storePgliteTemplate } from './migratedTemplate';
import { sqlRows as rows } from '../test/helpers';
import { appliedMigrations, MIGRATION_COUNT, MIGRATIONS } from '../test/migrationTargets';

/** Throwaway databases start as a copy of a migrated one (PGlite: a stored dump; PostgreSQL: a template database). */

describe('the migrations key', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-key-'));
    cpSync(MIGRATIONS, folder, { recursive: true });
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is the same for the same migrations and changes with any migration, added or edited, or any extra value', () => {
    const key = migrationsKey(folder, '0.5.16');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(migrationsKey(MIGRATIONS, '0.5.16')).toBe(key);
    expect(migrationsKey(folder, '0.5.17')).not.toBe(key);
    appendFileSync(path.join(folder, '0000_foundation.sql'), '\n-- edited\n');
    const edited = migrationsKey(folder, '0.5.16');
    expect(edited).not.toBe(key);
    writeFileSync(path.join(folder, 'meta', '_journal.json.extra'), '{}');
    expect(migrationsKey(folder, '0.5.16')).not.toBe(edited);
  });
});

describe('PGlite in memory', () => {
  // Settings of this run alone: a key no earlier run stored.
  const pglite = { sharedBuffers: '32MB', workMem: `${4096 + randomBytes(2).readUInt16BE()}kB` };
  const key = pgliteTemplateKey(pglite);
  const opened: DatabaseHandle[] = [];
  const open = async (settings = pglite) => {
    const database = await openDatabase({ dataDir: ':memory:', pglite: settings });
    opened.push(database);
    return database;
  };
  const marked = async (database: DatabaseHandle) =>
    (await rows(database, sql`select 1 from parameters where parametro = 'template-mark'`)).length > 0;
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    rmSync(pgliteTemplateFile(key), { force: true });
  });

  it('stores the freshly migrated database once, then opens each in-memory database as a copy of it', async () => {
    expect(await storedPgliteTemplate(key)).toBeUndefined();
    const first = await open();
    expect(await appliedMigrations(first)).toBe(MIGRATION_COUNT);
    expect(await storedPgliteTemplate(key)).toBeInstanceOf(Blob);

    // A template marked by hand: the next opening with these settings is a copy of it, migrations checked.
    await first.db.execute(sql`insert into parameters (parametro, valor) values ('template-mark', '1')`);
    const client = (first.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    await storePgliteTemplate(key, await client.dumpDataDir('none'));
    const copy = await open();
    expect(await marked(copy)).toBe(true);
    expect(await appliedMigrations(copy)).toBe(MIGRATION_COUNT);
    // The extensions' objects come with it (the trigram indexes' functions).
    expect(await rows(copy, sql`select similarity('Helena', 'Helena') as same`)).toEqual([{ same: 1 }]);

    // Each copy is its own: a write in one is in no other.
    await copy.db.execute(sql`insert into parameters (parametro, valor) values ('copy-write', '1')`);
    const another = await open();
    expect(await rows(another, sql`select 1 from parameters where parametro = 'copy-write'`)).toEqual([]);
    // Other settings, another template.
    expect(await marked(await open({ ...pglite, workMem: '4MB' }))).toBe(false);
  });
});
