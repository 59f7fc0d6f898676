import { createHmac, hkdfSync } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteExpired } from '../../db/deleteExpired';
import { attemptCounters } from '../../db/schema';

/** Attempts counted per subject (an e-mail, an address, a card) within `windowMs`. */
export interface AttemptWindow {
  /** Keeps the counts apart in the table; part of every key. */
  name: string;
  windowMs: number;
}

/** At most `max` attempts per subject within the window. */
export interface AttemptLimit extends AttemptWindow {
  max: number;
}

/** An attempt as counted, to be taken back when it turns out not to count (a right password, an approved card). */
export interface CountedAttempt {
  key: string;
  bucketStart: Date;
}

/**
 * The window slides in tenths: an attempt counts for at least the window and at most a tenth more,
 * and a subject has at most eleven rows per limit.
 */
const BUCKETS_PER_WINDOW = 10;

const bucketLength = (limit: AttemptWindow) => Math.ceil(limit.windowMs / BUCKETS_PER_WINDOW);

/**
 * Attempt counters in the database (table `attempt_counters`), so that every throttle and rate limit
 * holds across all server copies on one PostgreSQL database. Counting is an atomic upsert; an attempt
 * is counted before the work it guards and taken back if it is refused or turns out not to count,
 * so that a burst of parallel requests cannot all pass a check made before any of them was counted.
 */
export class AttemptCounters {
  private readonly hashKey: Buffer;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own, derived from the server secret: the table shows neither e-mails, addresses nor card numbers.
    this.hashKey = Buffer.from(hkdfSync('sha256', secret, 'attempt-counters', 'portal-saude', 32));
  }

  private keyOf(limit: AttemptWindow, subject: string): string {
    return `${limit.name}:${createHmac('sha256', this.hashKey).update(subject).digest('base64url')}`;
  }

  private async totalOf(limit: AttemptWindow, key: string): Promise<number> {
    const since = new Date(this.now() - limit.windowMs - bucketLength(limit));
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${attemptCounters.hits}), 0)::int` })
      .from(attemptCounters)
      .where(and(eq(attemptCounters.key, key), gt(attemptCounters.bucketStart, since)));
    return Number(row?.total ?? 0);
  }

  /** Counts one attempt, whatever the total; returns the total within the window, this one included. */
  async record(limit: AttemptWindow, subject: string): Promise<{ total: number; counted: CountedAttempt }> {
    const key = this.keyOf(limit, subject);
    const bucketMs = bucketLength(limit);
    const now = this.now();
    const bucketStart = new Date(now - (now % bucketMs));
    await this.db
      .insert(attemptCounters)
      .values({ key, bucketStart, hits: 1, expiresAt: new Date(bucketStart.getTime() + limit.windowMs + bucketMs) })
      .onConflictDoUpdate({
        target: [attemptCounters.key, attemptCounters.bucketStart],
        set: { hits: sql`${attemptCounters.hits} + 1` },
      });
    return { total: await this.totalOf(limit, key), counted: { key, bucketStart } };
  }

  /** The attempts within the window, without counting one. */
  total(limit: AttemptWindow, subject: string): Promise<number> {
    return this.totalOf(limit, this.keyOf(limit, subject));
  }

  /**
   * Counts one attempt under each limit if every one of them still allows it. Returns the counted
   * attempts, or null when a limit already holds `max` attempts (then nothing stays counted).
   */
  async admit(...entries: Array<[AttemptLimit, string]>): Promise<CountedAttempt[] | null> {
    const counted: CountedAttempt[] = [];
    let refused = false;
    for (const [limit, subject] of entries) {
      const attempt = await this.record(limit, subject);
      counted.push(attempt.counted);
      if (attempt.total > limit.max) refused = true;
    }
    if (!refused) return counted;
    await this.takeBack(counted);
    return null;
  }

  /** Uncounts attempts that turned out not to count. */
  async takeBack(counted: readonly CountedAttempt[]): Promise<void> {
    for (const { key, bucketStart } of counted) {
      await this.db
        .update(attemptCounters)
        .set({ hits: sql`${attemptCounters.hits} - 1` })
        .where(and(eq(attemptCounters.key, key), eq(attemptCounters.bucketStart, bucketStart)));
    }
  }

  /** Forgets every attempt of a subject under a limit (a right password forgives the earlier wrong ones). */
  async clear(limit: AttemptWindow, subject: string): Promise<void> {
    await this.db.delete(attemptCounters).where(eq(attemptCounters.key, this.keyOf(limit, subject)));
  }

  /** Deletes the buckets that left their window; returns how many went. */
  purgeExpired(): Promise<number> {
    return deleteExpired(this.db, attemptCounters, attemptCounters.expiresAt, new Date(this.now()));
  }
}
