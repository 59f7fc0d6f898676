import { like, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeCpfOrCnpj } from '../../../src/domain/documents';
import { containsPattern, type ListQuery } from '../../lib/listQuery';
import { keyContains, nameContains } from '../../lib/nameOrder';

/*
 * A filter's condition is written once for its pattern given as a value (the CSV export) or as a
 * prepared query's placeholder (the list's page, prepared once per shape: db/queryShapes.ts).
 */

/** A "contains" filter's pattern, the wildcards typed taken literally; undefined for an empty filter. */
export const textPattern = (text: string | undefined): string | undefined => (text ? containsPattern(text) : undefined);

/**
 * A document filter's pattern, a plain "contains" on the normalised column (CPF digits, CNPJ digits
 * or upper-case letters of the alphanumeric CNPJ): '123.456' finds '123456…', '12.abc' finds '12ABC…'.
 */
export const documentPattern = (text: string | undefined): string | undefined =>
  text ? containsPattern(normalizeCpfOrCnpj(text) || text) : undefined;

/** The text filter's condition on `column` (textPattern's pattern), blind to case and accents; none for an absent filter. */
export const textContains = (column: AnyPgColumn | SQL, pattern: string | Placeholder | undefined): SQL | undefined =>
  pattern === undefined ? undefined : nameContains(column, pattern);

/** The same filter on a name's stored key (the resellers' nome_key); none for an absent filter. */
export const nameKeyContains = (key: AnyPgColumn, pattern: string | Placeholder | undefined): SQL | undefined =>
  pattern === undefined ? undefined : keyContains(key, pattern);

/** The document filter's condition on `column` (documentPattern's pattern); none for an absent filter. */
export const documentContains = (column: AnyPgColumn, pattern: string | Placeholder | undefined): SQL | undefined =>
  pattern === undefined ? undefined : like(column, pattern);

export interface ListResult<T> {
  items: T[];
  total: number;
}

/** The page a list call asks for, as readPreparedList reads it. */
export const pageOfList = (list: ListQuery) => ({ sort: list.sort, limit: list.pageSize, offset: list.offset });

const saoPaulo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
/** dd/mm/aaaa in Brazil's time, for CSV exports. */
export const csvDate = (value: Date) => saoPaulo.format(value);
