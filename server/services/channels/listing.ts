import { ilike, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeCpfOrCnpj } from '../../../src/domain/documents';
import type { KeyPart } from '../../lib/keyset';
import { containsPattern, type ListQuery } from '../../lib/listQuery';
import { pageFromNearerEnd } from '../../lib/nearerEnd';

/** Case-insensitive "contains" on a text column; no condition for an empty filter. */
export const textContains = (column: AnyPgColumn | SQL, text: string | undefined): SQL | undefined =>
  text ? ilike(column, containsPattern(text)) : undefined;

/**
 * Plain "contains" on a normalised document column (CPF digits, CNPJ digits or upper-case letters of
 * the alphanumeric CNPJ): '123.456' finds '123456…', '12.abc' finds '12ABC…'.
 */
export function digitsContain(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const normalised = normalizeCpfOrCnpj(text);
  return like(column, containsPattern(normalised || text));
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * One page of the scoped, filtered list in the order `key` and its total, read from the nearer end
 * (pageFromNearerEnd). `fetch` reads the rows with the given ORDER BY, LIMIT and OFFSET.
 */
export async function readList<T>(
  list: ListQuery,
  key: KeyPart[],
  fetch: (orderBy: SQL[], limit: number, offset: number) => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<ListResult<T>> {
  const { rows, total } = await pageFromNearerEnd(key, { limit: list.pageSize, offset: list.offset }, fetch, countAll);
  return { items: rows, total };
}

const saoPaulo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
/** dd/mm/aaaa in Brazil's time, for CSV exports. */
export const csvDate = (value: Date) => saoPaulo.format(value);
