import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from './client';
import { MAX_NAMED_STATEMENTS, nameStatements, statementName } from './namedStatements';
import { beneficiaries } from './schema';

/** PostgreSQL only (this file runs when DATABASE_URL is set): what the pool's connections keep prepared. */

const preparedOn = async (client: Client) =>
  (await client.query<{ name: string; text: string }>('select name, statement as text from pg_prepared_statements')).rows;

describe('the pool names parameterised statements', () => {
  let database: DatabaseHandle;
  const poolSize = process.env.DATABASE_POOL_SIZE;

  beforeAll(async () => {
    // One connection, so the statements of one query and the check land on the same session.
    process.env.DATABASE_POOL_SIZE = '1';
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  }, 60_000);
  afterAll(async () => {
    process.env.DATABASE_POOL_SIZE = poolSize;
    await database?.close();
  });

  it('prepares a query shape once and runs it again by name, with each run its own values', async () => {
    const byId = (id: number) => database.db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.id, id));
    expect(await byId(1)).toEqual([]);
    expect(await byId(2)).toEqual([]);

    const text = byId(3).toSQL().sql;
    const prepared = (await database.db.execute(
      sql`select name, generic_plans + custom_plans as runs from pg_prepared_statements where name = ${statementName(text)}`,
    )) as unknown as { rows: Array<{ name: string; runs: string }> };
    expect(prepared.rows).toEqual([{ name: statementName(text), runs: '2' }]);
  });

  it('leaves queries without parameters to the simple protocol (several statements in one text still run)', async () => {
    await database.db.execute(sql.raw('select 1; select 2'));
    const named = (await database.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${'select 1; select 2%'}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(named.rows[0].n).toBe(0);
  });
});

describe('a named connection', () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(async () => {
    await client.connect();
    nameStatements(client);
  });
  afterAll(() => client.end());

  it(`prepares at most ${MAX_NAMED_STATEMENTS} shapes and runs the rest unnamed`, async () => {
    for (let shape = 0; shape <= MAX_NAMED_STATEMENTS; shape++) {
      const { rows } = await client.query({ text: `select $1::int + ${shape} as n`, values: [1] });
      expect(rows[0].n).toBe(shape + 1);
    }
    const prepared = await preparedOn(client);
    expect(prepared).toHaveLength(MAX_NAMED_STATEMENTS);
    expect(prepared.map((statement) => statement.name)).toContain(statementName('select $1::int + 0 as n'));
    expect(prepared.map((statement) => statement.name)).not.toContain(statementName(`select $1::int + ${MAX_NAMED_STATEMENTS} as n`));
    // A shape already prepared keeps running by name once the limit is reached.
    expect((await client.query({ text: 'select $1::int + 0 as n', values: [41] })).rows[0].n).toBe(41);
  });

  it('keeps a name the caller gave, and plain-text queries with values unnamed', async () => {
    await client.query({ name: 'chosen_by_caller', text: 'select $1::text as v', values: ['x'] });
    expect((await client.query('select $1::text as v', ['y'])).rows[0].v).toBe('y');
    const names = (await preparedOn(client)).map((statement) => statement.name);
    expect(names).toContain('chosen_by_caller');
    expect(names).not.toContain(statementName('select $1::text as v'));
  });
});
