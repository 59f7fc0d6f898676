/**
 * `jest.useFakeTimers({ now, doNotFake: CLOCK_ONLY })` moves the clock (Date) and nothing else:
 * timers and I/O run as usual. The server's tests use it too (server/test/helpers).
 */
export const CLOCK_ONLY: NonNullable<Extract<Parameters<typeof jest.useFakeTimers>[0], { doNotFake?: unknown }>['doNotFake']> = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];
