import type { FastifyInstance } from 'fastify';
import { unique } from './channelFixtures';
import { csvLines, injectAs } from './helpers';

/** A tag of letters only: the patient searches read digits as a CPF. */
export const letterTag = () => unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);

/** Pairs of equal numbers, (1,2), (3,4), … so rows 500/501 and 1,000/1,001 (batch and page ends) tie. */
export const pair = (index: number) => Math.floor((index + 1) / 2);

/** Rows enough for an export of more than one 1,000-row batch. */
export const MORE_THAN_A_BATCH = 1007;

/** Pairs of equal names, (1,2), (3,4), … so rows 1,000 and 1,001 (across the first batch's end) tie. */
export const pairedName = (prefix: string, index: number) => `${prefix} ${String(Math.floor((index + 1) / 2)).padStart(4, '0')}`;

type Keyed = { id: number; name: string };
/** A list's order by name, ties by id. */
export const byNameThenId = (a: Keyed, b: Keyed) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1);

/** One column of an export's rows (header left out), read as `token`. */
export async function exportedColumn(app: FastifyInstance, token: string, url: string, column: number): Promise<string[]> {
  const response = await injectAs(app, token, { method: 'GET', url });
  expect([url, response.statusCode]).toEqual([url, 200]);
  return csvLines(response.body)
    .slice(1)
    .map((line) => line.split(';')[column]);
}
