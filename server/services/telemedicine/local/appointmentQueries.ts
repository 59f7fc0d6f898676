import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { keysetBatches } from '../../../lib/csv';
import { orderOfKey, type KeyPart } from '../../../lib/keyset';
import { pageOfCountedList, reversedKey } from '../../../lib/nearerEnd';
import { readPageByIds, readPreparedPage } from '../../../lib/preparedList';
import type { Appointment, AppointmentFilters, AppointmentSortColumn, PageRequest, PageResult } from '../types';
import { isUuid } from '../uuid';
import { agendaCondition, agendaValues, agendaValuesProbingPatients, FEW_PATIENTS, type AgendaValues } from './agendaConditions';
import { countRows, exactCount } from './agendaCounts';
import { filteredBy, sortedRead, sqlNow, type Condition, type Read } from './agendaReads';
import { appointmentColumns, joinedFor, selectRows, SORTS, toAppointments, type AppointmentRow } from './appointmentRows';
import { fewPatientsReadOf, pageWithTotal } from './fewPatientsPage';

/**
 * Rows in `read.key`'s order from `offset` on, `limit` of them or all; a page's lookups are read for
 * its rows alone (readPageByIds).
 */
function readRows(db: Database, read: Read, limit: number | undefined, offset: number): Promise<AppointmentRow[]> {
  if (limit !== undefined)
    return readPageByIds(
      db,
      read.shape,
      read.values,
      { limit, offset },
      {
        ids: (cut) =>
          joinedFor(db.select({ id: appointments.id }).from(appointments).$dynamic(), read.sort)
            .where(read.where())
            .orderBy(...orderOfKey(read.key))
            .limit(cut.limit)
            .offset(cut.offset),
        rows: (ids) => selectRows(db).where(ids),
        id: appointments.id,
      },
    );
  return readPreparedPage(db, `${read.shape}; all`, read.values, { limit, offset }, (cut) =>
    selectRows(db, read.sort)
      .where(read.where())
      .orderBy(...orderOfKey(read.key))
      .offset(cut.offset),
  );
}

/** One page (or all) of the agenda, filtered and sorted in SQL. */
export async function listAppointments(
  db: Database,
  filters: AppointmentFilters,
  page: PageRequest<AppointmentSortColumn>,
): Promise<PageResult<Appointment>> {
  const { sort, limit, offset } = page;
  const probing = await agendaValuesProbingPatients(db, filters);
  if (probing) {
    const condition = filteredBy(db, probing);
    const found = await pageWithTotal(db, condition, fewPatientsReadOf(condition, sort), { limit, offset });
    // Few patients, and a row to tell so: the page stands. Else the patients are probed on their own.
    if (found.patientsSeen !== undefined && found.patientsSeen <= FEW_PATIENTS)
      return { items: toAppointments(found.rows), total: found.total, totalEstimated: false };
  }
  const values = await agendaValues(db, filters);
  // Nobody matches the patient filter: no appointment either.
  if (!values) return { items: [], total: 0, totalEstimated: false };
  const condition = filteredBy(db, values);
  if (values.patientIds) {
    const { rows, total } = await pageWithTotal(db, condition, fewPatientsReadOf(condition, sort), { limit, offset });
    return { items: toAppointments(rows), total, totalEstimated: false };
  }
  const read = (reversed: boolean, limit: number | undefined, offset: number) =>
    sort
      ? readRows(db, sortedRead(condition, sort, reversed), limit, offset)
      : agendaPage(db, condition, values, { reversed, limit, offset });
  if (limit === undefined) {
    const [rows, { total, estimated }] = await Promise.all([read(false, limit, offset), countRows(db, condition)]);
    return { items: toAppointments(rows), total, totalEstimated: estimated };
  }
  const { rows, total, estimated } = await pageOfCountedList(
    { limit, offset },
    read,
    () => countRows(db, condition),
    () => exactCount(db, condition),
  );
  return { items: toAppointments(rows), total, totalEstimated: estimated };
}

/** One part of the agenda's default order: by start, ties by id, newest first. */
const agendaKey = (direction: 'asc' | 'desc'): KeyPart[] => [
  { column: appointments.startsAt, direction },
  { column: appointments.id, direction: 'desc' },
];

/** The date filter's bounds, as instants. */
type AgendaDates = Pick<AgendaValues, 'startsFrom' | 'startsBefore'>;

/**
 * Whether the agenda's part before or after `now` can hold rows under the date filter: a week wholly
 * past has no coming part, a week wholly ahead no past one. Such a part is not read (nor counted).
 */
