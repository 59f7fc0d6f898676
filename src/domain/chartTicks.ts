/**
 * The values of a chart axis from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten (never
 * 2,5 or 62,5), at most `maxTicks` intervals, so every label reads as a round amount.
 */
export function roundTicks(max: number, maxTicks = 5): number[] {
  if (!(max > 0)) return [0, 1, 2, 3, 4].map((index) => index * 25);
  const rough = max / maxTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => Math.round(index * step * 100) / 100);
}
