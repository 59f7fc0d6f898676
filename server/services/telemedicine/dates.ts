/**
 * Calendar helpers of care. Schedules, slots and the API's dd/mm/yyyy dates are wall-clock times of
 * São Paulo (src/domain/calendar.ts reads its wall clock); instants in the database are UTC. A
 * calendar date travels as an ISO string yyyy-mm-dd.
 */
import { saoPauloClock, saoPauloOffsetMs } from '../../../src/domain/calendar';
import { isoFromParts, parseBrDate } from '../../../src/domain/dateRange';

export type IsoDate = string;

const MS_PER_DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date filter of a list: yyyy-mm-dd (date inputs) or dd/mm/yyyy. */
export function parseDateParam(value: unknown): IsoDate | undefined {
  if (typeof value !== 'string') return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return iso ? isoFromParts(Number(iso[1]), Number(iso[2]), Number(iso[3])) : parseBrDate(value);
}

/** yyyy-mm-dd → dd/mm/yyyy */
export const toBrDate = (iso: IsoDate) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const isoToUtcMs = (iso: IsoDate) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

export function addDays(iso: IsoDate, days: number): IsoDate {
  const date = new Date(isoToUtcMs(iso) + days * MS_PER_DAY);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export const daysBetween = (from: IsoDate, to: IsoDate) => Math.round((isoToUtcMs(to) - isoToUtcMs(from)) / MS_PER_DAY);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (iso: IsoDate) => new Date(isoToUtcMs(iso)).getUTCDay();

/** Every date from `from` to `to`, inclusive. */
export function eachDate(from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The instant of a São Paulo wall-clock time: date yyyy-mm-dd, time HH:mm. */
export function zonedInstant(iso: IsoDate, time: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  const guess = isoToUtcMs(iso) + (hour * 60 + minute) * 60_000;
  const first = guess - saoPauloOffsetMs(new Date(guess));
  return new Date(guess - saoPauloOffsetMs(new Date(first)));
}

/** São Paulo's wall-clock date and time (HH:mm) of an instant. */
export function zonedParts(instant: Date): { date: IsoDate; time: string } {
  const wall = saoPauloClock(instant);
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** Today in São Paulo. */
export const todayIn = (now: Date): IsoDate => zonedParts(now).date;

/** 'HH:mm' or 'HH:mm:ss' → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number);
  return hour * 60 + minute;
}

export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
