import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { USER_TYPES, type UserType } from '../../src/domain/userTypes';
import { DOCS_PREFIX } from '../plugins/apiDocs';
import { ACCESS_TABLE, expectedAnswer, routeKey } from '../test/accessTable';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * Every paged list × every user type that may read it: page 2 holds the rows that follow page 1
 * (the second half of a page twice as long, or nothing when one page holds them all), with the same
 * total, and a page past the end is empty. A list that ignored `page`, or counted only the page, fails here.
 */

const PAGE_SIZE = 2;

/** The paged lists: each answers one page and its total in X-Total-Count. */
const PAGED_LISTS = [
  '/api/partners',
  '/api/branches',
  '/api/resellers',
  '/api/beneficiaries',
  '/api/reports/sales',
  '/api/professionals',
  '/api/appointments',
  '/api/appointments/referrals',
  '/api/audit',
];

/** GET routes that answer something else than a paged list, and why. */
const NOT_PAGED: Record<string, string> = {
  '/api/health': 'a status',
  '/api/auth/verify': 'the signed-in user',
  '/api/checkout/config': 'settings',
  '/api/parametros': 'the dozen settings, all at once',
  '/api/partners/options': 'a picker: every option at once',
  '/api/branches/options': 'a picker: every option at once',
  '/api/beneficiaries/filters': 'the filter options',
  '/api/reports/sales/filters': 'the filter options',
  '/api/specialties': 'the 17 specialties',
  '/api/specialty-availability': 'the free slots of a period',
  '/api/appointments/patients': 'a search box: the first matches',
};

let app: FastifyInstance;
const tokens: Partial<Record<UserType, string>> = {};

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  for (const type of USER_TYPES) tokens[type] = await loginAsDemo(app, type);
});
afterAll(() => app?.close());

/** The rows of a list's answer, whichever envelope the list uses: `[…]`, `{data: […]}`, `{data: {data: […]}}`, a report's `{rows}`. */
function rowsOf(response: LightMyRequestResponse): unknown[] {
  const body = response.json() as { data?: unknown; rows?: unknown[] } | unknown[];
  if (Array.isArray(body)) return body.map(withoutSignature);
  if (body.rows) return body.rows.map(withoutSignature);
  const data = body.data as unknown[] | { data: unknown[] };
  return (Array.isArray(data) ? data : data.data).map(withoutSignature);
}

/**
 * A signed file link (a referral's document, a professional's files) expires a set time after it is
 * made: two requests a second apart sign it differently. Compared without its signature.
 */
const withoutSignature = (row: unknown): unknown => JSON.parse(JSON.stringify(row).replace(/\?expires=[^"]*/g, ''));

/**
 * Which rows a page counts: beneficiaries are paged by holder, each followed by its dependents
 * (who carry their holder's CPF); every other list counts every row.
 */
const counts = (url: string) => (row: unknown) => url !== '/api/beneficiaries' || (row as { holder: string | null }).holder === null;

/** The rows from the n-th counted row on (its dependents come along with it). */
function fromCounted(rows: unknown[], url: string, n: number): unknown[] {
  const starts = rows.map((row, index) => (counts(url)(row) ? index : -1)).filter((index) => index >= 0);
  return n < starts.length ? rows.slice(starts[n]) : [];
}

async function page(url: string, type: UserType, number: number, size: number) {
  const response = await injectAs(app, tokens[type], { method: 'GET', url: `${url}?page=${number}&pageSize=${size}` });
  expect([url, response.statusCode]).toEqual([url, 200]);
  return { rows: rowsOf(response), total: Number(response.headers['x-total-count']) };
}

describe('the paged lists', () => {
  it('are every GET route without a parameter that is not an export, an option list, a file or the API reference', () => {
    const lists = ACCESS_TABLE.filter(
      (row) => row.method === 'GET' && !row.url.includes(':') && !/export/.test(row.url) && !row.url.startsWith(DOCS_PREFIX),
    ).map((row) => row.url);
    expect(lists.sort()).toEqual([...PAGED_LISTS, ...Object.keys(NOT_PAGED)].sort());
  });
});

for (const url of PAGED_LISTS) {
  const row = ACCESS_TABLE.find((candidate) => routeKey(candidate) === `GET ${url}`)!;
  const readers = USER_TYPES.filter((type) => expectedAnswer(row, type, 'in') === 200);
  describe(`GET ${url}`, () => {
    it.each(readers)('%s: page 2 follows page 1, with the same total', async (type) => {
      const twoPages = await page(url, type, 1, PAGE_SIZE * 2);
      const second = await page(url, type, 2, PAGE_SIZE);
      expect(twoPages.total).toBeGreaterThan(0);
      // Administrators see more than one page of every list in the demo data, so page 2 has rows.
      if (type === 'ADMINISTRADOR') expect(twoPages.total).toBeGreaterThan(PAGE_SIZE);
      expect(twoPages.rows.filter(counts(url))).toHaveLength(Math.min(PAGE_SIZE * 2, twoPages.total));
      expect(second.rows).toEqual(fromCounted(twoPages.rows, url, PAGE_SIZE));
      expect(second.total).toBe(twoPages.total);
      // Past the last page: no rows, the same total.
      const beyond = await page(url, type, Math.ceil(twoPages.total / PAGE_SIZE) + 1, PAGE_SIZE);
      expect(beyond).toEqual({ rows: [], total: twoPages.total });
    });
  });
}
