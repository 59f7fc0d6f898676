import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The accented letters of Portuguese (and Spanish) names, both cases, by the plain letter each sorts as. */
const ACCENTED = { a: 'ÁÀÂÃÄáàâãä', e: 'ÉÈÊËéèêë', i: 'ÍÌÎÏíìîï', o: 'ÓÒÔÕÖóòôõö', u: 'ÚÙÛÜúùûü', c: 'Çç', n: 'Ññ' };
export const FOLDED_FROM = Object.values(ACCENTED).join('');
export const FOLDED_TO = Object.entries(ACCENTED)
  .map(([plain, letters]) => plain.repeat(letters.length))
  .join('');

/**
 * A name's sort key: lower case without accents, so 'Ágata' sorts beside 'Agata' whatever the
 * database's collation (PGlite's, like a C-collated PostgreSQL's, orders by character code and put it
 * after 'Vinícius'; its lower() leaves 'Á' as it is, hence both cases above). The letters are
 * literals, not parameters, so the expression is the one the name indexes hold (migration 0039).
 */
export const nameOrder = (name: SQLWrapper): SQL =>
  sql`translate(lower(${name}), ${sql.raw(`'${FOLDED_FROM}'`)}, ${sql.raw(`'${FOLDED_TO}'`)})`;

/** A containsPattern folded once per execution, out of the planner's sight (foldedOutOfSight). */
class FoldedOutOfSight {
  constructor(readonly folded: SQL) {}
}

/** A containsPattern: its text, a prepared query's placeholder for it, or one foldedOutOfSight. */
export type Pattern = string | Placeholder | FoldedOutOfSight;

/**
 * A containsPattern folded by the same expression as the names: not in JavaScript, whose lower case
 * differs from the database's beyond the letters above.
 */
const foldedPattern = (pattern: Pattern): SQL => (pattern instanceof FoldedOutOfSight ? pattern.folded : nameOrder(sql`${pattern}::text`));

/**
 * A pattern (a placeholder, or a value sent as a parameter) folded in a subquery, which the planner
 * does not look into and which runs once per execution: for a statement that keeps one generic plan
 * whatever the pattern (a name's trigrams decide how many rows it finds, and PostgreSQL, seeing them,
 * planned it on every request). Folded outside a subquery, a generic plan folded it again for every
 * row it checked (1.4 → 2.5 ms for a probe of 156 names, bench/README.md).
 */
export const foldedOutOfSight = (pattern: string | Placeholder) => new FoldedOutOfSight(sql`(select ${foldedPattern(pattern)})`);

/**
 * A 'contains' filter on a name, blind to accents and case as the name orders are: 'agata' finds
 * 'Ágata' and 'ÁGATA'. `pattern` is a containsPattern. The name's trigram index, where it has one,
 * holds the folded expression (migration 0040).
 */
export const nameContains = (name: SQLWrapper, pattern: string | Placeholder): SQL =>
  sql`${nameOrder(name)} like ${foldedPattern(pattern)}`;

/** The same filter on a key stored folded: the beneficiaries' name_key and their holders' group names. */
export const keyContains = (key: SQLWrapper, pattern: Pattern): SQL => sql`${key} like ${foldedPattern(pattern)}`;

/** A name condition: keyContains, or one keyContainsFromIndex makes. */
export type KeyCondition = (key: SQLWrapper, pattern: Pattern) => SQL;

/**
 * keyContains for reading the matches from the key's trigram index, as a name filter's probe does: the
 * index is asked for `asked` (the words apart, '%ana%silva%', or their rarest letters,
 * rarestLetters.ts), and the text as typed is checked on the rows it finds, out of the index's sight.
 * Asked for '%ana silva%', the index also read the trigrams of the space between the words ('na ',
 * '  s', ' si'), which most names hold: 1.3 of the search's 2.2 ms, for the same 913 rows found
 * (bench/README.md). Not for a list's own condition: the planner multiplies the two conditions'
 * chances and would guess too few rows for its plans and estimated totals.
 */
export const keyContainsFromIndex =
  (asked: Pattern): KeyCondition =>
  (key, pattern) =>
    asked === pattern ? keyContains(key, pattern) : sql`(${keyContains(key, asked)} and ${keyContains(sql`(${key} || '')`, pattern)})`;
