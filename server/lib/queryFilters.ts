import { idFilter, textFilter } from './listQuery';

/** One filter of a list: how its query parameter is read, and what it does (for /api/docs). */
interface QueryFilter<V> {
  description: string;
  read: (query: unknown, param: string) => V;
  /** The query parameter, when it is not named as the service's filter is (`id_parceiro` for `partnerId`). */
  param?: string;
}

/** A text filter ("contains"): trimmed, at most 200 characters, absent when empty (listQuery.ts). */
export const text = (description: string): QueryFilter<string | undefined> => ({ description, read: textFilter });

/** A record's id, from the query parameter `param`. */
export const id = (param: string, description: string): QueryFilter<number | undefined> => ({ description, read: idFilter, param });

type Values<F extends Record<string, QueryFilter<unknown>>> = { [K in keyof F]: ReturnType<F[K]['read']> };

/**
 * A list's filters, declared once: each of the service's filters with the query parameter it is read
 * from. The route's query schema takes `descriptions` (what /api/docs shows) and its handler `read`
 * (what the service filters by), so the two cannot name different parameters.
 */
export function queryFilters<F extends Record<string, QueryFilter<unknown>>>(filters: F) {
  const entries = Object.entries(filters).map(([key, filter]) => ({ key, param: filter.param ?? key, filter }));
  return {
    descriptions: Object.fromEntries(entries.map(({ param, filter }) => [param, filter.description])),
    read: (query: unknown): Values<F> =>
      Object.fromEntries(entries.map(({ key, param, filter }) => [key, filter.read(query, param)])) as Values<F>,
  };
}
