import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted by every throttle and rate limit (sign-in, change-password, the public payment,
 * card velocity), in the database so that a limit holds whichever server copy answers. One row per
 * key and time bucket (a tenth of the limit's window); `key` is the limit's name and a keyed hash of
 * what is counted (an e-mail, an address, a card number), never the value itself.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** When the bucket no longer falls in its limit's window: rows past it are purged. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.bucketStart] }), index('attempt_counters_expires_idx').on(t.expiresAt)],
);
