import { ilike, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { onlyDigits } from '../../../src/domain/documents';
import { containsPattern, type ListQuery } from '../../lib/listQuery';

/** Case-insensitive "contains" on a text column; no condition for an empty filter. */
export const textContains = (column: AnyPgColumn | SQL, text: string | undefined): SQL | undefined =>
  text ? ilike(column, containsPattern(text)) : undefined;

/** Plain "contains" on a digits-only column (CPF, CNPJ): '123.456' finds '123456…'. */
export function digitsContain(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const digits = onlyDigits(text);
  return like(column, containsPattern(digits || text));
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * One page (when the call asked for one) or the whole scoped, filtered list, as the spec's calls
 * expect. `fetch` reads the rows with the list's ORDER BY and the given LIMIT/OFFSET.
 */
export async function readList<T>(
  list: ListQuery,
  fetch: (limit: number | undefined, offset: number) => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<ListResult<T>> {
  if (!list.paged) {
    const items = await fetch(undefined, 0);
    return { items, total: items.length };
  }
  const [items, total] = await Promise.all([fetch(list.pageSize, list.offset), countAll()]);
  return { items, total };
}

const saoPaulo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
/** dd/mm/aaaa in Brazil's time, for CSV exports. */
export const csvDate = (value: Date) => saoPaulo.format(value);
