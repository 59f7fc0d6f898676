import type { FastifyInstance } from 'fastify';
import { injectAs } from './helpers';

/** The ids (or another `field`) of a list's answer, whichever envelope it uses: `[…]`, `{data: […]}`, `{data: {data: […]}}` or a report's `{rows: […]}`. */
function idsOf(body: unknown, field: string): unknown[] {
  const data = (body as { data?: unknown; rows?: unknown }).data ?? (body as { rows?: unknown }).rows ?? body;
  const rows = (Array.isArray(data) ? data : (data as { data: unknown[] }).data) as Array<Record<string, unknown>>;
  return rows.map((row) => row[field]);
}

/**
 * Pages of 5 deep in a list of `expectedIds.length` (over 1,000) rows, read from the list's end:
 * the one at row 1,000, the last one and one past the end hold exactly the rows the order puts there,
 * and the total stays the list's (exact, as a deep page counts it). `field` names a row's key (`id` by default).
 */
export async function expectDeepPages(app: FastifyInstance, token: string, url: string, expectedIds: Array<number | string>, field = 'id') {
  expect(expectedIds.length).toBeGreaterThan(1005);
  const size = 5;
  const last = Math.ceil(expectedIds.length / size);
  const separator = url.includes('?') ? '&' : '?';
  for (const page of [201, last, last + 1]) {
    const response = await injectAs(app, token, { method: 'GET', url: `${url}${separator}page=${page}&pageSize=${size}` });
    expect([url, page, response.statusCode, response.headers['x-total-count']]).toEqual([url, page, 200, String(expectedIds.length)]);
    expect([url, page, idsOf(response.json(), field)]).toEqual([url, page, expectedIds.slice((page - 1) * size, page * size)]);
  }
}
