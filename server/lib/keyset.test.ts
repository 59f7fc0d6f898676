import { desc, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { keyOf, keyset, orderOfKey, type KeyPart, type KeyValues } from './keyset';

/**
 * Reading a list in keyset batches gives exactly the rows of one ordered read, in the same order,
 * whatever the parts: ascending or descending, NULLs in a part (last ascending, first descending),
 * ties broken by the next part, timestamps with microseconds.
 */

const rows = pgTable('keyset_rows', {
  id: serial('id').primaryKey(),
  name: text('name'),
  score: integer('score'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await database.db.execute(sql`create table keyset_rows (id serial primary key, name text, score integer, at timestamptz not null)`);
  // 30 rows: names repeating and missing, scores repeating and missing, instants apart by microseconds.
  const names = ['Ana', 'Bruno', null, 'ana', 'Carla', null];
  await database.db.execute(sql`
    insert into keyset_rows (name, score, at)
    select (array[${sql.join(
      names.map((name) => sql`${name}::text`),
      sql`, `,
    )}])[1 + n % ${names.length}],
           case when n % 4 = 0 then null else n % 5 end,
           '2026-01-01 00:00:00+00'::timestamptz + (n % 7) * interval '1 microsecond'
    from generate_series(1, 30) n`);
});
afterAll(() => database.close());

const { id, name, score, at } = rows;
const ORDERS: Record<string, KeyPart[]> = {
  'name ascending (NULLs last), then id': [
    { column: name, direction: 'asc', nullable: true },
    { column: id, direction: 'asc' },
  ],
  'name descending (NULLs first), then id descending': [
    { column: name, direction: 'desc', nullable: true },
    { column: id, direction: 'desc' },
  ],
  'score ascending, name descending, id ascending (mixed)': [
    { column: score, direction: 'asc', nullable: true },
    { column: name, direction: 'desc', nullable: true },
    { column: id, direction: 'asc' },
  ],
  'instant descending, id descending (one way: a row comparison)': [
    { column: at, direction: 'desc' },
    { column: id, direction: 'desc' },
  ],
  'instant ascending, id ascending (one way)': [
    { column: at, direction: 'asc' },
    { column: id, direction: 'asc' },
  ],
  'id descending alone': [{ column: id, direction: 'desc' }],
};

/** Every id in one ordered read. */
async function orderedIds(parts: KeyPart[]): Promise<number[]> {
  const all = await database.db
    .select({ id })
    .from(rows)
    .orderBy(...orderOfKey(parts));
  return all.map((row) => row.id);
}

/** Every id read in batches of `size`, each after the last row's key. */
async function batchedIds(parts: KeyPart[], size: number): Promise<number[]> {
  const order = keyset(parts);
  const ids: number[] = [];
  let key: KeyValues | undefined;
  for (let batch = 0; batch < 100; batch++) {
    const page = await database.db
      .select({ id, key: order.field })
      .from(rows)
      .where(order.after(key))
      .orderBy(...order.orderBy)
      .limit(size);
    ids.push(...page.map((row) => row.id));
    if (page.length < size) return ids;
    key = page.at(-1)!.key;
  }
  throw new Error('the batches never ended');
}

describe('keyset', () => {
  it.each(Object.entries(ORDERS))('reads %s in batches exactly as one ordered read', async (_order, parts) => {
    const expected = await orderedIds(parts);
    expect(expected).toHaveLength(30);
    for (const size of [1, 4, 7]) expect(await batchedIds(parts, size)).toEqual(expected);
  });

  it('continues from the start without a key, and past nothing when the order has no parts', async () => {
    expect(keyset(ORDERS['id descending alone']).after(undefined)).toBeUndefined();
    const none = await database.db
      .select({ id })
      .from(rows)
      .where(keyset([]).after(['1']));
    expect(none).toEqual([]);
  });

  it('keeps a timestamp key to the microsecond, as text', async () => {
    const order = keyset(ORDERS['instant ascending, id ascending (one way)']);
    const [last] = await database.db.select({ key: order.field }).from(rows).orderBy(desc(at)).limit(1);
    expect(last.key[0]).toMatch(/\.000006\+00$/);
  });

  it('puts a requested sort, NULLs allowed, before the default order', () => {
    const defaults: KeyPart[] = [{ column: id, direction: 'desc' }];
    expect(keyOf(undefined, defaults)).toBe(defaults);
    expect(keyOf({ name: 'name', column: name, direction: 'asc' }, defaults)).toEqual([
      { column: name, direction: 'asc', nullable: true },
      { column: id, direction: 'desc' },
    ]);
  });
});

describe("keyset's condition, as PostgreSQL receives it", () => {
  const after = (parts: KeyPart[], key: KeyValues) => new PgDialect().sqlToQuery(keyset(parts).after(key)!);

  it('states an order that runs one way without NULLs as one row comparison, the form its index answers', () => {
    const descending = after(ORDERS['instant descending, id descending (one way: a row comparison)'], ['2026-01-01 00:00:00+00', '7']);
    expect(descending.sql).toBe('("keyset_rows"."at", "keyset_rows"."id") < ($1, $2)');
    expect(descending.params).toEqual(['2026-01-01 00:00:00+00', '7']);
    expect(after(ORDERS['instant ascending, id ascending (one way)'], ['2026-01-01 00:00:00+00', '7']).sql).toBe(
      '("keyset_rows"."at", "keyset_rows"."id") > ($1, $2)',
    );
  });

  it('spells out part by part an order with a nullable part or with both directions', () => {
    const mixed: KeyPart[] = [
      { column: at, direction: 'asc' },
      { column: id, direction: 'desc' },
    ];
    for (const parts of [ORDERS['name ascending (NULLs last), then id'], mixed]) {
      const { sql: text } = after(parts, ['x', '7']);
      // No tuple of two columns: the first part is compared alone (the last may be, as a tuple of one).
      expect(text).not.toContain('", "keyset_rows".');
      expect(text).toContain(' or ');
    }
  });

  it('compares only as many values as the order has parts', () => {
    expect(
      after(ORDERS['instant descending, id descending (one way: a row comparison)'], ['2026-01-01 00:00:00+00', '7', 'extra']).params,
    ).toEqual(['2026-01-01 00:00:00+00', '7']);
  });
});
