import { sql } from 'drizzle-orm';
import { RECORD_CHANGED } from '../../../src/domain/channels';
import type { branches, partners, resellers } from '../../db/schema';
import { conflict } from '../../lib/httpErrors';

/** The sales channels' tables whose records carry a version (migration 0044). */
type VersionedTable = typeof partners | typeof branches | typeof resellers;

/**
 * Optimistic concurrency for the channels' records. Every change the services make to a record's own
 * fields or status sets `rowVersion: nextVersion(table)` in the same UPDATE; sign-in, logout and token
 * revocations never touch it. An update may send the version it was based on (`versao`, optional).
 * Without it, the update is saved as before.
 */
export const nextVersion = (table: VersionedTable) => sql<number>`${table.rowVersion} + 1`;

/** A stored value and a written one are the same field value ('' and null alike, numbers as their text). */
const sameValue = (stored: unknown, written: unknown) => String(stored ?? '') === String(written ?? '');

/**
 * 409 'Este registro foi alterado por outra pessoa…' when `sent` is an older version than the locked
 * row's and the update would write over what changed since: a field of `written` (the record's own
 * fields as the update sets them; its status and password aside) that differs from the stored row.
 * A stale request that writes back what is stored (the status badge clicked again on a row read
 * before the last toggle) changes nothing of anyone else's, and is saved.
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
