import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { attemptCounters } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { AttemptCounters, type AttemptLimit } from './attemptCounters';

let app: FastifyInstance;
let clock: number;
let counters: AttemptCounters;
beforeAll(async () => {
  app = await createTestApp();
  counters = new AttemptCounters(app.db, app.config.jwtSecret, () => clock);
});
afterAll(() => app.close());
beforeEach(async () => {
  clock = Date.UTC(2026, 10, 20, 12, 0, 0);
  await app.db.delete(attemptCounters);
});

const MINUTE = 60_000;
const limit: AttemptLimit = { name: 'teste', max: 3, windowMs: 10 * MINUTE };

describe('AttemptCounters', () => {
  it('admits up to max attempts in the window, then refuses and counts nothing for the refused one', async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect(await counters.admit([limit, 'a@b.com'])).not.toBeNull();
    expect(await counters.admit([limit, 'a@b.com'])).toBeNull();
    expect(await counters.total(limit, 'a@b.com')).toBe(3);
    expect(await counters.admit([limit, 'outra@b.com'])).not.toBeNull();
  });

  it('stores a row per tenth of the window, under a keyed hash of the subject that every copy and release derives alike', async () => {
    clock = Date.UTC(2026, 10, 20, 12, 0, 25);
    await counters.record(limit, 'a@b.com');
    await counters.record(limit, 'a@b.com');
    const hashKey = Buffer.from(hkdfSync('sha256', app.config.jwtSecret, 'attempt-counters', 'portal-saude', 32));
    const subjectHash = createHmac('sha256', hashKey).update('a@b.com').digest('base64url');
    const rows = await app.db
      .select({
        key: attemptCounters.key,
        bucketStart: attemptCounters.bucketStart,
        hits: attemptCounters.hits,
        expiresAt: attemptCounters.expiresAt,
      })
      .from(attemptCounters);
    expect(rows).toEqual([
      {
        key: `teste:${subjectHash}`,
        // The tenth (a minute) the attempt fell in, kept for the window and that tenth more.
        bucketStart: new Date(Date.UTC(2026, 10, 20, 12, 0, 0)),
        hits: 2,
        expiresAt: new Date(Date.UTC(2026, 10, 20, 12, 11, 0)),
      },
    ]);
  });

  it('lets an attempt go once the window (and at most a tenth more) has passed', async () => {
    for (let attempt = 0; attempt < 3; attempt++) await counters.admit([limit, 'a@b.com']);
    clock += limit.windowMs - 1;
    expect(await counters.admit([limit, 'a@b.com'])).toBeNull();
    clock += limit.windowMs / 10 + 1;
    expect(await counters.total(limit, 'a@b.com')).toBe(0);
    expect(await counters.admit([limit, 'a@b.com'])).not.toBeNull();
  });

  it('refuses under several limits together when any one is full, counting under none', async () => {
    const wide: AttemptLimit = { name: 'teste-largo', max: 100, windowMs: 10 * MINUTE };
    for (let attempt = 0; attempt < 3; attempt++) await counters.admit([limit, 'a@b.com']);
    expect(await counters.admit([wide, 'a@b.com'], [limit, 'a@b.com'])).toBeNull();
    expect(await counters.total(wide, 'a@b.com')).toBe(0);
  });

  it('takes back a counted attempt, in its own bucket even after the clock moved on', async () => {
    const counted = await counters.admit([limit, 'a@b.com']);
    await counters.admit([limit, 'a@b.com']);
    clock += 3 * MINUTE;
    await counters.takeBack(counted!);
    expect(await counters.total(limit, 'a@b.com')).toBe(1);
  });

  it('clears a subject under one limit only', async () => {
    const other: AttemptLimit = { ...limit, name: 'teste-outro' };
    await counters.admit([limit, 'a@b.com'], [other, 'a@b.com']);
    await counters.clear(limit, 'a@b.com');
    expect([await counters.total(limit, 'a@b.com'), await counters.total(other, 'a@b.com')]).toEqual([0, 1]);
  });

  it('purges only the buckets that left their window', async () => {
    await counters.admit([limit, 'antigo@b.com']);
    clock += limit.windowMs;
    await counters.admit([limit, 'recente@b.com']);
    clock += limit.windowMs / 10 + 1;
    expect(await counters.purgeExpired()).toBe(1);
    expect(await counters.total(limit, 'recente@b.com')).toBe(1);
  });

  it('keeps neither the subject nor anything reversible in the table', async () => {
    await counters.admit([limit, '4111111111111111'], [limit, 'joana@exemplo.com.br']);
    const keys = (await app.db.select({ key: attemptCounters.key }).from(attemptCounters)).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^teste:[A-Za-z0-9_-]{43}$/);
  });
});
