import { Pool, type PoolClient } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { unique } from '../../test/channelFixtures';
import { AUDIT_DEFAULT_KEY, auditSelectionOf, listAudit } from './queries';

/**
 * The trail's user names (migration 0042) are kept by a trigger on its inserts. With a unique key on
 * them, the first row under a new name waited for any other open transaction that had written a row
 * under the same name: a beneficiary's status toggle calls the telemedicine provider inside its
 * transaction, and held up its user's other audited requests meanwhile. Migration 0043 took the key
 * away (PGlite runs one transaction at a time: the wait needs PostgreSQL).
 */

let database: DatabaseHandle;
/** Two connections of their own, for two transactions open at once. */
let pool: Pool;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: ':memory:', isolated: true });
  pool = new Pool({ connectionString: database.connectionString, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await database?.close();
});

const writeRow = (client: PoolClient, name: string, actorId: number) =>
  client.query(
    `insert into audit_log (actor_type, actor_id, actor_name, action, entity, ip_address) values ('PARCEIRO', $1, $2, 'status', 'beneficiary', '10.0.0.1')`,
    [actorId, name],
  );

it('writes the first row under a new name while another open transaction wrote one under it, and the filter finds the name once', async () => {
  const tag = unique();
  const name = `Usuária Nova ${tag}`;
  const key = `usuaria nova ${tag}`;
  const [first, second] = [await pool.connect(), await pool.connect()];
  try {
    await first.query('begin');
    await writeRow(first, name, 1);
    // The first transaction stays open (a provider's call). The second must not wait for it: with the
    // unique key it waited until the first ended, here until the lock timeout ended the wait.
    await second.query('begin');
    await second.query(`set local lock_timeout = '1s'`);
    await writeRow(second, name, 2);
    await second.query('commit');
    await first.query('commit');
  } finally {
    await Promise.all([first, second].map((client) => client.query('rollback').finally(() => client.release())));
  }

  // Neither saw the other's name committed: both added it.
  const { rows } = await pool.query<{ name_key: string }>('select name_key from audit_actor_names where name_key = $1', [key]);
  expect(rows).toEqual([{ name_key: key }, { name_key: key }]);
  const selection = await auditSelectionOf(database.db, { user: name });
  expect(selection.user).toEqual({ text: name, keys: [key] });
  const page = await listAudit(database.db, selection, { limit: 10, offset: 0, key: AUDIT_DEFAULT_KEY });
  expect(page.rows.map((row) => row.actorId).sort()).toEqual([1, 2]);
  expect(page.total).toBe(2);
});
