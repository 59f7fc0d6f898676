/**
 * The name of the unique constraint a database error violated (PostgreSQL code 23505), looking
 * through the wrappers drizzle puts around driver errors; undefined for any other error.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') {
      return current.constraint ?? /constraint "([^"]+)"/.exec(current.message ?? '')?.[1] ?? '';
    }
    current = current.cause as typeof current;
  }
  return undefined;
}
