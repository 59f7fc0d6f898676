import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { containsPattern } from './listQuery';
import { foldedOutOfSight, keyContains, keyContainsFromIndex, nameOrder } from './nameOrder';
import { rarestLettersPattern } from './rarestLetters';

/**
 * A name filter read from the trigram index, as the probes of a name's matches read it: the index is
 * asked for the words apart (no statistics here: rarestLetters.test.ts has them), the text as typed
 * is checked on what it finds. It must find exactly what the list's own condition finds.
 */

let database: DatabaseHandle;
const key = sql.raw('name_key');

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await database.db.execute(sql`create table named_people (id integer primary key, name_key text not null)`);
  await database.db.execute(sql`create index named_people_trgm_idx on named_people using gin (name_key gin_trgm_ops)`);
  const names = ['Ana Silva', 'Mariana Silva Costa', 'Ana Costa Silva', 'Silva Ana', 'Anna Silva', 'Luciana  Silvana', 'Ana 50% Silva'];
  for (const [index, name] of names.entries())
    await database.db.execute(sql`insert into named_people (id, name_key) values (${index + 1}, ${nameOrder(sql`${name}::text`)})`);
});
afterAll(() => database.close());

/** The words apart, as a probe asks them without the words' statistics. */
const asked = (text: string) => rarestLettersPattern(new Map(), text);

const idsWhere = async (condition: ReturnType<typeof keyContains>) => {
  const { rows } = (await database.db.execute(sql`select id from named_people where ${condition} order by id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return rows.map((row) => row.id);
};

const TEXTS: Array<[string, number[]]> = [
  ['Ana Silva', [1, 2]],
  ['ANA SÍLVA', [1, 2]],
  ['ana silva costa', [2]],
  ['a s', [1, 2, 3, 5]],
  ['silva', [1, 2, 3, 4, 5, 6, 7]],
  ['50% s', [7]],
  ['na  silvana', [6]],
];

test.each(TEXTS)('finds what the list finds for %p: the words together, not merely all there', async (text, expected) => {
  const pattern = containsPattern(text);
  expect(await idsWhere(keyContainsFromIndex(asked(text))(key, pattern))).toEqual(expected);
  expect(await idsWhere(keyContains(key, pattern))).toEqual(expected);
});

const namedPeople = pgTable('named_people', { id: integer('id').primaryKey(), nameKey: text('name_key').notNull() });

test.each(TEXTS)('finds the same for %p with the patterns’ placeholders folded out of the planner’s sight', async (text, expected) => {
  const contains = keyContainsFromIndex(foldedOutOfSight(sql.placeholder('asked')));
  const found = await database.db
    .select({ id: namedPeople.id })
    .from(namedPeople)
    .where(contains(namedPeople.nameKey, foldedOutOfSight(sql.placeholder('pattern'))))
    .orderBy(namedPeople.id)
    .prepare('named_people_folded_out_of_sight')
    .execute({ asked: asked(text), pattern: containsPattern(text) });
  expect(found.map((row) => row.id)).toEqual(expected);
});

test('asks the index for the words apart and checks the text as typed on the rows it finds', async () => {
  await database.db.execute(sql`set enable_seqscan = off`);
  const { rows } = (await database.db.execute(
    sql`explain (format json) select id from named_people where ${keyContainsFromIndex(asked('Ana Silva'))(key, containsPattern('Ana Silva'))}`,
  )) as unknown as { rows: Array<{ 'QUERY PLAN': string | Array<{ Plan: PlanNode }> }> };
  await database.db.execute(sql`reset enable_seqscan`);
  const plan = rows[0]['QUERY PLAN'];
  const [{ Plan: heap }] = typeof plan === 'string' ? (JSON.parse(plan) as Array<{ Plan: PlanNode }>) : plan;
  expect(heap.Plans?.[0]).toMatchObject({ 'Index Name': 'named_people_trgm_idx', 'Index Cond': "(name_key ~~ '%ana%silva%'::text)" });
  expect(heap.Filter).toBe("((name_key || ''::text) ~~ '%ana silva%'::text)");
});

interface PlanNode {
  Filter?: string;
  Plans?: PlanNode[];
}
