import { foldedAsKeys, type WordShares } from './commonWords';
import { containsPattern } from './listQuery';

/** A LIKE pattern's own characters: a part asked of the index holds none, so it needs no escaping. */
const PATTERN_CHARACTER = /[\\%_]/;

/** A word's runs of three letters (code points, so a pair of surrogates is never cut), none a pattern character. */
export function threeLetterRuns(word: string): string[] {
  const letters = Array.from(word);
  const runs: string[] = [];
  for (let start = 0; start + 3 <= letters.length; start += 1) {
    const run = letters.slice(start, start + 3).join('');
    if (!PATTERN_CHARACTER.test(run)) runs.push(run);
  }
  return runs;
}

/** A word as a part of a LIKE pattern: its pattern characters escaped. */
const escaped = (word: string) => containsPattern(word).slice(1, -1);

const runSharesOf = new WeakMap<WordShares, Map<string, number>>();

/**
 * Each run of three letters of the common words, with the summed shares of the words holding it: built
 * once for each read of the statistics (wordSharesOf keeps one a minute), not for every filter.
 */
function runShares(shares: WordShares): Map<string, number> {
  let table = runSharesOf.get(shares);
  if (table) return table;
  table = new Map();
  for (const [word, share] of shares) for (const run of new Set(threeLetterRuns(word))) table.set(run, (table.get(run) ?? 0) + share);
  runSharesOf.set(shares, table);
  return table;
}

/** How common a run of letters is: the summed shares of the common words holding it (0: rarer than any of them). */
const shareOfRun = (shares: WordShares, run: string) => runShares(shares).get(foldedAsKeys(run)) ?? 0;

/** Of a word's runs, the least common; the first of equals. */
function rarestRun(shares: WordShares, runs: string[]): string {
  let rarest = runs[0];
  let least = shareOfRun(shares, rarest);
  for (const run of runs.slice(1)) {
    const share = shareOfRun(shares, run);
    if (share < least) [rarest, least] = [run, share];
  }
  return rarest;
}

/**
 * The pattern a name filter's probe asks the name's trigram index for (keyContainsFromIndex): for a
 * filter of two words or more, of each word its least common run of three letters by the column's
 * common words (commonWords.ts); a word of fewer letters is asked whole. 'carlos ramos' asks
 * '%rlo%amo%' rather than '%carlos%ramos%': the index then reads the rows of 'rlo' and 'amo', and not
 * those of 'car' (Carla, Carvalho, Ricardo: six times as many), for the same rows found
 * (bench/README.md). The probe checks the text as typed on every row the index finds, so the runs
 * asked decide how much the index reads, never which rows match.
 *
 * One word, or no common words known (before the first ANALYZE, or a role that may not read the
 * statistics), is asked whole, the words apart ('%ana%silva%'): one word's rarest run alone would let
 * through more rows than its whole letters.
 */
export function rarestLettersPattern(shares: WordShares, text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const pick = words.length > 1 && shares.size > 0;
  const parts = words.map((word) => {
    const runs = pick ? threeLetterRuns(word) : [];
    return runs.length > 0 ? rarestRun(shares, runs) : escaped(word);
  });
  return `%${parts.join('%')}%`;
}
