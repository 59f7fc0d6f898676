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

/** São Paulo's date and time at an instant. */
export function saoPauloClock(instant: Date): WallClock {
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

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  const { year, month, day } = saoPauloClock(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in São Paulo, yyyy-mm-dd. */
export const saoPauloToday = (now: Date = new Date()) => saoPauloDate(now);
