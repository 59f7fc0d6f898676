/** The message for a date range whose start (yyyy-mm-dd) is after its end; undefined when the range is fine. */
export function dateRangeError(start: string, end: string, [startLabel, endLabel]: readonly [string, string]): string | undefined {
  if (!start || !end || start <= end) return undefined;
  return `${startLabel}: não pode ser depois de '${endLabel}'`;
}
