import { sql, type AnyColumn } from 'drizzle-orm';
import { RECORD_CHANGED } from '../../src/domain/recordVersion';
import { conflict } from './httpErrors';

/** A table whose records carry a version: its `row_version` column (migrations 0044, 0045). */
interface VersionedTable {
  rowVersion: AnyColumn<{ data: number }>;
}

/**
 * Optimistic concurrency for records two administrators may edit at once. Every change a service
 * makes to a record's own fields or status sets `rowVersion: nextVersion(table)` in the same UPDATE;
 * what is not the record's (sign-in, logout and token revocations of an account) never touches it.
 * An update may send the version it was based on (`versao`, optional). Without it, the update is
 * saved as before.
 */
export const nextVersion = (table: VersionedTable) => sql<number>`${table.rowVersion} + 1`;

/** A stored value and a written one are the same field value ('' and null alike, numbers as their text). */
const sameValue = (stored: unknown, written: unknown) => String(stored ?? '') === String(written ?? '');

/**
 * 409 'Este registro foi alterado por outra pessoa…' when `sent` is an older version than the locked
 * row's and the update would write over what changed since: a field of `written` (the record's own
 * fields as the update sets them, named as in `stored`) that differs from the stored row. A stale
 * request that writes back what is stored (the status badge clicked again on a row read before the
 * last toggle) changes nothing of anyone else's, and is saved.
 */
export function ensureNotStale(
  stored: Record<string, unknown> & { rowVersion: number },
  sent: number | null | undefined,
  written: Record<string, unknown>,
): void {
  if (sent === undefined || sent === null || sent === stored.rowVersion) return;
  if (Object.entries(written).some(([field, value]) => value !== undefined && !sameValue(stored[field], value)))
    throw conflict(RECORD_CHANGED);
}
