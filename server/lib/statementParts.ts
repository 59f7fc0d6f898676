import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import { statementOncePerShape } from '../db/queryShapes';

/**
 * One select of a statement that answers several (partsInOneStatement): built with sql.placeholder()
 * for every value, as oncePerShape's queries are.
 */
export interface StatementPart {
  /** What changes its text, values aside (as oncePerShape's shape). */
  shape: string;
  build: () => SQLWrapper;
  /** Its select list's names, in order: the keys of each row it answers. */
  columns: readonly string[];
  /** 'rows': every row, in the select's order; 'row': its one row (a select of sums, without GROUP BY). */
  answer: 'rows' | 'row';
  /** Its placeholders' values. */
  values: Record<string, unknown>;
}

/** A part's answer as one JSON value: its rows as an array (empty if none), or its one row as an object. */
function asJson(part: StatementPart): SQL {
  const named = sql`(${part.build().getSQL()}) as "part"(${sql.join(
    part.columns.map((column) => sql.identifier(column)),
    sql`, `,
  )})`;
  // Aggregated from a sorted subquery, the array keeps its order (PostgreSQL's aggregates read their input as it comes).
  return part.answer === 'rows'
    ? sql`(select coalesce(json_agg("part"), '[]'::json) from ${named})`
    : sql`(select row_to_json("part") from ${named})`;
}

/** The parts' values together; a placeholder's name means one value in all of them. */
function valuesOf(parts: StatementPart[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const part of parts)
    for (const [name, value] of Object.entries(part.values)) {
      if (name in values && values[name] !== value) throw new Error(`Placeholder '${name}' has two values in one statement.`);
      values[name] = value;
    }
  return values;
}

/**
 * Several selects answered by one statement, each in a JSON column of its own, prepared once per
 * combination of their shapes: one round trip instead of one each. Under load a round trip costs
 * both processes a socket write and a wake-up, as much CPU as a small select's own work; the sales
 * report's figures took four (bench/README.md). Each part's answer comes back parsed from JSON: its
 * numbers as numbers (numeric sums included), its dates as text. PostgreSQL plans the statement as a
 * whole: put together parts whose plans it keeps; one it plans for each request's values (a range of
 * dates, say) would have all of them planned every time.
 */
export async function partsInOneStatement<Key extends string>(
  db: Database,
  shape: string,
  parts: Record<Key, StatementPart>,
): Promise<Record<Key, unknown>> {
  const keys = Object.keys(parts) as Key[];
  const statement = statementOncePerShape<Record<Key, unknown>>(
    db,
    `${shape}: ${keys.map((key) => `${key} = ${parts[key].shape}`).join(' | ')}`,
    () =>
      sql`select ${sql.join(
        keys.map((key) => sql`${asJson(parts[key])} as ${sql.identifier(key)}`),
        sql`, `,
      )}`,
  );
  const { rows } = await statement.execute(valuesOf(keys.map((key) => parts[key])));
  return rows[0];
}
