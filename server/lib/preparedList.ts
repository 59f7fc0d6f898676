import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { oncePerShape } from '../db/queryShapes';
import { isAnyOf, matchesIfFew } from './fewMatches';
import { idsFromNearerEndBesideTotal } from './idsFromNearerEnd';
import { keyOf, orderOfKey, type KeyPart } from './keyset';
import type { ListSort } from './listQuery';
import { isShallow, pageFromNearerEndOf, reversedKey } from './nearerEnd';
import { partsInOneStatement, type StatementPart } from './statementParts';

/** A drizzle query before it is prepared, and what its prepared form answers. */
export interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/** A list's condition values, or a prepared query's placeholders for them: the conditions are written once for both. */
export type OrPlaceholders<Values> = { [Key in keyof Values]: Values[Key] | Placeholder };

/** `values` and each of `more` that is given (not undefined), so that the values name only the conditions present. */
export const givenValues = <Values extends object, More extends Record<string, unknown>>(values: Values, more: More) =>
  ({ ...values, ...Object.fromEntries(Object.entries(more).filter(([, value]) => value !== undefined)) }) as Values & {
    [Key in keyof More]?: Exclude<More[Key], undefined>;
  };

/** A prepared query's placeholder for each of the values' keys. */
export type Placeholders<Values> = { [Key in keyof Values]: Placeholder };

/** A placeholder named after each key of `values`: a list's or a report's conditions built once for a prepared query. */
export const placeholdersFor = <Values extends object>(values: Values) =>
  Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)])) as Placeholders<Values>;

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
 * A page read in two statements, each prepared once per shape: its ids (`ids`, ordered and cut to the
 * page's placeholders, with only the tables its order needs joined), then their rows (`rows`, the
 * select list with its lookups and joins, given the condition on those ids), put back in the ids'
 * order.
 *
 * Why not one statement: PostgreSQL computes a select list for every row an OFFSET skips (page 200
 * of the agenda ran 2,000 lookups of each kind), and it plans a statement with a LIMIT and an OFFSET
 * anew on every execution (a generic plan would be costed for a tenth of the rows): with the lookups
 * in it, 0.7-0.9 ms of planning for the agenda's page. The rows by id keep one plan per connection
 * (the agenda's page 513-518 → 571-573 req/s, the report's 461-478 → 562-602, bench/README.md).
 */
export interface PageByIds<Row> {
  ids: (page: PagePlaceholders) => Preparable<Array<{ id: number }>> & SQLWrapper;
  rows: (ids: SQL) => Preparable<Row[]>;
  /** The column the ids are of. */
  id: AnyPgColumn;
}

/**
 * The PageByIds of one table's rows: the ids (the table's column `id`) under `where()`, in
 * `orderBy()`, then `rows` for those ids. The conditions and the order are built only when the query
 * is, once per shape.
 */
export const tablePageByIds = <Row extends { id: number }>(
  db: Database,
  id: AnyPgColumn,
  where: () => SQL | undefined,
  orderBy: () => SQL[],
  rows: (ids: SQL) => Preparable<Row[]>,
): PageByIds<Row> => ({
  ids: (page) =>
    db
      .select({ id })
      .from(id.table)
      .where(where())
      .orderBy(...orderBy())
      .limit(page.limit)
      .offset(page.offset) as unknown as Preparable<Array<{ id: number }>> & SQLWrapper,
  rows,
  id,
});

/** The rows of a page read by PageByIds: `values` fill the ids' conditions, `page` cuts them. */
export async function readPageByIds<Row extends { id: number }>(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  build: PageByIds<Row>,
): Promise<Row[]> {
  const ids = (await readPreparedPage(db, `${shape}; page ids`, values, page, build.ids)).map((row) => row.id);
  return rowsOfIds(db, shape, build, ids);
}

/** A query of a list's total: one row, its `total`. */
export interface TotalQuery {
  /** What changes its text, values aside (as oncePerShape's shape). */
  shape: string;
  build: () => Preparable<Array<{ total: number }>> & SQLWrapper;
  values: Record<string, unknown>;
}

/** A TotalQuery's total, asked alone (prepared once per shape). */
export async function totalAlone(db: Database, query: TotalQuery): Promise<number> {
  const [{ total }] = await oncePerShape(db, query.shape, query.build).execute(query.values);
  return Number(total);
}

/** A TotalQuery as a part of a statement (partsInOneStatement), its answer read by totalOfPart. */
export const totalPart = (query: TotalQuery): StatementPart => ({
  shape: query.shape,
  build: query.build,
  columns: ['total'],
  answer: 'row',
  values: query.values,
});

/** The total a totalPart answered. */
export const totalOfPart = (answer: unknown): number => Number((answer as { total: number }).total);

/**
 * A page's ids (`ids`, cut by the page's placeholders) and the list's total, asked in one statement
 * (partsInOneStatement): one round trip less than asking them side by side. The total's plan is kept
 * or not with the ids' (a page's LIMIT and OFFSET have it planned every time): for a total cheap to
 * plan, one the database keeps counted. `shape` names the ids' text, as readPreparedPage's.
 */
export async function pageIdsBesideTotal(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  ids: (page: PagePlaceholders) => SQLWrapper,
  total: TotalQuery,
): Promise<{ ids: number[]; total: number }> {
  const skips = page.offset > 0;
  const answer = await partsInOneStatement(db, `${shape}; beside the total`, {
    ids: {
      shape: skips ? 'skipping rows' : 'first rows',
      build: () => ids({ limit: sql.placeholder('limit'), offset: skips ? sql.placeholder('offset') : 0 }),
      columns: ['id'],
      answer: 'rows',
      values: { ...values, limit: page.limit, ...(skips ? { offset: page.offset } : {}) },
    },
    total: totalPart(total),
  });
  return { ids: (answer.ids as Array<{ id: number }>).map((row) => row.id), total: totalOfPart(answer.total) };
}

