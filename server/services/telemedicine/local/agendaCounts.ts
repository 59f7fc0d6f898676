import { count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { oncePerShape } from '../../../db/queryShapes';
import { appointmentCounts, appointments } from '../../../db/schema';
import { boundedCount, preparedCount, type ListTotal } from '../../../lib/boundedCount';
import { agendaCondition } from './agendaConditions';
import type { Condition } from './agendaReads';

/* The agenda's totals: from the counts the database maintains where the filters allow, else counted. */

/**
 * The total of the agenda without filters, or filtered by status alone, from the appointments the
 * database counts per status (migration 0028): five rows summed instead of the table counted.
 * Undefined under any other filter. Its conditions mirror agendaCondition's status (cancelled ones
 * left out unless asked for).
 */
function maintainedTotal(db: Database, condition: Condition): Promise<number> | undefined {
  if (Object.keys(condition.values).some((key) => key !== 'status')) return undefined;
  const byStatus = condition.values.status !== undefined;
  const counted = oncePerShape(db, `appointments: maintained counts${byStatus ? ', one status' : ''}`, () =>
    db
      .select({ total: sql<number>`coalesce(sum(${appointmentCounts.appointments}), 0)::int` })
      .from(appointmentCounts)
      .where(byStatus ? eq(appointmentCounts.status, sql.placeholder('status')) : ne(appointmentCounts.status, 'CANCELED')),
  );
  return counted.execute(condition.values).then(([{ total }]) => Number(total));
}

/** Exact from the maintained counts, or up to a thousand and estimated beyond (see boundedCount): the agenda grows by the day. */
export async function countRows(db: Database, condition: Condition): Promise<ListTotal> {
  const maintained = maintainedTotal(db, condition);
  if (maintained) return { total: await maintained, estimated: false };
  return boundedCount(
    db,
    preparedCount(db, condition.shape, condition.values, (withPlaceholders) =>
      db
        .select({ id: appointments.id })
        .from(appointments)
        .where(withPlaceholders ? condition.where() : agendaCondition(db, condition.values))
        .$dynamic(),
    ),
  );
}

export async function exactCount(db: Database, condition: Condition): Promise<number> {
  const maintained = maintainedTotal(db, condition);
  if (maintained) return maintained;
  const counted = oncePerShape(db, `${condition.shape}; count`, () =>
    db.select({ total: count() }).from(appointments).where(condition.where()),
  );
  const [{ total }] = await counted.execute(condition.values);
  return total;
}
