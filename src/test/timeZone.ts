/**
 * Runs `check` as on a machine set to another time zone (Node reads TZ again whenever it changes),
 * then puts the machine's own back: the portal's dates must not depend on it.
 */
export async function inTimeZone<T>(zone: string, check: () => T | Promise<T>): Promise<T> {
  const machine = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await check();
  } finally {
    if (machine === undefined) delete process.env.TZ;
    else process.env.TZ = machine;
  }
}