/**
 * A page's ids, in the list's order, asked beside the list's total: near the start read forward
 * (pageIdsBesideTotal), deeper from the nearer end (idsFromNearerEndBesideTotal). `ids(reversed, cut)`:
 * the list's ids in its order, or in its exact reverse (reversedKey), cut by `cut`.
 */
export const idsBesideTotal = (
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  ids: (reversed: boolean, cut: PagePlaceholders) => SQLWrapper,
  total: TotalQuery,
): Promise<{ ids: number[]; total: number }> =>
  isShallow(page.offset)
    ? pageIdsBesideTotal(db, shape, values, page, (cut) => ids(false, cut), total)
    : idsFromNearerEndBesideTotal(db, shape, values, page, ids, total);

/**
 * A page read by PageByIds as readPageByIds does, its ids asked beside the list's total
 * (idsBesideTotal). `byIds(reversed)`: the list's PageByIds in its order, or in its exact reverse.
 */
export async function readPageByIdsBesideTotal<Row extends { id: number }>(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  byIds: (reversed: boolean) => PageByIds<Row>,
  total: TotalQuery,
): Promise<{ rows: Row[]; total: number }> {
  const { ids, total: counted } = await idsBesideTotal(
    db,
    `${shape}; page ids`,
    values,
    page,
    (reversed, cut) => byIds(reversed).ids(cut),
    total,
  );
  return { rows: await rowsOfIds(db, shape, byIds(false), ids), total: counted };
}

/** The rows of `ids` by PageByIds' `rows` (prepared once per shape), in the ids' order. */
async function rowsOfIds<Row extends { id: number }>(db: Database, shape: string, build: PageByIds<Row>, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const byIds = oncePerShape(db, `${shape}; rows by ids`, () => build.rows(isAnyOf(build.id, sql.placeholder('ids'))));
  const rows = await byIds.execute({ ids });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Up to this many rows matching a name filter, a list is read from their ids (readPreparedList's `fewMatches`). */
export const FEW_MATCHES = 1000;

/**
 * One page of a list in the order `sort` then `defaults`, and its exact total, read from the nearer
 * end (pageFromNearerEndOf); each query is prepared once per shape (db/queryShapes.ts) and executed
 * with `values`. `shape` names the conditions' shape (conditionsShape); the page's shape adds the
 * sort, the direction it is read in and whether it skips rows. The page is `rows(orderBy, page)`
 * (LIMIT and OFFSET from `page`), or, where each row has lookups, `byIds(orderBy)`, its ids asked
 * in one statement with the total (readPageByIdsBesideTotal); `count()` is the total; all with
 * `placeholdersFor(values)`. The order is built, like the rest of a query, only when its shape is
 * first prepared: `orderBy()` in `byIds`' statements.
 *
 * `fewMatches` (with `byIds`), given when a name filter is: the list's conditions with their values.
 * Its matches are read first (matchesIfFew: from the name's trigram index, sorted once read); up to
 * FEW_MATCHES of them are the list, its page their slice and its total their number. A prepared page
 * cannot tell a rare name from a common one: its plan walked the order's index checking every row
 * (5-6 ms over 2,000 resellers for a name with no match, bench/README.md). Past FEW_MATCHES, the
 * page's first matches come soon in the list's order, and it is read as without the filter.
 */
export async function readPreparedList<Row>(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { sort?: ListSort; limit: number; offset: number },
  defaults: KeyPart[],
  build: (
    | { rows: (orderBy: SQL[], page: PagePlaceholders) => Preparable<Row[]> }
    | { byIds: (orderBy: () => SQL[]) => PageByIds<Row & { id: number }>; fewMatches?: () => SQL | undefined }
  ) & {
    /** The list's total; with byIds, asked in the statement of the page's ids. */
    count: TotalQuery['build'];
  },
): Promise<{ rows: Row[]; total: number }> {
  const key = keyOf(page.sort, defaults);
  const sorted = page.sort ? `, by ${page.sort.name} ${page.sort.direction}` : '';
  if ('byIds' in build && build.fewMatches) {
    const byIds = build.byIds(() => orderOfKey(key));
    const { few } = await matchesIfFew(db, byIds.id.table, byIds.id, build.fewMatches(), FEW_MATCHES, key);
    if (few)
      return {
        rows: await rowsOfIds(db, `${shape}; page`, byIds, few.slice(page.offset, page.offset + page.limit)),
        total: few.length,
      };
  }
  const total: TotalQuery = { shape: `${shape}; count`, build: build.count, values };
  if ('byIds' in build) {
    const byIds = build.byIds;
    return readPageByIdsBesideTotal(
      db,
      `${shape}; page${sorted}`,
      values,
      page,
      (reversed) => byIds(() => orderOfKey(reversed ? reversedKey(key) : key)),
      total,
    );
  }
  return pageFromNearerEndOf(
    page,
    (reversed, limit, offset) => {
      const pageShape = `${shape}; page${sorted}${reversed ? ', from the end' : ''}`;
      const orderBy = () => orderOfKey(reversed ? reversedKey(key) : key);
      return readPreparedPage(db, pageShape, values, { limit, offset }, (placeholders) => build.rows(orderBy(), placeholders));
    },
    () => totalAlone(db, total),
  );
}
