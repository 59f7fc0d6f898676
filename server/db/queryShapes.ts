import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Shapes kept per database handle at most: the code names a few dozen; past this, queries are built each time. */
export const MAX_SHAPES = 1000;

/** A drizzle query, before it is prepared. */
interface Preparable<Prepared> {
  prepare(name: string): Prepared;
}

/*
 * Prepared without a name, the query goes to the driver unnamed each time, and the pool's client
 * names it (db/preparedStatements.ts), which also drops a prepared copy a migration made stale.
 * drizzle's types ask for a name; its drivers accept none.
 */
const UNNAMED = undefined as unknown as string;

const shapesOf = new WeakMap<object, Map<string, unknown>>();

/**
 * The query of one `shape` (a name for its SQL text: which table, filters and order), built by
 * `build` with `sql.placeholder()` for every value and prepared on its first use, then reused for
 * this database handle. drizzle otherwise builds the same text anew on every request, which was a
 * quarter of the server's CPU under list load (bench/README.md); the text and the values sent to
 * PostgreSQL are the same either way. `shape` must name everything that changes the text, values
 * aside: two queries under one shape would share the first one's text.
 */
export function oncePerShape<Prepared>(db: Database, shape: string, build: () => Preparable<Prepared>): Prepared {
  let shapes = shapesOf.get(db);
  if (!shapes) shapesOf.set(db, (shapes = new Map()));
  const known = shapes.get(shape) as Prepared | undefined;
  if (known) return known;
  const query = build().prepare(UNNAMED);
  if (shapes.size < MAX_SHAPES) shapes.set(shape, query);
  return query;
}

/** Builds a statement's text as the app's handles build their queries (drizzle's defaults: no casing). */
const dialect = new PgDialect();

/** A statement written as SQL, prepared once per shape: the driver's answer to each execution's values. */
export interface ShapedStatement<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * oncePerShape for a statement written as SQL rather than with a query builder (an insert from a
 * select, say), which `db.execute` builds anew on every call: `build` gives it with sql.placeholder()
 * for every value. Building a page's audit insert each time was 7 % of the server's CPU under the
 * agenda's load (bench/README.md).
 */
export function statementOncePerShape<Row>(db: Database, shape: string, build: () => SQL): ShapedStatement<Row> {
  return oncePerShape(db, shape, () => ({
    prepare: (name: string) =>
      db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as unknown as ShapedStatement<Row>,
  }));
}
