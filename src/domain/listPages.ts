/** The highest page a list call may ask for (the API answers 400 past it; the screens ask for it at most). */
export const MAX_LIST_PAGE = 1_000_000;

/** A list's sort as the API reads it: `column` or `column:asc|desc`. */
export const SORT_SHAPE = /^[A-Za-z_][A-Za-z0-9_]*(:(asc|desc))?$/;
