import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { MAX_LIST_PAGE, SORT_SHAPE } from '../domain/listPages';

export const PAGE_SIZE = 10;

/** One page of a server-paged list. */
export interface Page<T> {
  items: T[];
  total: number;
  /** The server's total is an estimate (`X-Total-Estimated`, large lists): shown as "cerca de". */
  totalEstimated?: boolean;
}

/** What a list screen asks for: the page, an optional sort (`column:asc|desc`) and its filters. */
export interface ListArgs {
  page: number;
  pageSize?: number;
  sort?: string;
  filters?: Record<string, string | undefined>;
}

/**
 * The URL's page when it is a whole number from 1 up (a typed '2.5' or 'Infinity' would be refused by
 * the server), else the first; past the API's highest page, that page (the list then shows its last).
 */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_LIST_PAGE) : 1;
}

/** The URL's sort when the API could read it; a malformed one ('nome:sideways') is left out, not sent to be refused. */
const sortOf = (value: string | null) => (value && SORT_SHAPE.test(value) ? value : undefined);

/**
 * What a list screen asks for at this URL query: its page, sort and every filter it reads (empty
 * when absent). One builder for the screen's query, its prefetch and the start-up's first page
 * preload, so all three ask for the same URL.
 */
export function listArgsFromQuery(query: URLSearchParams, filterNames: readonly string[]): ListArgs {
  return {
    page: pageOf(query.get('page')),
    pageSize: PAGE_SIZE,
    sort: sortOf(query.get('sort')),
    filters: Object.fromEntries(filterNames.map((name) => [name, query.get(name) ?? ''])),
  };
}

/** `page=2&pageSize=10&sort=nome:asc&nome=ana`, leaving out empty filters. */
export function listSearchParams(args: ListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), pageSize: String(args.pageSize ?? PAGE_SIZE) });
  if (args.sort) params.set('sort', args.sort);
  for (const [name, value] of Object.entries(args.filters ?? {})) {
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** Builds a Page from the list the server sent and its `X-Total-Count` and `X-Total-Estimated` headers. */
export function toPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): Page<T> {
  const header = meta?.response?.headers.get('X-Total-Count');
  const page: Page<T> = { items, total: header ? Number(header) : items.length };
  if (meta?.response?.headers.get('X-Total-Estimated') === 'true') page.totalEstimated = true;
  return page;
}
