import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oncePerShape } from '../db/queryShapes';
import { keyOf, orderOfKey, type KeyPart } from './keyset';
import type { ListSort } from './listQuery';
import { pageFromNearerEndOf, reversedKey } from './nearerEnd';

/** A drizzle query before it is prepared, and what its prepared form answers. */
interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/** A list's condition values, or a prepared query's placeholders for them: the conditions are written once for both. */
export type OrPlaceholders<Values> = { [Key in keyof Values]: Values[Key] | Placeholder };

/** `values` and each of `more` that is given (not undefined), so that the values name only the conditions present. */
export const givenValues = <Values extends object, More extends Record<string, unknown>>(values: Values, more: More) =>
  ({ ...values, ...Object.fromEntries(Object.entries(more).filter(([, value]) => value !== undefined)) }) as Values & {
    [Key in keyof More]?: Exclude<More[Key], undefined>;
  };

/** A placeholder named after each key of `values`: a list's conditions built once for a prepared query. */
export const placeholdersFor = <Values extends object>(values: Values) =>
  Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)])) as { [Key in keyof Values]: Placeholder };

/**
 * A list's conditions as a shape's name: `list` (the table, and the user type when the scope depends on
 * it) and which values are given. The values must hold a key only for a condition that is present.
 */
export const conditionsShape = (list: string, values: object) => `${list}: ${Object.keys(values).join(' ')}`;

/** A page's LIMIT and OFFSET in a prepared query: placeholders, but no OFFSET (drizzle writes none for 0) for the first rows. */
export interface PagePlaceholders {
  limit: Placeholder;
  offset: Placeholder | 0;
}

/**
 * Rows `limit` and `offset` select, by `build(page)`'s query, prepared once per shape and executed with
 * `values`. Without an OFFSET for the first rows (drizzle writes none for 0): rows that skip others
 * are a text, and a shape, of their own.
 */
export function readPreparedPage<Row>(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number | undefined; offset: number },
  build: (page: PagePlaceholders) => Preparable<Row[]>,
): Promise<Row[]> {
  const skips = page.offset > 0;
  const query = oncePerShape(db, `${shape}${skips ? ', skipping rows' : ''}`, () =>
    build({ limit: sql.placeholder('limit'), offset: skips ? sql.placeholder('offset') : 0 }),
  );
  return query.execute({ ...values, limit: page.limit, offset: page.offset });
}

/**
 * One page of a list in the order `sort` then `defaults`, and its exact total, read from the nearer
 * end (pageFromNearerEndOf); each query is prepared once per shape (db/queryShapes.ts) and executed
 * with `values`. `shape` names the conditions' shape (conditionsShape); the page's shape adds the
 * sort, the direction it is read in and whether it skips rows. `rows(orderBy, page)` builds the page
 * (LIMIT and OFFSET from `page`), `count()` the total, both with `placeholdersFor(values)`.
 */
export function readPreparedList<Row>(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { sort?: ListSort; limit: number; offset: number },
  defaults: KeyPart[],
  build: { rows: (orderBy: SQL[], page: PagePlaceholders) => Preparable<Row[]>; count: () => Preparable<Array<{ total: number }>> },
): Promise<{ rows: Row[]; total: number }> {
  const key = keyOf(page.sort, defaults);
  const sorted = page.sort ? `, by ${page.sort.name} ${page.sort.direction}` : '';
  return pageFromNearerEndOf(
    page,
    (reversed, limit, offset) =>
      readPreparedPage(db, `${shape}; page${sorted}${reversed ? ', from the end' : ''}`, values, { limit, offset }, (placeholders) =>
        build.rows(orderOfKey(reversed ? reversedKey(key) : key), placeholders),
      ),
    async () => {
      const [{ total }] = await oncePerShape(db, `${shape}; count`, build.count).execute(values);
      return Number(total);
    },
  );
}
