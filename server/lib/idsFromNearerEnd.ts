import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import { statementOncePerShape } from '../db/queryShapes';

/** A list's total: one row, its `total` (preparedList's TotalQuery). */
interface Total {
  shape: string;
  build: () => SQLWrapper;
  values: Record<string, unknown>;
}

/** The list's total, as the statement's CTE holds it: a bigint, for LIMIT and OFFSET. */
const TOTAL = sql`(select "total" from "counted")`;

/** A select's ids as one JSON array, in its order, when `wanted` (a condition on the total alone) holds; else empty. */
const idsWhen = (ids: SQLWrapper, wanted: SQL) =>
  sql`(select coalesce(json_agg("part"."id"), '[]'::json) from (${ids.getSQL()}) as "part"("id") where ${wanted})`;

/**
 * A page's ids read from the nearer end of a list (as pageFromNearerEndOf reads them) and the list's
 * total, in one statement instead of the total first and the ids after it: one round trip less for a
 * deep page (pages 101-200 of the resellers +16-19 % req/s, the referrals' and a partner's
 * beneficiaries' 0-12 %, bench/README.md). The total is the statement's CTE, summed once; each
 * direction's ids sit behind a condition on it alone, which PostgreSQL checks before its scan (a
 * One-Time Filter): the farther end's scan is never run. Read from the end, the rows skipped are
 * counted from the total in the statement itself. `ids(reversed, cut)`: the list's ids in its order,
 * or in its exact reverse, cut by `cut`. For a total cheap to plan and to sum (maintained counts):
 * the statement is planned on every request, for its LIMIT and OFFSET. The ids come back in the
 * list's order.
 */
export async function idsFromNearerEndBesideTotal(
  db: Database,
  shape: string,
  values: Record<string, unknown>,
  page: { limit: number; offset: number },
  ids: (reversed: boolean, cut: { limit: Placeholder; offset: Placeholder }) => SQLWrapper,
  total: Total,
): Promise<{ ids: number[]; total: number }> {
  const statement = statementOncePerShape<{ total: string | number; forward: number[]; reversed: number[] }>(
    db,
    `${shape}; from the nearer end, beside the total: ${total.shape}`,
    () => {
      const limit = sql.placeholder('limit');
      const offset = sql.placeholder('offset');
      // drizzle writes an OFFSET's SQL as given: here it counts the rows after the page from the total.
      const fromEnd = sql`greatest(0, ${TOTAL} - ${offset} - ${limit})` as unknown as Placeholder;
      const totalSelect = sql`select ("part"."total")::bigint from (${total.build().getSQL()}) as "part"("total")`;
      const nearerStart = sql`2 * ${offset}::bigint + ${limit}::bigint <= ${TOTAL}`;
      const nearerEnd = sql`2 * ${offset}::bigint + ${limit}::bigint > ${TOTAL} and ${offset}::bigint < ${TOTAL}`;
      return sql`with "counted"("total") as materialized (${totalSelect})
        select ${TOTAL} as "total",
          ${idsWhen(ids(false, { limit, offset }), nearerStart)} as "forward",
          ${idsWhen(ids(true, { limit, offset: fromEnd }), nearerEnd)} as "reversed"`;
    },
  );
  const { rows } = await statement.execute({ ...total.values, ...values, limit: page.limit, offset: page.offset });
  const [answer] = rows;
  const counted = Number(answer.total);
  // Read from the end, the page's last rows come first; a last page shorter than the limit is cut to the rows left.
  const reversed = answer.reversed.slice(0, Math.max(0, counted - page.offset)).reverse();
  return { ids: answer.forward.length > 0 ? answer.forward : reversed, total: counted };
}