function partHoldsRows(dates: AgendaDates, now: Date, coming: boolean): boolean {
  if (coming) return dates.startsBefore === undefined || new Date(dates.startsBefore) > now;
  return dates.startsFrom === undefined || new Date(dates.startsFrom) < now;
}

/**
 * A page in the agenda's default order without sorting the whole table: the coming appointments
 * soonest first from the starts_at index and, where they run out, the past ones latest first (ties
 * by id, newest first). `reversed` reads that order from its end: the past oldest first, then the
 * coming latest first. Only a page that starts after a part's last row counts that part.
 */
async function agendaPage(
  db: Database,
  condition: Condition,
  dates: AgendaDates,
  page: { reversed: boolean; limit: number | undefined; offset: number },
): Promise<AppointmentRow[]> {
  const now = new Date();
  const values = { ...condition.values, now: now.toISOString() };
  const part = (coming: boolean): Read => {
    const key = agendaKey(coming ? 'asc' : 'desc');
    return {
      shape: `${condition.shape}; ${coming ? 'coming' : 'past'}${page.reversed ? ', from the end' : ''}`,
      values,
      where: () => and(condition.where(), coming ? gte(appointments.startsAt, sqlNow) : lt(appointments.startsAt, sqlNow)),
      key: page.reversed ? reversedKey(key) : key,
    };
  };
  const parts = (page.reversed ? [false, true] : [true, false]).filter((coming) => partHoldsRows(dates, now, coming)).map(part);
  const rows: AppointmentRow[] = [];
  let offset = page.offset;
  for (const [index, read] of parts.entries()) {
    const found = await readRows(db, read, page.limit === undefined ? undefined : page.limit - rows.length, offset);
    rows.push(...found);
    if (rows.length === page.limit || index === parts.length - 1) break;
    // The next part starts where this one ends.
    const partTotal = found.length > 0 ? offset + found.length : await exactCount(db, read);
    offset = Math.max(0, offset - partTotal);
  }
  return rows;
}

/** Rows per read of the CSV export. */
const EXPORT_BATCH = 500;

interface KeysetSegment {
  where: SQL | undefined;
  key: SQL | AnyPgColumn;
  direction: 'asc' | 'desc';
}

/**
 * The whole filtered agenda in the list's order, in batches that each continue after the last row
 * read (its sort key and id), never at an offset: a booking or a cancellation made while the export
 * runs cannot shift the rows already written. Without a chosen sort, 'now' is fixed when the export
 * starts, so an appointment passing it meanwhile stays in the part (coming or past) it was read in.
 */
export async function* exportAppointments(
  db: Database,
  filters: AppointmentFilters,
  sort: PageRequest<AppointmentSortColumn>['sort'],
): AsyncIterable<Appointment[]> {
  const values = await agendaValues(db, filters);
  // Nobody matches the patient filter: no appointment either.
  if (!values) return;
  const where = agendaCondition(db, values);
  const now = new Date();
  const segments: KeysetSegment[] = sort
    ? [{ where, key: SORTS[sort.column].column, direction: sort.direction }]
    : [
        { where: and(where, gte(appointments.startsAt, now)), key: appointments.startsAt, direction: 'asc' },
        { where: and(where, lt(appointments.startsAt, now)), key: appointments.startsAt, direction: 'desc' },
      ];
  for (const segment of segments) {
    // Ties on the key are broken by id, newest first, as in the list. The key travels back as the
    // driver gave it (text), so no precision is lost on the way.
    const batches = keysetBatches<AppointmentRow & { sortKey: string }>(
      (limit, last) =>
        joinedFor(
          db
            .select({ ...appointmentColumns, sortKey: sql<string>`${segment.key}` })
            .from(appointments)
            .$dynamic(),
          sort,
        )
          .where(
            and(
              segment.where,
              last &&
                or(
                  segment.direction === 'asc' ? sql`${segment.key} > ${last.sortKey}` : sql`${segment.key} < ${last.sortKey}`,
                  and(sql`${segment.key} = ${last.sortKey}`, lt(appointments.id, last.id)),
                ),
            ),
          )
          .orderBy(segment.direction === 'asc' ? asc(segment.key) : desc(segment.key), desc(appointments.id))
          .limit(limit),
      EXPORT_BATCH,
    );
    for await (const rows of batches) yield toAppointments(rows);
  }
}

export async function findAppointment(db: Database, uuid: string): Promise<Appointment | undefined> {
  if (!isUuid(uuid)) return undefined;
  const rows = await selectRows(db).where(eq(appointments.uuid, uuid.toLowerCase()));
  const [appointment] = toAppointments(rows);
  return appointment;
}
