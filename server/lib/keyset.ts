import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListSort } from './listQuery';

/** One column of an order read by keyset. `nullable` when the column may hold NULL (sorted last ascending, first descending). */
export interface KeyPart {
  column: AnyPgColumn | SQL;
  direction: 'asc' | 'desc';
  nullable?: boolean;
}

/** The last row's key as PostgreSQL's text of each part (a Date would lose a timestamp's microseconds). */
export type KeyValues = (string | null)[];

/**
 * An order that an export reads in batches, each continuing after the last row read rather than at
 * an offset (which re-reads every row it skips): `orderBy` for the query, `field` to select beside
 * the row (its key), `after(key)` for the WHERE of the next batch. The parts must end in a unique column.
 */
export interface Keyset {
  orderBy: SQL[];
  field: SQL<KeyValues>;
  after(key: KeyValues | undefined): SQL | undefined;
}

/** A requested sort (any column, maybe NULL) before the list's default order, which ends in the id. */
export const keyOf = (sort: ListSort | undefined, defaults: KeyPart[]): KeyPart[] =>
  sort ? [{ column: sort.column, direction: sort.direction, nullable: true }, ...defaults] : defaults;

/** ORDER BY parts of a key, for the list pages that share the export's order. */
export const orderOfKey = (parts: KeyPart[]): SQL[] =>
  parts.map(({ column, direction }) => (direction === 'asc' ? asc(column) : desc(column)));

export function keyset(parts: KeyPart[]): Keyset {
  return {
    orderBy: orderOfKey(parts),
    field: sql<KeyValues>`json_build_array(${sql.join(
      parts.map(({ column }) => sql`(${column})::text`),
      sql`, `,
    )})`,
    after: (key) => (key ? after(parts, key) : undefined),
  };
}

/*
 * The parameters go untyped, so PostgreSQL reads each as its column's type. Where every part runs
 * one way and none is NULL, a row comparison states it: the form an index on those columns answers.
 */
function after(parts: KeyPart[], key: KeyValues): SQL {
  if (parts.length === 0) return sql`false`;
  const sameWay = parts.every((part) => part.direction === parts[0].direction && !part.nullable);
  if (sameWay) {
    const columns = sql.join(
      parts.map(({ column }) => sql`${column}`),
      sql`, `,
    );
    const values = sql.join(
      key.slice(0, parts.length).map((value) => sql`${value}`),
      sql`, `,
    );
    return parts[0].direction === 'asc' ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
  }
  const [first, ...rest] = parts;
  const [value, ...restValues] = key;
  return or(beyond(first, value), and(equal(first, value), after(rest, restValues))) as SQL;
}

/** The rows past `value` in this part's direction, NULLs where PostgreSQL sorts them. */
function beyond({ column, direction }: KeyPart, value: string | null): SQL {
  if (direction === 'asc') return value === null ? sql`false` : sql`(${column} > ${value} or ${column} is null)`;
  return value === null ? sql`${column} is not null` : sql`${column} < ${value}`;
}

const equal = ({ column }: KeyPart, value: string | null): SQL => (value === null ? sql`${column} is null` : sql`${column} = ${value}`);
