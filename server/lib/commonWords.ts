import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { FOLDED_FROM, FOLDED_TO } from './nameOrder';

/** A column's common words, each with the share of the rows holding it (0 to 1), as the last ANALYZE kept them. */
export type WordShares = ReadonlyMap<string, number>;

/**
 * The common words of a statistics object on a column's words (`CREATE STATISTICS name ON
 * (regexp_split_to_array(column, '\s+'))`, migration 0047), which ANALYZE keeps with the table's
 * other statistics: nothing to maintain on writes. A share counts the rows whose column is not null,
 * as the statistics do; it is the last ANALYZE's, from its sample: a guide to how to read, never a
 * figure shown. PostgreSQL shows these statistics to the table's owner and its members (the role that
 * ran the migrations): another reads none, and the name filters read as they would without them.
 */
export async function readWordShares(db: Database, statistics: string): Promise<WordShares> {
  // most_common_elem_freqs ends in three figures past the words' (their least, their most, and the
  // nulls'): unnest pairs those with no word, and the filter drops them.
  const { rows } = (await db.execute(sql`
    select common.word, common.share::float8 as share
    from pg_stats_ext_exprs, unnest(most_common_elems::text::text[], most_common_elem_freqs) as common(word, share)
    where statistics_schemaname = current_schema() and statistics_name = ${statistics} and common.word is not null`)) as unknown as {
    rows: Array<{ word: string; share: number }>;
  };
  return new Map(rows.map((row) => [row.word, Number(row.share)]));
}

/** How long the words' shares read are used before they are read again. */
export const WORD_SHARES_MAX_AGE_MS = 60_000;

const readsOf = new WeakMap<Database, Map<string, { at: number; shares: Promise<WordShares> }>>();

/**
 * readWordShares, read again when the last read is a minute old: reading the statistics took 0.45 ms
 * of the database's time, more than a name filter saves by them (bench/README.md), and they change
 * only when ANALYZE runs. They decide how a filter is read, never what it finds, so a copy of the
 * server with older ones answers the same rows. Requests at the same time share one read.
 */
export function wordSharesOf(db: Database, statistics: string, now = Date.now()): Promise<WordShares> {
  let reads = readsOf.get(db);
  if (!reads) readsOf.set(db, (reads = new Map()));
  const last = reads.get(statistics);
  if (last && now - last.at < WORD_SHARES_MAX_AGE_MS) return last.shares;
  const shares = readWordShares(db, statistics);
  reads.set(statistics, { at: now, shares });
  // A failed read is not kept: the next filter reads again.
  shares.catch(() => {
    if (reads.get(statistics)?.shares === shares) reads.delete(statistics);
  });
  return shares;
}

/** Text as the stored keys hold it (nameOrder's folding, as JavaScript lowers case): for comparing with the common words. */
export const foldedAsKeys = (text: string) =>
  Array.from(text.toLowerCase(), (letter) => {
    const at = FOLDED_FROM.indexOf(letter);
    return at < 0 ? letter : FOLDED_TO[at];
  }).join('');

/**
 * The share of the rows holding a word that contains `text` ('silva' in 'ana silva santos'), for the
 * most common word of them; 0 when `text` is more than one word, or when no common word contains it.
 * A filter that matches a common word matches at least its rows: a list can tell a surname shared
 * by thousands from a rarer name before reading any of them.
 */
export function commonWordShare(shares: WordShares, text: string): number {
  const word = foldedAsKeys(text.trim());
  if (word === '' || /\s/.test(word)) return 0;
  let most = 0;
  for (const [common, share] of shares) if (common.includes(word) && share > most) most = share;
  return most;
}
