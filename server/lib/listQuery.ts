import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { badRequest } from './httpErrors';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface ListQuery {
  /** False when the call sent no `page`: answer the whole (scoped, filtered) list, as the spec's calls expect. */
  paged: boolean;
  page: number;
  pageSize: number;
  offset: number;
  /** ORDER BY parts: the requested column first, then the default as tie-breaker. */
  orderBy: SQL[];
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
 * `sortable` maps the names a client may sort by to their columns; anything else is a 400.
 */
export function parseListQuery(query: unknown, sortable: Record<string, AnyPgColumn | SQL>, defaultSort: SQL[]): ListQuery {
  const raw = (query ?? {}) as RawQuery;
  const paged = raw.page !== undefined && raw.page !== '';
  const page = positiveInt(raw.page, 'page', 1, 1_000_000);
  const pageSize = positiveInt(raw.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const orderBy = [...defaultSort];
  if (typeof raw.sort === 'string' && raw.sort) {
    const [name, direction = 'asc'] = raw.sort.split(':');
    const column = sortable[name];
    if (!column || !['asc', 'desc'].includes(direction)) throw badRequest('Parâmetro sort inválido.');
    orderBy.unshift(direction === 'desc' ? desc(column) : asc(column));
  }
  return { paged, page, pageSize, offset: (page - 1) * pageSize, orderBy };
}

/** A text filter from the query: trimmed, at most 200 characters, undefined when empty. */
export function textFilter(query: unknown, name: string): string | undefined {
  const value = (query as RawQuery | undefined)?.[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Filtro ${name} inválido.`);
  const trimmed = value.trim().slice(0, 200);
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

/** The total of a paged list travels in `X-Total-Count` (exposed to browsers). */
export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
}
