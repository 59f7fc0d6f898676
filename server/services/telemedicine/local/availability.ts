import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointments, professionalSchedules, professionalSpecialties, professionals } from '../../../db/schema';
import { addDays, todayIn, toBrDate, zonedInstant, type IsoDate } from '../dates';
import type { AvailabilitySlot, Specialty } from '../types';
import { encodeSlotId } from './slotIds';
import { freeSlots, inOfferOrder, type Busy, type ProfessionalSlot, type WorkingSchedule } from './slots';

/** A professional's schedule with the name patients see. */
export interface NamedSchedule extends WorkingSchedule {
  name: string;
}

/** The weekly schedules of the active professionals of a specialty (optionally only some of them). */
export async function schedulesOf(db: Database, specialtyId: number, onlyIds?: number[]): Promise<NamedSchedule[]> {
  const rows = await db
    .select({
      professionalId: professionals.id,
      name: professionals.nomeCompleto,
      consultationMinutes: professionals.tempoMedioConsulta,
      weekday: professionalSchedules.diaSemana,
      start: professionalSchedules.inicio,
      end: professionalSchedules.fim,
    })
    .from(professionals)
    .innerJoin(professionalSpecialties, eq(professionalSpecialties.professionalId, professionals.id))
    .innerJoin(professionalSchedules, eq(professionalSchedules.professionalId, professionals.id))
    .where(
      and(
        eq(professionalSpecialties.specialtyId, specialtyId),
        isNull(professionals.removedAt),
        onlyIds ? inArray(professionals.id, onlyIds) : undefined,
      ),
    );
  const schedules = new Map<number, NamedSchedule>();
  for (const row of rows) {
    const schedule = schedules.get(row.professionalId) ?? {
      professionalId: row.professionalId,
      name: row.name,
      consultationMinutes: row.consultationMinutes,
      intervals: [],
    };
    schedule.intervals.push({ weekday: row.weekday, start: row.start.slice(0, 5), end: row.end.slice(0, 5) });
    schedules.set(row.professionalId, schedule);
  }
  return [...schedules.values()];
}

/** Booked (not cancelled) appointments overlapping [from, to), per professional. */
export async function busyOf(db: Database, professionalIds: number[], from: Date, to: Date): Promise<Map<number, Busy[]>> {
  const busy = new Map<number, Busy[]>();
  if (!professionalIds.length) return busy;
  const rows = await db
    .select({ professionalId: appointments.professionalId, start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.professionalId, professionalIds),
        ne(appointments.status, 'CANCELED'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
  for (const row of rows) busy.set(row.professionalId, [...(busy.get(row.professionalId) ?? []), { start: row.start, end: row.end }]);
  return busy;
}

/** A patient's own booked appointments overlapping [from, to). */
export async function patientBusyOf(db: Database, beneficiaryId: number, from: Date, to: Date): Promise<Busy[]> {
  return db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.beneficiaryId, beneficiaryId),
        ne(appointments.status, 'CANCELED'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
}

interface AvailabilityRange {
  specialtyId: number;
  from: IsoDate;
  to: IsoDate;
  now: Date;
  beneficiaryId?: number;
}

/** A free consultation of one professional, with the professional's name. */
export interface OfferedSlot extends ProfessionalSlot {
  professionalName: string;
}

/**
 * The free consultations of a specialty's professionals between two dates, never before `now`: one
 * per professional and time (professionals free at one time are not merged: the patient chooses).
 */
export async function professionalAvailability(db: Database, query: AvailabilityRange): Promise<OfferedSlot[]> {
  const from = query.from < todayIn(query.now) ? todayIn(query.now) : query.from;
  if (from > query.to) return [];
  const schedules = await schedulesOf(db, query.specialtyId);
  if (!schedules.length) return [];
  const rangeStart = zonedInstant(from, '00:00');
  const rangeEnd = zonedInstant(addDays(query.to, 1), '00:00');
  const [busy, patientBusy] = await Promise.all([
    busyOf(
      db,
      schedules.map((schedule) => schedule.professionalId),
      rangeStart,
      rangeEnd,
    ),
    query.beneficiaryId ? patientBusyOf(db, query.beneficiaryId, rangeStart, rangeEnd) : Promise.resolve([]),
  ]);
  const nameOf = new Map(schedules.map((schedule) => [schedule.professionalId, schedule.name]));
  const name = (professionalId: number) => nameOf.get(professionalId) ?? '';
  return inOfferOrder(freeSlots({ schedules, from, to: query.to, now: query.now, busy, patientBusy }), name).map((slot) => ({
    ...slot,
    professionalName: name(slot.professionalId),
  }));
}

/** A slot as the API answers it: the spec's fields plus who attends and in which specialty. */
export function toAvailabilitySlot(specialty: Specialty & { id: number }, slot: OfferedSlot): AvailabilitySlot {
  const minutes = Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000);
  return {
    uuid: encodeSlotId({ professionalId: slot.professionalId, specialtyId: specialty.id, startsAt: slot.startsAt, minutes }),
    date: toBrDate(slot.date),
    from: slot.from,
    to: slot.to,
    professional: { name: slot.professionalName },
    specialty: { uuid: specialty.uuid, name: specialty.name },
  };
}
