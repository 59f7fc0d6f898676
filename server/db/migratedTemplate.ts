import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databaseUrlOf, serverStatement } from './postgresServer';
import { TEMPLATE_LOCK, withAdvisoryLock } from './startupLock';

/*
 * Throwaway databases (PGlite in memory, PostgreSQL's private ones: the tests' only, as DATA_DIR is
 * always a folder) start as a copy of one already migrated instead of running every migration again:
 * each test file opens one or more, and migrating took most of the seconds an app needs to start. The copy is keyed by the migrations'
 * text, so a changed or added migration makes a new one; the migrator still runs after the copy and
 * finds nothing to apply. Templates of older migrations stay behind (a file of ~40 MB in the temporary
 * folder, a database named portal_migrated_<key>); removing them is always safe.
 */

/** A short hash of every file of the migrations folder and of `extra` (what else the copy depends on). */
export function migrationsKey(migrationsFolder: string, ...extra: string[]): string {
  const hash = createHash('sha256');
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
  for (const file of files(migrationsFolder)) hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file));
  for (const value of extra) hash.update('\0').update(value);
  return hash.digest('hex').slice(0, 16);
}

/** Where the PGlite template of `key` is stored (the machine's temporary folder, shared by test workers). */
export const pgliteTemplateFile = (key: string) => path.join(os.tmpdir(), `portal-pglite-migrated-${key}.tar`);

/** The dumped PGlite data folder of a database freshly migrated to `key`, when one was stored. */
export async function storedPgliteTemplate(key: string): Promise<Blob | undefined> {
  const stored = await readFile(pgliteTemplateFile(key)).catch(() => undefined);
  return stored ? new Blob([stored]) : undefined;
}

/**
 * Stores the dump of a freshly migrated PGlite database for the next ones. Written aside and renamed:
 * test workers starting together may each store one, and every copy is the same.
 */
export async function storePgliteTemplate(key: string, dump: Blob): Promise<void> {
  const file = pgliteTemplateFile(key);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/**
 * The name of a database on `databaseUrl`'s server freshly migrated to `key`, for `create database …
 * template` (a file copy, where migrating took seconds). Made once, under an advisory lock, in a
 * database of its own name that is renamed when complete: nobody ever connects to the template.
 */
export async function postgresTemplate(
  databaseUrl: string,
  key: string,
  migrateInto: (connectionString: string) => Promise<void>,
): Promise<string> {
  const name = `portal_migrated_${key}`;
  const exists = async () => (await serverStatement(databaseUrl, 'select 1 from pg_database where datname = $1', [name])).length > 0;
  if (await exists()) return name;
  return withAdvisoryLock(databaseUrl, TEMPLATE_LOCK, async () => {
    if (await exists()) return name;
    const building = `${name}_building`;
    await serverStatement(databaseUrl, `drop database if exists ${building} with (force)`);
    await serverStatement(databaseUrl, `create database ${building}`);
    await migrateInto(databaseUrlOf(databaseUrl, building));
    await serverStatement(databaseUrl, `alter database ${building} rename to ${name}`);
    return name;
  });
}
