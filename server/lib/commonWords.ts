import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containsPattern } from './listQuery';
import { keyContains } from './nameOrder';

/**
 * The share of a column's rows holding a word that contains `text` ('silva' in 'ana silva santos'),
 * for the most common word of them, 0 to 1; 0 when `text` is more than one word, or when no common
 * word contains it. Read from the most common words of a statistics object on the column's words
 * (`CREATE STATISTICS name ON (regexp_split_to_array(column, '\s+'))`, migration 0047), which
 * ANALYZE keeps with the table's other statistics: nothing to maintain on writes, and a tenth of a
 * millisecond to read. The share counts the rows whose column is not null, as the statistics do.
 *
 * A filter that matches a common word matches at least its rows: a list can tell a surname shared
 * by thousands from a rarer name before reading any of them. The figure is the last ANALYZE's, from
 * its sample: a guide to which way to read, never a total shown as exact. PostgreSQL shows these
 * statistics to the table's owner and its members (the role that ran the migrations): another reads 0,
 * and its lists probe every name as before.
 */
export async function commonWordShare(db: Database, statistics: string, text: string): Promise<number> {
  const word = text.trim();
  if (word === '' || /\s/.test(word)) return 0;
  // most_common_elem_freqs ends in three figures past the words' (their least, their most, and the
  // nulls'): unnest pairs those with no word, and the filter drops them.
  const { rows } = (await db.execute(sql`
    select coalesce(max(common.share), 0)::float8 as share
    from pg_stats_ext_exprs,
      unnest(most_common_elems::text::text[], most_common_elem_freqs) as common(word, share)
    where statistics_schemaname = current_schema() and statistics_name = ${statistics}
      and ${keyContains(sql`common.word`, containsPattern(word))}`)) as unknown as { rows: Array<{ share: number }> };
  return Number(rows[0]?.share ?? 0);
}
