import { eachDate, minutesOf, timeOf, weekdayOf, zonedInstant, type IsoDate } from '../dates';

/** A professional's weekly schedule as the slot generator needs it. */
export interface WorkingSchedule {
  professionalId: number;
  /** Length of each consultation, in minutes. */
  consultationMinutes: number;
  intervals: Array<{ weekday: number; start: string; end: string }>;
}

export interface Busy {
  start: Date;
  end: Date;
}

/** One professional's free consultation. */
export interface ProfessionalSlot {
  professionalId: number;
  date: IsoDate;
  from: string;
  to: string;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotQuery {
  schedules: WorkingSchedule[];
  from: IsoDate;
  to: IsoDate;
  now: Date;
  /** Booked (not cancelled) appointments per professional. */
  busy: Map<number, Busy[]>;
  /** The patient's own appointments: a slot overlapping one is not offered. */
  patientBusy?: Busy[];
}

const overlaps = (a: Busy, b: Busy) => a.start < b.end && b.start < a.end;

/**
 * The free consultations of the given professionals between two dates: each schedule interval of
 * the date's weekday is cut into consultations of the professional's length (a trailing part too
 * short for one is dropped), then anything already started, booked or clashing with the patient's
 * own appointments is removed.
 */
export function freeSlots(query: SlotQuery): ProfessionalSlot[] {
  const slots: ProfessionalSlot[] = [];
  for (const date of eachDate(query.from, query.to)) {
    const weekday = weekdayOf(date);
    // One zone lookup per day: São Paulo has kept a fixed offset since 2019 (no daylight saving).
    const midnight = zonedInstant(date, '00:00').getTime();
    const at = (minutes: number) => new Date(midnight + minutes * 60_000);
    for (const schedule of query.schedules) {
      const length = schedule.consultationMinutes;
      const busy = query.busy.get(schedule.professionalId) ?? [];
      for (const interval of schedule.intervals) {
        if (interval.weekday !== weekday) continue;
        const end = minutesOf(interval.end);
        for (let start = minutesOf(interval.start); start + length <= end; start += length) {
          const slot = {
            professionalId: schedule.professionalId,
            date,
            from: timeOf(start),
            to: timeOf(start + length),
            startsAt: at(start),
            endsAt: at(start + length),
          };
          const window = { start: slot.startsAt, end: slot.endsAt };
          if (slot.startsAt <= query.now) continue;
          if (busy.some((taken) => overlaps(taken, window))) continue;
          if (query.patientBusy?.some((taken) => overlaps(taken, window))) continue;
          slots.push(slot);
        }
      }
    }
  }
  return slots;
}

/**
 * The order slots are offered in: by start, then length, then professional (by the given name), so
 * the professionals free at one time are listed together and always in the same order.
 */
export function inOfferOrder(slots: ProfessionalSlot[], nameOf: (professionalId: number) => string): ProfessionalSlot[] {
  const length = (slot: ProfessionalSlot) => slot.endsAt.getTime() - slot.startsAt.getTime();
  return [...slots].sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() ||
      length(a) - length(b) ||
      nameOf(a.professionalId).localeCompare(nameOf(b.professionalId), 'pt-BR') ||
      a.professionalId - b.professionalId,
  );
}
