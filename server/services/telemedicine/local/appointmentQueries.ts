import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '../../../../src/domain/documents';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { appointments, beneficiaries, professionalSpecialties, professionals, referrals, specialties } from '../../../db/schema';
import { boundedCount, type ListTotal } from '../../../lib/boundedCount';
import { keysetBatches } from '../../../lib/csv';
import { orderOfKey, type KeyPart } from '../../../lib/keyset';
import { firstMatches, isAnyOf } from '../../../lib/fewMatches';
import { containsPattern } from '../../../lib/listQuery';
import { pageOfCountedList, reversedKey } from '../../../lib/nearerEnd';
import { pageByIds } from '../../../lib/pageByIds';
import { qualified } from '../../../lib/qualified';
import { addDays, zonedInstant, zonedParts } from '../dates';
import { isUuid } from '../uuid';
import type { Appointment, AppointmentFilters, AppointmentSortColumn, PageRequest, PageResult } from '../types';

/*
 * The row's beneficiary, professional, specialty and referral are read by correlated lookups keyed
 * on the appointment's own columns, not joined: PostgreSQL planned the five-table join in ~1 ms at
 * every request, four times what the lookups cost in all (bench/README.md). Filters on those tables
 * are `IN` subqueries; only a sort by one of them joins it (see SORTS).
 */
const q = qualified;
const ownSpecialty = alias(specialties, 'own_specialty');
const beneficiaryOfRow = sql<Appointment['beneficiary']>`(
  select json_build_object('uuid', ${q(beneficiaries.uuid)}, 'name', ${q(beneficiaries.name)}, 'cpf', ${q(beneficiaries.cpf)},
    'birthday', ${q(beneficiaries.birthday)}, 'phone', ${q(beneficiaries.phone)}, 'email', ${q(beneficiaries.email)})
  from ${beneficiaries} where ${q(beneficiaries.id)} = ${q(appointments.beneficiaryId)})`;
const professionalOfRow = sql<Appointment['professional']>`(
  select json_build_object('name', ${q(professionals.nomeCompleto)}, 'specialties', (
    select coalesce(json_agg(json_build_object('name', ${q(ownSpecialty.name)}) order by ${q(ownSpecialty.position)}), '[]'::json)
    from ${professionalSpecialties} join ${specialties} as ${ownSpecialty} on ${q(ownSpecialty.id)} = ${q(professionalSpecialties.specialtyId)}
    where ${q(professionalSpecialties.professionalId)} = ${q(professionals.id)}))
  from ${professionals} where ${q(professionals.id)} = ${q(appointments.professionalId)})`;
const specialtyOfRow = sql<Appointment['specialty']>`(
  select json_build_object('uuid', ${q(specialties.uuid)}, 'name', ${q(specialties.name)})
  from ${specialties} where ${q(specialties.id)} = ${q(appointments.specialtyId)})`;
const referralUuidOfRow = sql<
  string | null
>`(select ${q(referrals.uuid)} from ${referrals} where ${q(referrals.id)} = ${q(appointments.referralId)})`;

const columns = {
  id: appointments.id,
  uuid: appointments.uuid,
  status: appointments.status,
  type: appointments.type,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  beneficiaryUrl: appointments.beneficiaryUrl,
  beneficiary: beneficiaryOfRow,
  professional: professionalOfRow,
  specialty: specialtyOfRow,
  referralUuid: referralUuidOfRow,
};

/** The sortable columns, with the table each needs joined (the lookups above cannot be sorted on fast). */
const SORTS: Record<AppointmentSortColumn, { column: SQL | AnyPgColumn; joins?: 'beneficiaries' | 'professionals' | 'specialties' }> = {
  data: { column: appointments.startsAt },
  paciente: { column: sql`lower(${beneficiaries.name})`, joins: 'beneficiaries' },
  profissional: { column: sql`lower(${professionals.nomeCompleto})`, joins: 'professionals' },
  especialidade: { column: specialties.name, joins: 'specialties' },
  status: { column: appointments.status },
};

function selectRows(db: Database, sort?: PageRequest<AppointmentSortColumn>['sort']) {
  return joinedFor(db.select(columns).from(appointments).$dynamic(), sort);
}

