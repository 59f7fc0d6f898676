import { Pool } from 'pg';
import { preparingClient, StatementNames } from './preparedStatements';

/** The pool's repeated queries become prepared statements on the real server (the pool's one connection). */
describe('prepared statements on PostgreSQL', () => {
  let pool: Pool;
  beforeEach(() => {
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: preparingClient(new StatementNames()) });
  });
  afterEach(() => pool.end());

  const prepared = async () =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

  it('prepares a parameterised text from its second use, keeps answering it, and leaves parameterless ones alone', async () => {
    const { rows: first } = await pool.query<{ sum: number }>('select $1::int + 1 as sum', [1]);
    expect(await prepared()).toEqual([]);
    // As drizzle sends its queries: a config object, rows as arrays.
    const { rows: second } = await pool.query<number[]>({ text: 'select $1::int + 1 as sum', rowMode: 'array' }, [2]);
    const { rows: third } = await pool.query<{ sum: number }>('select $1::int + 1 as sum', [3]);
    expect([first, second, third]).toEqual([[{ sum: 2 }], [[3]], [{ sum: 4 }]]);
    await pool.query('select 1');
    await pool.query('select 1');
    expect(await prepared()).toEqual([{ name: 'portal_1', statement: 'select $1::int + 1 as sum' }]);
  });

  it('answers through callbacks as through promises', async () => {
    const viaCallback = () =>
      new Promise<unknown>((resolve, reject) =>
        pool.query('select $1::text as said', ['olá'], (error, result) => (error ? reject(error) : resolve(result.rows))),
      );
    expect([await viaCallback(), await viaCallback()]).toEqual([[{ said: 'olá' }], [{ said: 'olá' }]]);
    expect((await prepared()).map((row) => row.statement)).toEqual(['select $1::text as said']);
  });

  it("runs a text unnamed once a migration changed its prepared statement's result, and fails only the one query", async () => {
    // One connection throughout, as a transaction's (the pool drops a connection whose query failed).
    const client = await pool.connect();
    try {
      await client.query('create temp table stale_plan (id int, valor int)');
      await client.query('insert into stale_plan values (1, 10)');
      const read = () => client.query('select * from stale_plan where id = $1', [1]);
      await read();
      await read();
      await client.query('alter table stale_plan alter column valor type text');
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      expect((await read()).rows).toEqual([{ id: 1, valor: '10' }]);
      expect((await read()).rows).toEqual([{ id: 1, valor: '10' }]);
    } finally {
      client.release();
    }
  });
});
