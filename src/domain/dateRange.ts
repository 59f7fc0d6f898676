/** The years a list's date filter searches: the server refuses a date outside them (server/services/telemedicine/dates.ts). */
export const FILTER_YEARS = { first: 1900, last: 2200 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of a real calendar date within FILTER_YEARS, or undefined. */
export function isoFromParts(year: number, month: number, day: number): string | undefined {
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return undefined;
  if (year < FILTER_YEARS.first || year > FILTER_YEARS.last) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 'dd/mm/yyyy' (the telemedicine API's dates) → yyyy-mm-dd, or undefined when it is not a real date. */
export function parseBrDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return match ? isoFromParts(Number(match[3]), Number(match[2]), Number(match[1])) : undefined;
}

/** The year of yyyy-mm-dd; a browser lets it run to five or six digits ('20245-05-10'). */
const yearOf = (date: string) => Number(date.split('-')[0]);

/**
 * A date input's value whose year is still being typed: the browser reports each keystroke of the
 * year as a date ('0002-05-10', '0020-…', '0202-…' before '2024-05-10'). Neither searched nor refused.
 */
export const yearBeingTyped = (date: string) => Boolean(date) && yearOf(date) < 1000;

/** The message for a date (yyyy-mm-dd) whose full year is outside FILTER_YEARS; undefined otherwise. */
function yearError(date: string, label: string): string | undefined {
  if (!date || yearBeingTyped(date)) return undefined;
  const year = yearOf(date);
  if (year >= FILTER_YEARS.first && year <= FILTER_YEARS.last) return undefined;
  return `${label}: informe um ano entre ${FILTER_YEARS.first} e ${FILTER_YEARS.last}`;
}

/**
 * The message for a date range (yyyy-mm-dd) that cannot be searched: a year outside FILTER_YEARS, or
 * a start after its end; undefined when the range is fine.
 */
export function dateRangeError(start: string, end: string, [startLabel, endLabel]: readonly [string, string]): string | undefined {
  const outOfYears = yearError(start, startLabel) ?? yearError(end, endLabel);
  if (outOfYears) return outOfYears;
  if (!start || !end || start <= end) return undefined;
  return `${startLabel}: não pode ser depois de '${endLabel}'`;
}