/** A query on appointments with the table its sort needs joined. */
function joinedFor<Q extends PgSelect>(query: Q, sort?: PageRequest<AppointmentSortColumn>['sort']) {
  switch (sort && SORTS[sort.column].joins) {
    case 'beneficiaries':
      return query.innerJoin(beneficiaries, eq(beneficiaries.id, appointments.beneficiaryId));
    case 'professionals':
      return query.innerJoin(professionals, eq(professionals.id, appointments.professionalId));
    case 'specialties':
      return query.innerJoin(specialties, eq(specialties.id, appointments.specialtyId));
    default:
      return query;
  }
}

type AppointmentRow = Awaited<ReturnType<typeof selectRows>>[number];

/** Rows in `key`'s order from `offset` on; a page's lookups are read for its rows alone (pageByIds). */
function readRows(
  db: Database,
  part: { where: SQL | undefined; key: KeyPart[]; sort?: PageRequest<AppointmentSortColumn>['sort'] },
  limit: number | undefined,
  offset: number,
): Promise<AppointmentRow[]> {
  const orderBy = orderOfKey(part.key);
  const rows = selectRows(db, part.sort);
  if (limit === undefined)
    return rows
      .where(part.where)
      .orderBy(...orderBy)
      .offset(offset);
  const ids = joinedFor(db.select({ id: appointments.id }).from(appointments).$dynamic(), part.sort).where(part.where);
  return pageByIds(rows, appointments.id, ids, orderBy, { limit, offset });
}

/** Exact up to a thousand, estimated beyond (see boundedCount): the agenda grows by the day. */
function countRows(db: Database, where: SQL | undefined): Promise<ListTotal> {
  return boundedCount(db, () => db.select({ id: appointments.id }).from(appointments).where(where).$dynamic());
}

/** Name contains (any case) or, when digits were typed, CPF contains. */
export function patientCondition(text: string, name: SQL | typeof beneficiaries.name, cpf: typeof beneficiaries.cpf): SQL | undefined {
  const digits = onlyDigits(text);
  return or(ilike(name, containsPattern(text)), digits ? sql`${cpf} like ${containsPattern(digits)}` : undefined);
}

/**
 * Up to this many beneficiaries matching the patient filter, the agenda is read from their ids (one
 * array parameter): at a million beneficiaries a first name and surname match up to ~6,000, whose
 * agenda the subquery's walk in date order read in 90-150 ms, their ids in 40-70 ms.
 */
const FEW_PATIENTS = 5000;

/**
 * The appointments of the patients `text` matches. The matches are looked up first (firstMatches:
 * from the name's trigram index): when they are few, their ids are the condition, and PostgreSQL
 * reads their appointments from the beneficiary index (8 ms for a rare name); given the subquery
 * instead, it cannot tell a rare name from a common one and walked the agenda's date index through
 * thousands of appointments to fill a page (160 ms, bench/README.md). Many matches keep the
 * subquery: a page of them comes soon in date order.
 */
async function patientIn(db: Database, text: string): Promise<SQL> {
  const condition = patientCondition(text, beneficiaries.name, beneficiaries.cpf);
  const matched = await firstMatches(db, beneficiaries, beneficiaries.id, condition, FEW_PATIENTS + 1);
  if (matched.length === 0) return sql`false`;
  if (matched.length <= FEW_PATIENTS) return isAnyOf(appointments.beneficiaryId, matched);
  return inArray(appointments.beneficiaryId, db.select({ id: beneficiaries.id }).from(beneficiaries).where(condition));
}

/** The filters as one condition. */
async function whereOf(db: Database, filters: AppointmentFilters): Promise<SQL | undefined> {
  const idsOf = (table: typeof professionals | typeof specialties, condition: SQL | undefined) =>
    db.select({ id: table.id }).from(table).where(condition);
  return and(
    filters.dateFrom ? gte(appointments.startsAt, zonedInstant(filters.dateFrom, '00:00')) : undefined,
    filters.dateTo ? lt(appointments.startsAt, zonedInstant(addDays(filters.dateTo, 1), '00:00')) : undefined,
    filters.patient ? await patientIn(db, filters.patient) : undefined,
    filters.specialty ? inArray(appointments.specialtyId, idsOf(specialties, eq(specialties.name, filters.specialty))) : undefined,
    filters.status ? eq(appointments.status, filters.status) : ne(appointments.status, 'CANCELED'),
    filters.professional
      ? inArray(appointments.professionalId, idsOf(professionals, ilike(professionals.nomeCompleto, containsPattern(filters.professional))))
      : undefined,
  );
}

