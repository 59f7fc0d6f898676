import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { sqlRows } from '../test/helpers';
import { sqlLiteral } from './sqlLiteral';

/**
 * A text written into a statement as a literal (the audit trail's filters, the large seed): the
 * database reads back the very text, whatever it holds and whatever `standard_conforming_strings` says.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
});
afterAll(() => database.close());

const TEXTS = [
  '',
  'Ana Souza',
  "Joana D'Ávila",
  "''",
  "'; drop table audit_log; --",
  'C:\\dados\\novo',
  '\\',
  "\\'",
  "'\\",
  'fim\\',
  '\\x41\\n\\u00e9\\\\',
  '$$ $1 %s ?',
  'Conceição Ñúñez ÅÆØ',
  '日本語 😀 👩🏽‍⚕️',
  'linha\nnova\ttab\r',
];

/** What the database reads from each text's literal, one statement for them all. */
async function readBack(texts: readonly string[], standardConformingStrings: 'on' | 'off'): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local standard_conforming_strings = ${standardConformingStrings}`));
    const list = texts.length ? `array[${texts.map(sqlLiteral).join(', ')}]::text[]` : `'{}'::text[]`;
    const { rows } = (await tx.execute(sql.raw(`select ${list} as texts`))) as unknown as { rows: Array<{ texts: string[] }> };
    return rows[0].texts;
  });
}

it('writes an escape string with quotes and backslashes doubled', () => {
  expect(sqlLiteral('')).toBe("E''");
  expect(sqlLiteral("D'Ávila")).toBe("E'D''Ávila'");
  expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
  expect(sqlLiteral("\\'")).toBe("E'\\\\'''");
  expect(sqlLiteral('日本 😀')).toBe("E'日本 😀'");
});

it('refuses a NUL character, which no text in the database holds', () => {
  expect(() => sqlLiteral('a\u0000b')).toThrow('NUL');
});

it('reads back each text as it was: select <literal>', async () => {
  for (const text of TEXTS) {
    const [row] = await sqlRows<{ text: string }>(database, sql.raw(`select ${sqlLiteral(text)} as text`));
    expect(row.text).toBe(text);
  }
});

it.each(['on', 'off'] as const)('reads back every text as it was, standard_conforming_strings %s', async (setting) => {
  expect(await readBack(TEXTS, setting)).toEqual(TEXTS);
});

it('reads back any text of any code points but NUL, quotes and backslashes often among them', async () => {
  const codePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((unit) => unit !== '\u0000');
  const anyText = fc.string({ unit: fc.oneof(fc.constantFrom("'", '\\', 'E', '$'), codePoint), maxLength: 40 });
  await fc.assert(
    fc.asyncProperty(fc.array(anyText, { maxLength: 20 }), fc.constantFrom('on' as const, 'off' as const), async (texts, setting) => {
      expect(await readBack(texts, setting)).toEqual(texts);
    }),
    { numRuns: 50 },
  );
});
