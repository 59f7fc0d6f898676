import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { appointments, beneficiaries, professionalSpecialties, professionals, referrals, specialties } from '../../../db/schema';
import { nameOrder } from '../../../lib/nameOrder';
import { qualified } from '../../../lib/qualified';
import { zonedParts } from '../dates';
import type { Appointment, AppointmentSortColumn, PageRequest } from '../types';

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
    'birth', ${q(beneficiaries.birthday)}, 'phone', ${q(beneficiaries.phone)}, 'email', ${q(beneficiaries.email)})
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

/** An appointment as the API answers it, its beneficiary, professional, specialty and referral looked up. */
export const appointmentColumns = {
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
export const SORTS: Record<
  AppointmentSortColumn,
  { column: SQL | AnyPgColumn; joins?: 'beneficiaries' | 'professionals' | 'specialties' }
> = {
  data: { column: appointments.startsAt },
  paciente: { column: beneficiaries.nameKey, joins: 'beneficiaries' },
  profissional: { column: professionals.nomeKey, joins: 'professionals' },
  especialidade: { column: nameOrder(specialties.name), joins: 'specialties' },
  status: { column: appointments.status },
};

/** The appointments with their lookups, and the table `sort` needs joined. */
export function selectRows(db: Database, sort?: PageRequest<AppointmentSortColumn>['sort']) {
  return joinedFor(db.select(appointmentColumns).from(appointments).$dynamic(), sort);
}

/** A query on appointments with the table its sort needs joined. */
export function joinedFor<Q extends PgSelect>(query: Q, sort?: PageRequest<AppointmentSortColumn>['sort']) {
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

export type AppointmentRow = Awaited<ReturnType<typeof selectRows>>[number];

/** Rows as the API answers them: the date and times on São Paulo's wall clock. */
export function toAppointments(rows: AppointmentRow[]): Appointment[] {
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