/** A chosen sort's order: its column, ties by id, newest first (the rest of the list uses agendaPage's order). */
const keyOfSort = (sort: NonNullable<PageRequest<AppointmentSortColumn>['sort']>): KeyPart[] => [
  { column: SORTS[sort.column].column, direction: sort.direction },
  { column: appointments.id, direction: 'desc' },
];

function toAppointments(rows: AppointmentRow[]): Appointment[] {
  return rows.map((row) => {
    const start = zonedParts(row.startsAt);
    const end = zonedParts(row.endsAt);
    const [year, month, day] = start.date.split('-');
    return {
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      type: row.type,
      beneficiary: row.beneficiary,
      specialty: row.specialty,
      professional: row.professional,
      detail: { date: `${day}/${month}/${year}`, from: start.time, to: end.time },
      beneficiaryUrl: row.beneficiaryUrl,
      referralUuid: row.referralUuid,
    };
  });
}

/** One page (or all) of the agenda, filtered and sorted in SQL. */
export async function listAppointments(
  db: Database,
  filters: AppointmentFilters,
  page: PageRequest<AppointmentSortColumn>,
): Promise<PageResult<Appointment>> {
  const where = await whereOf(db, filters);
  const { sort, limit, offset } = page;
  const read = (reversed: boolean, limit: number | undefined, offset: number) =>
    sort
      ? readRows(db, { where, key: reversed ? reversedKey(keyOfSort(sort)) : keyOfSort(sort), sort }, limit, offset)
      : agendaPage(db, where, { reversed, limit, offset });
  if (limit === undefined) {
    const [rows, { total, estimated }] = await Promise.all([read(false, limit, offset), countRows(db, where)]);
    return { items: toAppointments(rows), total, totalEstimated: estimated };
  }
  const { rows, total, estimated } = await pageOfCountedList(
    { limit, offset },
    read,
    () => countRows(db, where),
    () => exactCount(db, where),
  );
  return { items: toAppointments(rows), total, totalEstimated: estimated };
}

/** One part of the agenda's default order: by start, ties by id, newest first. */
const agendaKey = (direction: 'asc' | 'desc'): KeyPart[] => [
  { column: appointments.startsAt, direction },
  { column: appointments.id, direction: 'desc' },
];

/**
 * A page in the agenda's default order without sorting the whole table: the coming appointments
 * soonest first from the starts_at index and, where they run out, the past ones latest first (ties
 * by id, newest first). `reversed` reads that order from its end: the past oldest first, then the
 * coming latest first. Only a page that starts after the first part's last row counts that part.
 */
async function agendaPage(
  db: Database,
  where: SQL | undefined,
  page: { reversed: boolean; limit: number | undefined; offset: number },
): Promise<AppointmentRow[]> {
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const coming = { where: and(where, gte(appointments.startsAt, now)), key: agendaKey('asc') };
  const past = { where: and(where, lt(appointments.startsAt, now)), key: agendaKey('desc') };
  const turned = (part: typeof coming) => ({ where: part.where, key: reversedKey(part.key) });
  const [first, second] = page.reversed ? [turned(past), turned(coming)] : [coming, past];
  const head = await readRows(db, first, page.limit, page.offset);
  if (page.limit !== undefined && head.length === page.limit) return head;
  const firstTotal = head.length > 0 ? page.offset + head.length : await exactCount(db, first.where);
  const rest = await readRows(
    db,
    second,
    page.limit === undefined ? undefined : page.limit - head.length,
    Math.max(0, page.offset - firstTotal),
  );
  return [...head, ...rest];
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
  const where = await whereOf(db, filters);
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
            .select({ ...columns, sortKey: sql<string>`${segment.key}` })
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

async function exactCount(db: Database, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(appointments).where(where);
  return total;
}

export async function findAppointment(db: Database, uuid: string): Promise<Appointment | undefined> {
  if (!isUuid(uuid)) return undefined;
  const rows = await selectRows(db).where(eq(appointments.uuid, uuid.toLowerCase()));
  const [appointment] = toAppointments(rows);
  return appointment;
}
