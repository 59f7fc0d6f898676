import { like, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { matchesIfFew } from './fewMatches';

/**
 * A name filter's probe: every match, in the list's order, when there are at most `few`; past it only
 * a floor of their number, the matches neither sorted nor sent.
 */

const people = pgTable('probed_people', { id: integer('id').notNull(), name: text('name').notNull(), rank: integer('rank').notNull() });

let database: DatabaseHandle;
const probe = (pattern: string, few: number, descending = false) =>
  matchesIfFew(database.db, people, people.id, like(people.name, pattern), few, [
    { column: people.rank, direction: descending ? 'desc' : 'asc' },
    { column: people.id, direction: 'asc' },
  ]);

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await database.db.execute(sql`create table probed_people (id integer not null, name text not null, rank integer not null)`);
  // Five Limas and three Costas, their ranks out of their ids' order (two Limas share one).
  await database.db.execute(sql`insert into probed_people (id, name, rank) values
    (1, 'Ana Lima', 50), (2, 'Bruno Lima', 10), (3, 'Carla Lima', 30), (4, 'Davi Lima', 30), (5, 'Eva Lima', 20),
    (6, 'Ana Costa', 3), (7, 'Bia Costa', 2), (8, 'Caio Costa', 1)`);
});
afterAll(() => database.close());

test('at most `few` matches: all of them, in the order given, and their number', async () => {
  expect(await probe('%Lima%', 5)).toEqual({ few: [2, 5, 3, 4, 1], seen: 5 });
  expect(await probe('%Lima%', 6, true)).toEqual({ few: [1, 3, 4, 5, 2], seen: 5 });
  expect(await probe('%Costa%', 3)).toEqual({ few: [8, 7, 6], seen: 3 });
});

test('past `few`: no matches sent, and `few + 1` seen, a floor of their number', async () => {
  expect(await probe('%Lima%', 4)).toEqual({ seen: 5 });
  expect(await probe('%a%', 2)).toEqual({ seen: 3 });
});

test('no match: none, and none seen', async () => {
  expect(await probe('%Souza%', 5)).toEqual({ few: [], seen: 0 });
});

test('without an order, the matches come in whatever order they were read', async () => {
  const { few, seen } = await matchesIfFew(database.db, people, people.id, like(people.name, '%Costa%'), 10);
  expect(seen).toBe(3);
  expect([...few!].sort()).toEqual([6, 7, 8]);
});
