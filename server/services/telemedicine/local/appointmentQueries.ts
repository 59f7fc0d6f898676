import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '../../../../src/domain/documents';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { appointments, beneficiaries, professionalSpecialties, professionals, referrals, specialties } from '../../../db/schema';
import { boundedCount } from '../../../lib/boundedCount';
import { containsPattern } from '../../../lib/listQuery';
import { addDays, zonedInstant, zonedParts } from '../dates';
import { isUuid } from '../uuid';
import type { Appointment, AppointmentFilters, AppointmentSortColumn, PageRequest, PageResult } from '../types';

const ownSpecialty = alias(specialties, 'own_specialty');

/** The professional's specialties in the catalogue's order, read with each row rather than by a query of their own. */
const professionalSpecialtyNames = sql<Array<{ name: string }>>`(
  select coalesce(json_agg(json_build_object('name', ${ownSpecialty.name}) order by ${ownSpecialty.position}), '[]'::json)
  from ${professionalSpecialties} join ${specialties} as ${ownSpecialty} on ${ownSpecialty.id} = ${professionalSpecialties.specialtyId}
  where ${professionalSpecialties.professionalId} = ${professionals.id})`;

const columns = {
  id: appointments.id,
  uuid: appointments.uuid,
  status: appointments.status,
  type: appointments.type,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  beneficiaryUrl: appointments.beneficiaryUrl,
  professionalName: professionals.nomeCompleto,
  professionalSpecialties: professionalSpecialtyNames,
  specialtyUuid: specialties.uuid,
  specialtyName: specialties.name,
  beneficiaryUuid: beneficiaries.uuid,
  beneficiaryName: beneficiaries.name,
  beneficiaryCpf: beneficiaries.cpf,
  beneficiaryBirthday: beneficiaries.birthday,
  beneficiaryPhone: beneficiaries.phone,
  beneficiaryEmail: beneficiaries.email,
  referralUuid: referrals.uuid,
};

const selectRows = (db: Database) =>
  db
    .select(columns)
    .from(appointments)
    .innerJoin(beneficiaries, eq(beneficiaries.id, appointments.beneficiaryId))
    .innerJoin(professionals, eq(professionals.id, appointments.professionalId))
    .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
    .leftJoin(referrals, eq(referrals.id, appointments.referralId));

type AppointmentRow = Awaited<ReturnType<typeof selectRows>>[number];

/** Exact up to a thousand, estimated beyond (see boundedCount): the agenda grows by the day. */
function countRows(db: Database, where: SQL | undefined): Promise<number> {
  return boundedCount(db, () =>
    db
      .select({ id: appointments.id })
      .from(appointments)
      .innerJoin(beneficiaries, eq(beneficiaries.id, appointments.beneficiaryId))
      .innerJoin(professionals, eq(professionals.id, appointments.professionalId))
      .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
      .where(where)
      .$dynamic(),
  );
}

/** Name contains (any case) or, when digits were typed, CPF contains. */
export function patientCondition(text: string, name: SQL | typeof beneficiaries.name, cpf: typeof beneficiaries.cpf): SQL | undefined {
  const digits = onlyDigits(text);
  return or(ilike(name, containsPattern(text)), digits ? sql`${cpf} like ${containsPattern(digits)}` : undefined);
}

function whereOf(filters: AppointmentFilters): SQL | undefined {
  return and(
    filters.dateFrom ? gte(appointments.startsAt, zonedInstant(filters.dateFrom, '00:00')) : undefined,
    filters.dateTo ? lt(appointments.startsAt, zonedInstant(addDays(filters.dateTo, 1), '00:00')) : undefined,
    filters.patient ? patientCondition(filters.patient, beneficiaries.name, beneficiaries.cpf) : undefined,
    filters.specialty ? eq(specialties.name, filters.specialty) : undefined,
    filters.status ? eq(appointments.status, filters.status) : ne(appointments.status, 'CANCELED'),
    filters.professional ? ilike(professionals.nomeCompleto, containsPattern(filters.professional)) : undefined,
  );
}

const SORT_COLUMNS: Record<AppointmentSortColumn, SQL | AnyPgColumn> = {
  data: appointments.startsAt,
  paciente: sql`lower(${beneficiaries.name})`,
  profissional: sql`lower(${professionals.nomeCompleto})`,
  especialidade: specialties.name,
  status: appointments.status,
};

/** Without a chosen sort the agenda reads like one: coming appointments first (soonest on top), then the past, latest first. */
function orderOf(sort: PageRequest<AppointmentSortColumn>['sort']): SQL[] {
  const tieBreak = [desc(appointments.id)];
  if (sort) {
    const column = SORT_COLUMNS[sort.column];
    return [sort.direction === 'desc' ? desc(column) : asc(column), ...tieBreak];
  }
  return [
    sql`(${appointments.startsAt} < now())`,
    sql`case when ${appointments.startsAt} >= now() then ${appointments.startsAt} end asc`,
    desc(appointments.startsAt),
    ...tieBreak,
  ];
}

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
      beneficiary: {
        uuid: row.beneficiaryUuid,
        name: row.beneficiaryName,
        cpf: row.beneficiaryCpf,
        birthday: row.beneficiaryBirthday,
        phone: row.beneficiaryPhone,
        email: row.beneficiaryEmail,
      },
      specialty: { uuid: row.specialtyUuid, name: row.specialtyName },
      professional: { name: row.professionalName, specialties: row.professionalSpecialties },
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
  const where = whereOf(filters);
  if (!page.sort && page.limit !== undefined) {
    const [rows, total] = await Promise.all([agendaPage(db, where, page.offset, page.limit), countRows(db, where)]);
    return { items: toAppointments(rows), total };
  }
  let query = selectRows(db)
    .where(where)
    .orderBy(...orderOf(page.sort))
    .offset(page.offset)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  const [rows, total] = await Promise.all([query, countRows(db, where)]);
  return { items: toAppointments(rows), total };
}

/**
 * A page in the agenda's default order (orderOf without a sort) without sorting the whole table:
 * the coming appointments are read soonest first from the starts_at index and, where they run out,
 * the past ones latest first. Only a page that starts after the last coming one counts them.
 */
async function agendaPage(db: Database, where: SQL | undefined, offset: number, limit: number): Promise<AppointmentRow[]> {
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const comingWhere = and(where, gte(appointments.startsAt, now));
  const coming = await selectRows(db)
    .where(comingWhere)
    .orderBy(asc(appointments.startsAt), desc(appointments.id))
    .limit(limit)
    .offset(offset);
  if (coming.length === limit) return coming;
  const comingTotal = coming.length > 0 ? offset + coming.length : await exactCount(db, comingWhere);
  const past = await selectRows(db)
    .where(and(where, lt(appointments.startsAt, now)))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(limit - coming.length)
    .offset(Math.max(0, offset - comingTotal));
  return [...coming, ...past];
}

async function exactCount(db: Database, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(appointments)
    .innerJoin(beneficiaries, eq(beneficiaries.id, appointments.beneficiaryId))
    .innerJoin(professionals, eq(professionals.id, appointments.professionalId))
    .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
    .where(where);
  return total;
}

export async function findAppointment(db: Database, uuid: string): Promise<Appointment | undefined> {
  if (!isUuid(uuid)) return undefined;
  const rows = await selectRows(db).where(eq(appointments.uuid, uuid.toLowerCase()));
  const [appointment] = toAppointments(rows);
  return appointment;
}
