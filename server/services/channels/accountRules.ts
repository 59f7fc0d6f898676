import { and, ne, sql, type SQL } from 'drizzle-orm';
import { EMAIL_TAKEN } from '../../../src/domain/channels';
import type { Database } from '../../db/client';
import type { branches, partners, resellers } from '../../db/schema';
import { conflict } from '../../lib/httpErrors';

/** The sales channels' account tables (an e-mail is unique within each). */
type AccountTable = typeof partners | typeof branches | typeof resellers;

/** 409 'E-mail já cadastrado' when another account of the same type already signs in with this e-mail. */
export async function ensureEmailFree(db: Database, table: AccountTable, email: string, exceptId?: number): Promise<void> {
  const sameEmail = sql`lower(${table.email}) = lower(${email})`;
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId === undefined ? sameEmail : and(sameEmail, ne(table.id, exceptId)))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
}

/** Ends every session issued so far for the accounts that match (inactivation, password change). */
export async function revokeTokens(db: Database, table: AccountTable, where: SQL): Promise<void> {
  await db
    .update(table)
    .set({ tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(where);
}
