import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sessions ended by 'Sair' (migration 0048). A token names its session (`sid`); signing out ends that
 * session only, so the other people signed in to the same account, or the same person on another
 * device, stay signed in. A password change or an inactivation still ends them all (the account's
 * token version). A row is moot once every token of its session has expired (`endsAt`), and is purged.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    /** ADMINISTRADOR | PARCEIRO | FILIAL | REVENDEDOR */
    accountType: text('account_type').notNull(),
    accountId: integer('account_id').notNull(),
    /** When the last token the session could hold expires. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  // The session check reads an account's ended sessions with the account (services/auth/accounts.ts).
  (t) => [index('ended_sessions_account_idx').on(t.accountType, t.accountId, t.endsAt), index('ended_sessions_ends_idx').on(t.endsAt)],
);
