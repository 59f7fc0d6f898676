import { Pool } from 'pg';

/** Work on a PostgreSQL server outside any database the app uses: creating, copying and dropping databases. */

/** Runs one statement on the PostgreSQL server of `databaseUrl` (creating and dropping databases), on a connection of its own. */
export async function serverStatement<Row extends object = object>(databaseUrl: string, statement: string, values: unknown[] = []) {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return (await pool.query<Row>(statement, values)).rows;
  } finally {
    await pool.end();
  }
}

/** `databaseUrl` pointing at another database of the same server. */
export function databaseUrlOf(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
