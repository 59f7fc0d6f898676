/**
 * The business's calendar. Every date the portal shows, filters or validates is São Paulo's wall
 * clock, whatever the time zone of the machine running the code (a UTC server, a browser abroad):
 * between 21:00 and midnight in Brasília, UTC is already tomorrow.
 */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function clockOf(instant: Date): WallClock {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const HOUR_MS = 3_600_000;
const MAX_KNOWN_OFFSETS = 10_000;
/** São Paulo's offset from UTC in ms, by UTC hour (ms since the epoch / HOUR_MS). */
const knownOffsets = new Map<number, number>();

/**
 * How far São Paulo's wall clock is from UTC at an instant, in ms (−3 h today; the zone rules decide).
 * The zone's offsets change only on whole UTC hours (its switches happen at local midnight), so one
 * formatToParts an hour answers every instant of it: a call costs ~10 µs, and a list formats every
 * row's dates (3 % of the agenda's server CPU).
 */
export function saoPauloOffsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = knownOffsets.get(hour);
  if (offset === undefined) {
    const clock = clockOf(new Date(hour * HOUR_MS));
    offset = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - hour * HOUR_MS;
    if (knownOffsets.size >= MAX_KNOWN_OFFSETS) knownOffsets.clear();
    knownOffsets.set(hour, offset);
  }
  return offset;
}

/** São Paulo's date and time at an instant. */
export function saoPauloClock(instant: Date): WallClock {
  const wall = new Date(instant.getTime() + saoPauloOffsetMs(instant));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  const { year, month, day } = saoPauloClock(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in São Paulo, yyyy-mm-dd. */
export const saoPauloToday = (now: Date = new Date()) => saoPauloDate(now);
