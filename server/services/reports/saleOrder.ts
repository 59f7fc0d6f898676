import { sql } from 'drizzle-orm';
import { branches, partners, resellers, sales } from '../../db/schema';
import { keyOf, orderOfKey, type KeyPart } from '../../lib/keyset';
import { nameOrder } from '../../lib/nameOrder';
import type { ListSort } from '../../lib/listQuery';
import { reversedKey } from '../../lib/nearerEnd';

/*
 * The orders of the report's rows (the sorts a call may ask for, newest first when it asks for none),
 * and what of a page's order and position its prepared query's shape names (db/queryShapes.ts).
 */

/** The columns a call may sort by, by name. */
export const SALE_SORTS = {
  data_hora: sales.dataHora,
  valor: sales.valor,
  tipo: sales.tipo,
  forma_pagamento: sales.paymentMethod,
  // By name without accents or case, as every list: walked in the order of each table's name index
  // (migration 0041), the reseller's sales then read from their own index.
  nome_revendedor: resellers.nomeKey,
  nome_filial: nameOrder(branches.titulo),
  nome_parceiro: nameOrder(partners.nome),
};
/** Newest first, the unique id last: the report's order when none is asked for. */
export const DEFAULT_SALE_KEY: KeyPart[] = [
  { column: sales.dataHora, direction: 'desc' },
  { column: sales.id, direction: 'desc' },
];
export const DEFAULT_SALE_ORDER = orderOfKey(DEFAULT_SALE_KEY);

/** One page of the report's rows: its sort (none: newest first), size and offset. */
export type Page = { sort?: ListSort; limit: number; offset: number };

/** A page's order as keyset parts: the sort asked for, then newest first. */
export const pageKey = (sort: ListSort | undefined) => keyOf(sort, DEFAULT_SALE_KEY);

/** A page's ORDER BY, or its exact reverse for a page read from the end. */
export const pageOrderBy = (sort: ListSort | undefined, reversed: boolean) => {
  const key = pageKey(sort);
  return orderOfKey(reversed ? reversedKey(key) : key);
};

/** OFFSET's placeholder; none for the first rows, for which drizzle writes no OFFSET (so every first page's text stays as it was). */
export const offsetOf = (offset: number) => (offset > 0 ? sql.placeholder('offset') : 0);

/** What of a page changes its query's text, for its shape: the order, which end it is read from, whether it skips rows. */
export const pageShape = (sort: ListSort | undefined, reversed: boolean, offset: number) =>
  [
    sort ? `by ${sort.name} ${sort.direction}` : 'newest first',
    reversed ? 'from the end' : 'forward',
    offset > 0 ? 'at an offset' : 'from the start',
  ].join(', ');
