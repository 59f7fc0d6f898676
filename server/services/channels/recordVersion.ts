import { sql } from 'drizzle-orm';
import { RECORD_CHANGED } from '../../../src/domain/channels';
import type { branches, partners, resellers } from '../../db/schema';
import { conflict } from '../../lib/httpErrors';

/** The sales channels' tables whose records carry a version (migration 0044). */
type VersionedTable = typeof partners | typeof branches | typeof resellers;

/**
 * Optimistic concurrency for the channels' records. Every change the services make to a record's own
 * fields or status sets `rowVersion: nextVersion(table)` in the same UPDATE; sign-in, logout and token
 * revocations never touch it. An update may send the version it was based on (`versao`, optional):
 * read under the row's lock, a different one means someone changed the record since, and nothing is
 * written (409). Without it, the update is saved as before.
 */
export const nextVersion = (table: VersionedTable) => sql<number>`${table.rowVersion} + 1`;

/** 409 'Este registro foi alterado por outra pessoa…' when `sent` is given and is not the locked row's `current` version. */
export function ensureSameVersion(current: number, sent: number | null | undefined): void {
  if (sent !== undefined && sent !== null && sent !== current) throw conflict(RECORD_CHANGED);
}
