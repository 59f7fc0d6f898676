import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointments, professionalSchedules, professionalSpecialties, professionals } from '../../../db/schema';
import { addDays, todayIn, toBrDate, zonedInstant, type IsoDate } from '../dates';
import type { AvailabilitySlot } from '../types';
import { encodeSlotId } from './slotIds';
import { freeSlots, poolSlots, type Busy, type PooledSlot, type WorkingSchedule } from './slots';

/** The weekly schedules of the active professionals of a specialty (optionally only some of them). */
export async function schedulesOf(db: Database, specialtyId: number, onlyIds?: number[]): Promise<WorkingSchedule[]> {
  const rows = await db
    .select({
      professionalId: professionals.id,
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
  const schedules = new Map<number, WorkingSchedule>();
  for (const row of rows) {
    const schedule = schedules.get(row.professionalId) ?? {
      professionalId: row.professionalId,
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

interface PooledQuery {
  specialtyId: number;
  from: IsoDate;
  to: IsoDate;
  now: Date;
  beneficiaryId?: number;
  onlyProfessionalIds?: number[];
}

/** The times offered for a specialty between two dates, never before `now`. */
export async function pooledAvailability(db: Database, query: PooledQuery): Promise<PooledSlot[]> {
  const from = query.from < todayIn(query.now) ? todayIn(query.now) : query.from;
  if (from > query.to) return [];
  const schedules = await schedulesOf(db, query.specialtyId, query.onlyProfessionalIds);
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
  return poolSlots(freeSlots({ schedules, from, to: query.to, now: query.now, busy, patientBusy }));
}

export function toAvailabilitySlot(specialtyId: number, slot: PooledSlot): AvailabilitySlot {
  return {
    uuid: encodeSlotId({ specialtyId, startsAt: slot.startsAt, minutes: slot.minutes }),
    date: toBrDate(slot.date),
    from: slot.from,
    to: slot.to,
  };
}
