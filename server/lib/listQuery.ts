import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { MAX_LIST_PAGE } from '../../src/domain/listPages';
import { badRequest } from './httpErrors';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * One page of a list: every list answers one page, the first of the default size when the call
 * names none, never more than MAX_PAGE_SIZE rows (a larger `pageSize` is a 400). CSV exports are
 * the way to take everything.
 */
export interface ListQuery {
  page: number;
  pageSize: number;
  offset: number;
  /** ORDER BY parts: the requested column first, then the default as tie-breaker. */
  orderBy: SQL[];
  /** The requested sort alone, for a list that builds its order itself (e.g. read from the end). */
  sort?: ListSort;
}

export interface ListSort {
  /** The name the call sorted by (a key of the list's sortable columns). */
  name: string;
  column: AnyPgColumn | SQL;
  direction: 'asc' | 'desc';
}

type RawQuery = Record<string, unknown>;

function positiveInt(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw badRequest(`Parâmetro ${name} inválido.`);
  return number;
}

/**
 * Reads `page`, `pageSize` and `sort` (`column` or `column:asc|desc`) from a list call's query.
 * `sortable` maps the names a client may sort by to their columns; anything else is a 400. Only
 * its own keys count: `toString` or `__proto__` would otherwise find Object.prototype's members.
 */
export function parseListQuery(query: unknown, sortable: Record<string, AnyPgColumn | SQL>, defaultSort: SQL[]): ListQuery {
  const raw = (query ?? {}) as RawQuery;
  const page = positiveInt(raw.page, 'page', 1, MAX_LIST_PAGE);
  const pageSize = positiveInt(raw.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const orderBy = [...defaultSort];
  let sort: ListSort | undefined;
  if (typeof raw.sort === 'string' && raw.sort) {
    const [name, direction = 'asc'] = raw.sort.split(':');
    const column = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
    if (!column || (direction !== 'asc' && direction !== 'desc')) throw badRequest('Parâmetro sort inválido.');
    sort = { name, column, direction };
    orderBy.unshift(direction === 'desc' ? desc(column) : asc(column));
  }
  return { page, pageSize, offset: (page - 1) * pageSize, orderBy, sort };
}

/**
 * A text filter from the query: composed (NFC) as the names it is compared with are stored, so an
 * 'Á' pasted as 'A' and its accent finds them; trimmed, at most 200 characters, undefined when empty.
 */
export function textFilter(query: unknown, name: string): string | undefined {
  const value = (query as RawQuery | undefined)?.[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Filtro ${name} inválido.`);
  const trimmed = value.normalize('NFC').trim().slice(0, 200);
  return trimmed || undefined;
}

/** An id filter from the query: a positive integer or undefined. */
export function idFilter(query: unknown, name: string): number | undefined {
  const value = (query as RawQuery | undefined)?.[name];
  if (value === undefined || value === '') return undefined;
  // Ids are 32-bit: a larger number names no record and would fail in the query.
  return positiveInt(value, name, 0, 2_147_483_647);
}

/** Escapes LIKE wildcards so a filter matches the text as typed: `%ana%` for "contains". */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The total of a paged list travels in `X-Total-Count` (exposed to browsers); `X-Total-Estimated: true`
 * marks a total that is the planner's estimate (boundedCount), which the screens show as "cerca de".
 */
export function setTotalCount(reply: FastifyReply, total: number, estimated = false): void {
  reply.header('X-Total-Count', String(total));
  if (estimated) reply.header('X-Total-Estimated', 'true');
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Estimated');
}
