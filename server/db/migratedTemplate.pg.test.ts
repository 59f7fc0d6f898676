import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { postgresTemplate } from './migratedTemplate';
import { serverStatement } from './postgresServer';
import { sqlRows as rows } from '../test/helpers';
import { appliedMigrations, MIGRATION_COUNT } from '../test/migrationTargets';

/** The private databases tests get on PostgreSQL are copies of one migrated template database. */

describe('PostgreSQL private databases', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const key = `t${randomBytes(6).toString('hex')}`;
  afterAll(() => serverStatement(databaseUrl, `drop database if exists portal_migrated_${key} with (force)`));

  it('makes the template once when many ask for it together, and never leaves the one being built', async () => {
    let migrations = 0;
    const migrateInto = async (connectionString: string) => {
      migrations += 1;
      const pool = new Pool({ connectionString, max: 1 });
      await pool.query('create table made_here (id int)');
      await pool.end();
    };
    const names = await Promise.all(Array.from({ length: 5 }, () => postgresTemplate(databaseUrl, key, migrateInto)));
    expect(new Set(names)).toEqual(new Set([`portal_migrated_${key}`]));
    expect(migrations).toBe(1);
    const databases = await serverStatement<{ datname: string }>(databaseUrl, 'select datname from pg_database where datname like $1', [
      `portal_migrated_${key}%`,
    ]);
    expect(databases.map((row) => row.datname)).toEqual([`portal_migrated_${key}`]);
  });

  it('opens each isolated database as a fully migrated copy of its own, dropped on close', async () => {
    const [a, b] = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl, dataDir: ':memory:', isolated: true })));
    const names = [] as string[];
    for (const database of [a!, b!]) {
      expect(await appliedMigrations(database)).toBe(MIGRATION_COUNT);
      names.push(new URL(database.connectionString!).pathname.slice(1));
    }
    await a!.db.execute(sql`insert into parameters (parametro, valor) values ('template-test', '1')`);
    expect(await rows(b!, sql`select 1 from parameters where parametro = 'template-test'`)).toEqual([]);
    await Promise.all([a!.close(), b!.close()]);
    expect(await serverStatement(databaseUrl, 'select 1 from pg_database where datname = any($1)', [names])).toEqual([]);
  });
});
