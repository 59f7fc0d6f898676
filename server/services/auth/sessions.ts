import { randomUUID } from 'node:crypto';
import type { UserType } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { deleteExpired } from '../../db/deleteExpired';
import { endedSessions } from '../../db/schema';

/** A new session's id, written in each of its tokens (`sid`): unguessable, never reused. */
export const newSessionId = (): string => randomUUID();

/**
 * Ends one session of an account ('Sair'): its tokens are refused from the next request on, the
 * account's other sessions go on. `endsAt` is when its last token would have expired anyway (the
 * maximum session age from now bounds it); past it, the row is purged. Ending it twice is harmless.
 */
export async function endSession(db: Database, account: { type: UserType; id: number }, sessionId: string, endsAt: Date): Promise<void> {
  await db
    .insert(endedSessions)
    .values({ sessionId, accountType: account.type, accountId: account.id, endsAt })
    .onConflictDoNothing({ target: endedSessions.sessionId });
}

/** Deletes the ended sessions whose tokens have all expired; returns how many went. */
export const purgeEndedSessions = (db: Database, now = new Date()): Promise<number> =>
  deleteExpired(db, endedSessions, endedSessions.endsAt, now);
