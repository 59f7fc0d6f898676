import { formatTimeLeft, PIX_TEXTS } from './pix';

/** The Pix panel's countdown (pix.ts). */

it.each([
  [30 * 60_000, '30:00'],
  [29 * 60_000 + 59_000, '29:59'],
  [59_001, '01:00'],
  [1, '00:01'],
  [0, '00:00'],
  [-5_000, '00:00'],
  [100 * 60_000, '100:00'],
])('shows %i ms left as %s, rounding a started second up', (ms, shown) => {
  expect(formatTimeLeft(ms)).toBe(shown);
});

it('writes the countdown into its sentence', () => {
  expect(PIX_TEXTS.expiresIn(formatTimeLeft(90_000))).toBe('Expira em 01:30');
});
