/** The highest page a list call may ask for (the API answers 400 past it; the screens ask for it at most). */
export const MAX_LIST_PAGE = 1_000_000;

/** A list's sort as the API reads it: `column` or `column:asc|desc`. */
export const SORT_SHAPE = /^[A-Za-z_][A-Za-z0-9_]*(:(asc|desc))?$/;

/**
 * The order each list opens in when the address names none: the server sorts by it (then by id) and
 * the screen marks that column sorted.
 */
export const DEFAULT_LIST_ORDERS = {
  partners: { column: 'nome', direction: 'asc' },
  branches: { column: 'titulo', direction: 'asc' },
  resellers: { column: 'nome', direction: 'asc' },
  professionals: { column: 'nome', direction: 'asc' },
} as const;
