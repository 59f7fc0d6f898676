import { and, asc, count, desc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { oncePerShape } from '../../../db/queryShapes';
import { appointmentCounts, appointments } from '../../../db/schema';
import { boundedCount, preparedCount, type ListTotal } from '../../../lib/boundedCount';
import { keysetBatches } from '../../../lib/csv';
import { orderOfKey, type KeyPart } from '../../../lib/keyset';
import { pageOfCountedList, reversedKey } from '../../../lib/nearerEnd';
import { conditionsShape, placeholdersFor, readPageByIds, readPreparedPage } from '../../../lib/preparedList';
import type { Appointment, AppointmentFilters, AppointmentSortColumn, PageRequest, PageResult } from '../types';
import { isUuid } from '../uuid';
import {
  agendaCondition,
  agendaValues,
  agendaValuesProbingPatients,
  FEW_PATIENTS,
  fewPatientsSeen,
  fewPatientsTable,
  type AgendaValues,
} from './agendaConditions';
import { appointmentColumns, joinedFor, selectRows, SORTS, toAppointments, type AppointmentRow } from './appointmentRows';

type Sort = NonNullable<PageRequest<AppointmentSortColumn>['sort']>;

/*
 * The agenda's page and counts are each prepared once per shape (db/queryShapes.ts) and executed with
 * their values: drizzle otherwise builds their text anew on every request. A shape names all that
 * changes the text: which filters are given, the part of the agenda or the sort, the direction it is
 * read in, and whether the page starts at an offset.
 */

/** A condition on the agenda, built with placeholders: `shape` names its text, `values` fill it. */
interface Condition {
  shape: string;
  values: Record<string, unknown>;
  where(): SQL | undefined;
}

/** A read of the agenda: rows under a condition, in `key`'s order, with the table `sort` needs joined. */
interface Read extends Condition {
  key: KeyPart[];
  sort?: Sort;
}

/** The request's filters as a Condition. */
const filteredBy = (db: Database, values: AgendaValues): Condition => ({
  shape: conditionsShape('appointments', values),
  values,
  where: () => agendaCondition(db, placeholdersFor(values)),
});

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
async function countRows(db: Database, condition: Condition): Promise<ListTotal> {
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

async function exactCount(db: Database, condition: Condition): Promise<number> {
  const maintained = maintainedTotal(db, condition);
  if (maintained) return maintained;
  const counted = oncePerShape(db, `${condition.shape}; count`, () =>
    db.select({ total: count() }).from(appointments).where(condition.where()),
  );
  const [{ total }] = await counted.execute(condition.values);
  return total;
}

/** A chosen sort's order: its column, ties by id, newest first (the rest of the list uses agendaPage's order). */
const keyOfSort = (sort: Sort): KeyPart[] => [
  { column: SORTS[sort.column].column, direction: sort.direction },
  { column: appointments.id, direction: 'desc' },
];

/** The agenda in a chosen sort's order, or (`reversed`) read from its end. */
const sortedRead = (condition: Condition, sort: Sort, reversed: boolean): Read => ({
  ...condition,
  shape: `${condition.shape}; by ${sort.column} ${sort.direction}${reversed ? ', from the end' : ''}`,
  key: reversed ? reversedKey(keyOfSort(sort)) : keyOfSort(sort),
  sort,
});

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

/** 'now', given as ISO text on each execution. */
const sqlNow = sql`${sql.placeholder('now')}::timestamptz`;

/** One part of the agenda's default order: by start, ties by id, newest first. */
const agendaKey = (direction: 'asc' | 'desc'): KeyPart[] => [
  { column: appointments.startsAt, direction },
  { column: appointments.id, direction: 'desc' },
];

/**
 * The agenda's default order as one key: the coming appointments soonest first, then the past ones
 * latest first, ties by id, newest first. Its rows are sorted by it, not read in it from an index.
 */
const agendaOrderKey: KeyPart[] = [
  { column: sql`${appointments.startsAt} < ${sqlNow}`, direction: 'asc' },
  { column: sql`case when ${appointments.startsAt} >= ${sqlNow} then ${appointments.startsAt} end`, direction: 'asc' },
  { column: appointments.startsAt, direction: 'desc' },
  { column: appointments.id, direction: 'desc' },
];

/**
 * The agenda of a few patients (the patient filter's matches, by id) in its default order: their
 * appointments, a few hundred, are read from the patient index and sorted in one query, where
 * agendaPage reads the coming part and then the past part, two queries for most of their pages.
 */
const fewPatientsRead = (condition: Condition): Read => ({
  shape: `${condition.shape}; in the agenda's order`,
  values: { ...condition.values, now: new Date().toISOString() },
  where: condition.where,
  key: agendaOrderKey,
});

/** A few patients' agenda in the chosen sort's order, or in the agenda's. */
const fewPatientsReadOf = (condition: Condition, sort: Sort | undefined): Read =>
  sort ? sortedRead(condition, sort, false) : fewPatientsRead(condition);

/**
 * A page (or, without a limit, all) of a few patients' agenda (`read`, under `condition`) and its
 * exact total, in one query: all their appointments, a few hundred, are sorted for any page, so a
 * window count beside costs next to nothing, where a count of its own was a second statement,
 * planned and answered apart. Read forward at any offset: the sort reads every row whichever end the
 * page is nearer. A page past the last row has no row to carry the total, which is then counted.
 *
 * Given a FewPatientsProbe (agendaValuesProbingPatients), the same statement first looks the patients
 * up (fewPatientsTable) and each row tells how many it saw (`patientsSeen`): the probe and the page
 * in one round trip, planned once per connection, where the probe of its own was a second statement
 * planned on every request (bench/README.md). Past FEW_PATIENTS, or with no row to tell, the caller
 * probes the patients on their own.
 */
async function pageWithTotal(
  db: Database,
  condition: Condition,
  read: Read,
  page: { limit: number | undefined; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number; patientsSeen?: number }> {
  const probing = read.values.fewPatientsName !== undefined;
  const rows = await readPreparedPage<AppointmentRow & { total: number; patientsSeen?: number }>(
    db,
    `${read.shape}; page with its total`,
    read.values,
    page,
    (cut) => {
      const orderBy = orderOfKey(read.key);
      const pageIds = joinedFor(
        db
          .select({ id: appointments.id, total: sql<number>`(count(*) over ())::int`.as('total') })
          .from(appointments)
          .$dynamic(),
        read.sort,
      )
        .where(read.where())
        .orderBy(...orderBy)
        .limit(cut.limit)
        .offset(cut.offset)
        .as('page_ids');
      // Probing its patients, the statement first looks them up (fewPatientsTable) and tells how many it saw.
      const statement = probing ? db.with(fewPatientsTable(db)) : db;
      return joinedFor(
        statement
          .select({ ...appointmentColumns, total: pageIds.total, ...(probing ? { patientsSeen: fewPatientsSeen } : {}) })
          .from(appointments)
          .innerJoin(pageIds, eq(pageIds.id, appointments.id))
          .$dynamic(),
        read.sort,
      ).orderBy(...orderBy);
    },
  );
  if (rows.length > 0) return { rows, total: rows[0].total, patientsSeen: rows[0].patientsSeen };
  // No row carries the total, nor the number of patients probed: the probe then runs on its own.
  if (probing) return { rows, total: 0 };
  return { rows, total: page.offset === 0 ? 0 : await exactCount(db, condition) };
}

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
