import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { orderOfKey, type KeyPart } from '../../../lib/keyset';
import { readPreparedPage } from '../../../lib/preparedList';
import { fewPatientsSeen, fewPatientsTable } from './agendaConditions';
import { exactCount } from './agendaCounts';
import { sortedRead, sqlNow, type Condition, type Read, type Sort } from './agendaReads';
import { appointmentColumns, joinedFor, type AppointmentRow } from './appointmentRows';

/*
 * The agenda of a few patients (the patient filter's matches): a page and its exact total in one
 * statement, which may also look the patients up first.
 */

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
export const fewPatientsReadOf = (condition: Condition, sort: Sort | undefined): Read =>
  sort ? sortedRead(condition, sort, false) : fewPatientsRead(condition);

/** A row of the page and its total. */
type RowWithTotal = AppointmentRow & { total: number; patientsSeen?: number };

/** A row of the page, or (all null but patientsSeen) the patients' row alone: the page holds none of their appointments. */
type PageRow = { [Column in keyof RowWithTotal]: RowWithTotal[Column] | null };

const isAppointment = (row: PageRow): row is RowWithTotal => row.id !== null;

/**
 * A page (or, without a limit, all) of a few patients' agenda (`read`, under `condition`) and its
 * exact total, in one query: all their appointments, a few hundred, are sorted for any page, so a
 * window count beside costs next to nothing, where a count of its own was a second statement,
 * planned and answered apart. Read forward at any offset: the sort reads every row whichever end the
 * page is nearer. A page past the last row has no row to carry the total, which is then counted.
 *
 * Given a FewPatientsProbe (agendaValuesProbingPatients), the same statement first looks the patients
 * up (fewPatientsTable) and tells how many it saw (`patientsSeen`): the probe and the page in one
 * round trip, planned once per connection, where the probe of its own was a second statement planned
 * on every request (bench/README.md). The patients' row is joined to the page's rows so that a page
 * without any still tells: nobody matched, or (on the first page) their agenda is empty. Past
 * FEW_PATIENTS, or an empty page past the first, the caller probes the patients on their own.
 */
export async function pageWithTotal(
  db: Database,
  condition: Condition,
  read: Read,
  page: { limit: number | undefined; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number; patientsSeen?: number }> {
  const probing = read.values.fewPatientsName !== undefined;
  const rows = await readPreparedPage<PageRow>(db, `${read.shape}; page with its total`, read.values, page, (cut) => {
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
    const fewPatients = fewPatientsTable(db);
    const statement = probing ? db.with(fewPatients) : db;
    const pageRows = joinedFor(
      statement
        .select({ ...appointmentColumns, total: pageIds.total, ...(probing ? { patientsSeen: fewPatientsSeen } : {}) })
        .from(appointments)
        .innerJoin(pageIds, eq(pageIds.id, appointments.id))
        .$dynamic(),
      read.sort,
    );
    // The patients' one row stays when no appointment is on the page, to tell how many they were.
    return (probing ? pageRows.rightJoin(fewPatients, sql`true`) : pageRows).orderBy(...orderBy);
  });
  const found = rows.filter(isAppointment);
  const patientsSeen = rows[0]?.patientsSeen ?? undefined;
  if (found.length > 0) return { rows: found, total: found[0].total, patientsSeen };
  // Nobody matched, or none of their appointments is on the first page: the agenda is empty.
  if (probing) return patientsSeen === 0 || page.offset === 0 ? { rows: found, total: 0, patientsSeen } : { rows: found, total: 0 };
  return { rows: found, total: page.offset === 0 ? 0 : await exactCount(db, condition) };
}
