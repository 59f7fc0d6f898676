import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { readWordShares } from './commonWords';
import { containsPattern } from './listQuery';
import { keyContains, keyContainsFromIndex, nameOrder } from './nameOrder';
import { rarestLettersPattern, threeLetterRuns } from './rarestLetters';

/**
 * What a name filter's probe asks the trigram index for: of each word, its least common three
 * letters by the column's common words; the rows found are then the list's own, checked as typed.
 */

/** Carla, Carvalho and Ricardo make 'car' common; Ramalho makes 'ram'. */
const SHARES = new Map([
  ['carla', 0.2],
  ['carvalho', 0.1],
  ['ricardo', 0.1],
  ['ramalho', 0.05],
  ['ramos', 0.05],
  ['silva', 0.3],
  ['ana', 0.2],
  ['mariana', 0.1],
]);

describe('threeLetterRuns', () => {
  test("each run of three letters, in the word's order", () => {
    expect(threeLetterRuns('carlos')).toEqual(['car', 'arl', 'rlo', 'los']);
    expect(threeLetterRuns('ana')).toEqual(['ana']);
    expect(threeLetterRuns('da')).toEqual([]);
  });

  test("none holding a pattern's own character, none cutting a letter outside the basic plane in two", () => {
    expect(threeLetterRuns('50%ab')).toEqual([]);
    expect(threeLetterRuns('a_bcd')).toEqual(['bcd']);
    expect(threeLetterRuns('a\\bcd')).toEqual(['bcd']);
    expect(threeLetterRuns('a😀bc')).toEqual(['a😀b', '😀bc']);
  });
});

describe('rarestLettersPattern', () => {
  test('asks of each word its least common run, the first of equals', () => {
    // carlos: 'car' (0.4) and 'arl' (0.2) are common words' runs, 'rlo' and 'los' none's; ramos: 'ram' is Ramalho's too.
    expect(rarestLettersPattern(SHARES, 'carlos ramos')).toBe('%rlo%amo%');
    expect(rarestLettersPattern(SHARES, 'Carlos  Ramos ')).toBe('%rlo%amo%');
  });

  test('compares the runs with the common words blind to case and accents, and keeps them as typed', () => {
    // 'CÁR' is Carla's 'car': the rarer 'RLO' is asked, as typed (the database folds it as it folds the names).
    expect(rarestLettersPattern(SHARES, 'CÁRLOS RAMOS')).toBe('%RLO%AMO%');
  });

  test('asks a word of fewer than three letters, or without a run free of pattern characters, whole and escaped', () => {
    expect(rarestLettersPattern(SHARES, 'ana da silva')).toBe('%ana%da%sil%');
    expect(rarestLettersPattern(SHARES, '50% carlos')).toBe('%50\\%%rlo%');
  });

  test('asks the words whole for one word, or with no common words known', () => {
    expect(rarestLettersPattern(SHARES, 'carlos')).toBe('%carlos%');
    expect(rarestLettersPattern(new Map(), 'carlos ramos')).toBe('%carlos%ramos%');
    expect(rarestLettersPattern(new Map(), 'a_b c%d')).toBe('%a\\_b%c\\%d%');
  });
});

describe('on the database, after ANALYZE', () => {
  let database: DatabaseHandle;
  const key = sql.raw('name_key');
  const NAMES = [
    'Carlos Ramos',
    'Carlos Ramos Silva',
    'Ana Carla Ramos',
    'Carlos Silva Ramos',
    'Ricardo Ramalho',
    'Carla Carvalho',
    'Marcos Ramos',
    'Carlota Ramos',
    'Ana 50% Silva',
    'Ana_Silva Costa',
  ];

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
    const { db } = database;
    await db.execute(sql`create table named_people (id integer primary key, name_key text not null)`);
    await db.execute(sql`create index named_people_trgm_idx on named_people using gin (name_key gin_trgm_ops)`);
    await db.execute(sql`create statistics named_people_words on (regexp_split_to_array(name_key, '\\s+')) from named_people`);
    // The names above, and a thousand common ones that make 'car', 'arl' and 'ram' common runs.
    for (const [index, name] of NAMES.entries())
      await db.execute(sql`insert into named_people (id, name_key) values (${index + 1}, ${nameOrder(sql`${name}::text`)})`);
    await db.execute(sql`
      insert into named_people (id, name_key)
      select 100 + n, (array['carla souza', 'ricardo carvalho', 'maria ramalho', 'ana silva'])[1 + n % 4] from generate_series(1, 1000) as n`);
    await db.execute(sql`analyze named_people`);
  });
  afterAll(() => database.close());

  const idsWhere = async (condition: ReturnType<typeof keyContains>) => {
    const { rows } = (await database.db.execute(
      sql`select id from named_people where ${condition} and id < 100 order by id`,
    )) as unknown as {
      rows: Array<{ id: number }>;
    };
    return rows.map((row) => row.id);
  };

  test.each([
    ['Carlos Ramos', [1, 2]],
    ['carlos ramos silva', [2]],
    ['CARLOS RAMOS', [1, 2]],
    ['arlos ram', [1, 2]],
    ['ana carla', [3]],
    ['los ra', [1, 2]],
    ['50% s', [9]],
    ['a_s', [10]],
    ['na_silva co', [10]],
  ])('finds for %p exactly what the list finds', async (text, expected) => {
    const shares = await readWordShares(database.db, 'named_people_words');
    expect(shares.size).toBeGreaterThan(0);
    const pattern = containsPattern(text);
    expect(await idsWhere(keyContainsFromIndex(rarestLettersPattern(shares, text))(key, pattern))).toEqual(expected);
    expect(await idsWhere(keyContains(key, pattern))).toEqual(expected);
  });

  test("asks the index for each word's rarest run and checks the text as typed on the rows it finds", async () => {
    const shares = await readWordShares(database.db, 'named_people_words');
    const asked = rarestLettersPattern(shares, 'Carlos Ramos');
    // 'car', 'arl' and 'ram' are the common words' runs; 'rlo' or 'los' and 'amo', the rare names'.
    expect(asked).toMatch(/^%(rlo|los)%amo%$/);
    await database.db.execute(sql`set enable_seqscan = off`);
    const { rows } = (await database.db.execute(
      sql`explain (format json) select id from named_people where ${keyContainsFromIndex(asked)(key, containsPattern('Carlos Ramos'))}`,
    )) as unknown as { rows: Array<{ 'QUERY PLAN': string | Array<{ Plan: PlanNode }> }> };
    await database.db.execute(sql`reset enable_seqscan`);
    const plan = rows[0]['QUERY PLAN'];
    const [{ Plan: heap }] = typeof plan === 'string' ? (JSON.parse(plan) as Array<{ Plan: PlanNode }>) : plan;
    expect(heap.Plans?.[0]).toMatchObject({ 'Index Name': 'named_people_trgm_idx', 'Index Cond': `(name_key ~~ '${asked}'::text)` });
    expect(heap.Filter).toBe("((name_key || ''::text) ~~ '%carlos ramos%'::text)");
  });
});

interface PlanNode {
  Filter?: string;
  Plans?: PlanNode[];
}
