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

function postgresCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  const code = candidate?.code ?? candidate?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs a write and turns the database's own guards into answers: two requests racing for one
 * e-mail (unique index) → 409 'E-mail já cadastrado'; a row another request just linked
 * (foreign key) → 409 with `linkedMessage`.
 */
export async function withConstraintAnswers<T>(write: () => Promise<T>, linkedMessage?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = postgresCode(error);
    if (code === '23505') throw conflict(EMAIL_TAKEN);
    if (code === '23503' && linkedMessage) throw conflict(linkedMessage);
    throw error;
  }
}
