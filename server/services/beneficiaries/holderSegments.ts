import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { holderNameSegments } from '../../db/schema';
import type { StatementPart } from '../../lib/statementParts';

/** Holders a segment starts with when rebuilt. */
export const HOLDERS_PER_SEGMENT = 1000;
/** How often one server copy looks at whether the segments drifted (a few rows read when they did not). */
const REBALANCE_CHECK_MS = 10 * 60 * 1000;

/** Where the holders from a position on start: a segment's mark, and how many holders come before it. */
export interface HolderMark {
  /** The first holder's name key (beneficiaries.name_key) when the segments were last rebuilt. */
  nameKey: string;
  id: number;
  before: number;
}

/**
 * The mark of the segment holding position `offset` (from 0) of every holder in name order, from the
 * segments the database keeps (migrations 0035, 0039): exact, whatever was written since their rebuild.
 * A part of a statement (partsInOneStatement), asked beside the holders' total.
 */
export const holderMarkAt = (offset: number): StatementPart => ({
  shape: "the holders' name segment mark",
  build: () => sql`
    select "nameKey", id, before from (
      select position, name_key as "nameKey", id, (sum(holders) over (order by position) - holders)::int as before from ${holderNameSegments}
    ) marks
    where before <= ${sql.placeholder('offset')} order by position desc limit 1`,
  columns: ['nameKey', 'id', 'before'],
  answer: 'row',
  values: { offset },
});

/** The mark holderMarkAt answered; the segment at position 0, marked ('', 0) before every holder, always exists (migration 0035). */
export const markOf = (answer: unknown): HolderMark => (answer as HolderMark | null) ?? { nameKey: '', id: 0, before: 0 };

/**
 * Whether the segments drifted enough to rebuild them: one grew past twice its size, or there are
 * more than twice as many as the holders need (the page would otherwise skip more, or the mark's
 * lookup sum more rows, than a rebuild leaves).
 */
async function drifted(db: Database): Promise<boolean> {
  const s = holderNameSegments;
  const [shape] = await db
    .select({
      segments: sql<number>`count(*)::int`,
      largest: sql<number>`max(${s.holders})::int`,
      holders: sql<number>`sum(${s.holders})::int`,
    })
    .from(s);
  const needed = Math.ceil(Number(shape.holders) / HOLDERS_PER_SEGMENT) + 1;
  return Number(shape.largest) > 2 * HOLDERS_PER_SEGMENT || Number(shape.segments) > 2 * needed;
}

/** Rebuilds the segments when they drifted; whether it did. */
export async function rebalanceHolderSegments(db: Database): Promise<boolean> {
  if (!(await drifted(db))) return false;
  // One statement, one transaction: the function locks the segments until it ends.
  await db.execute(sql`select holder_name_segments_rebuild(${HOLDERS_PER_SEGMENT}::int)`);
  return true;
}

/** Looks at the segments when the server starts and every ten minutes, on one copy at a time (services/jobs). */
export function scheduleHolderSegmentsRebalance(app: FastifyInstance): void {
  app.jobs.schedule({
    name: 'holder-name-segments',
    atStart: 'background',
    everyMs: REBALANCE_CHECK_MS,
    run: async () => {
      if (await rebalanceHolderSegments(app.db)) app.log.info('holder name segments rebuilt');
    },
  });
}
