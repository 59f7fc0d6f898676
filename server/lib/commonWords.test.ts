import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { commonWordShare, readWordShares, WORD_SHARES_MAX_AGE_MS, wordSharesOf } from './commonWords';

/**
 * A word's share of a column's rows, from the statistics ANALYZE keeps of the column's words: what a
 * name filter reads to tell a common surname from a rarer name before reading any match.
 */

let database: DatabaseHandle;
const shareOf = async (text: string, statistics = 'worded_people_words') =>
  commonWordShare(await readWordShares(database.db, statistics), text);

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await database.db.execute(sql`create table worded_people (names text)`);
  await database.db.execute(sql`create statistics worded_people_words on (regexp_split_to_array(names, '\\s+')) from worded_people`);
  // 1,000 rows with names: 'silva' in half of them (once a second member's line), 'souza' in a fifth,
  // 'costa' in a hundredth; 500 rows without (the dependents' null group names).
  await database.db.execute(sql`
    insert into worded_people (names)
    select case
      when n % 2 = 0 then 'ana silva ' || (case when n % 5 = 0 then 'souza' else 'lima' end)
      when n % 5 = 0 then 'bruno souza' || chr(10) || 'caio rocha'
      else 'davi ' || (case when n % 100 = 1 then 'costa' else 'lima' end) || ' rocha'
    end
    from generate_series(1, 1000) as n`);
  await database.db.execute(sql`insert into worded_people (names) select null from generate_series(1, 500)`);
});
afterAll(() => database.close());

test('knows no word before ANALYZE has kept its statistics', async () => {
  expect(await shareOf('silva')).toBe(0);
});

describe('after ANALYZE', () => {
  beforeAll(() => database.db.execute(sql`analyze worded_people`));

  test("gives a common word's share of the rows with names, whatever the nulls", async () => {
    expect(await shareOf('silva')).toBeCloseTo(0.5, 2);
    expect(await shareOf('souza')).toBeCloseTo(0.2, 2);
    // Every row's words, one of them on a second member's line.
    expect(await shareOf('rocha')).toBeCloseTo(0.5, 2);
  });

  test('finds the word by a part of it, blind to case and accents, as the name filters match', async () => {
    expect(await shareOf('ILV')).toBeCloseTo(0.5, 2);
    expect(await shareOf('  Sóuza ')).toBeCloseTo(0.2, 2);
    // Most words hold an 'a': the share is the most common one's ('lima', 795 rows), not their sum.
    expect(await shareOf('a')).toBeCloseTo(0.795, 2);
  });

  test('answers 0 for a name of two words, a word no row holds, a pattern character, or other statistics', async () => {
    expect(await shareOf('ana silva')).toBe(0);
    expect(await shareOf('pereira')).toBe(0);
    expect(await shareOf('%')).toBe(0);
    expect(await shareOf('')).toBe(0);
    expect(await shareOf('silva', 'other_words')).toBe(0);
  });
});

describe('wordSharesOf', () => {
  test('reads the statistics once a minute at most, and reads them again after', async () => {
    const { db } = database;
    await db.execute(sql`create table named (names text)`);
    await db.execute(sql`create statistics named_words on (regexp_split_to_array(names, '\\s+')) from named`);
    await db.execute(sql`insert into named (names) select 'ana silva' from generate_series(1, 100)`);
    const start = Date.now();
    expect((await wordSharesOf(db, 'named_words', start)).size).toBe(0);
    await db.execute(sql`analyze named`);
    // Within the minute: the shares read before ANALYZE, without reading again.
    expect((await wordSharesOf(db, 'named_words', start + WORD_SHARES_MAX_AGE_MS - 1)).size).toBe(0);
    const after = await wordSharesOf(db, 'named_words', start + WORD_SHARES_MAX_AGE_MS);
    expect(after.get('silva')).toBeCloseTo(1, 2);
  });

  test('keeps no failed read: the next filter asks the database again', async () => {
    let asked = 0;
    const failing = {
      execute: () => {
        asked += 1;
        return Promise.reject(new Error('unavailable'));
      },
    } as unknown as Database;
    await expect(wordSharesOf(failing, 'named_words', 0)).rejects.toThrow('unavailable');
    await new Promise((resolve) => setImmediate(resolve));
    await expect(wordSharesOf(failing, 'named_words', 1)).rejects.toThrow('unavailable');
    expect(asked).toBe(2);
  });
});
