import { roundTicks } from './chartTicks';

describe('roundTicks', () => {
  it.each([
    [250, [0, 50, 100, 150, 200, 250]],
    [7318.4, [0, 2000, 4000, 6000, 8000]],
    [99.9, [0, 20, 40, 60, 80, 100]],
    [1, [0, 0.2, 0.4, 0.6, 0.8, 1]],
  ])('ticks up to %p are %p', (max, ticks) => {
    expect(roundTicks(max)).toEqual(ticks);
  });

  it('always covers the maximum with at most five intervals of one round step', () => {
    for (const max of [3, 17, 123.45, 9999, 45678.9, 1_000_001]) {
      const ticks = roundTicks(max);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(5);
      const step = ticks[1];
      expect(['1', '2', '5']).toContain(String(step / 10 ** Math.floor(Math.log10(step)))[0]);
      ticks.forEach((tick, index) => expect(tick).toBeCloseTo(index * step));
    }
  });

  it('an empty chart still has an axis', () => {
    expect(roundTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });
});
