import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { JOB_LOCK_APPLICATION, JOB_LOCK_CLASS } from '../db/jobLocks';
import { startPortal, type PortalProcess } from '../test/portalProcess';

/**
 * Periodic jobs on two copies of one PostgreSQL database (this file runs when DATABASE_URL is set):
 * the copy that started first runs them, the other does not; when the first dies (SIGKILL, no
 * goodbye) the other takes every job over within a minute and runs it at once.
 */

const JOBS = ['attempt-counters-purge', 'audit-retention', 'ended-sessions-purge', 'holder-name-segments', 'payment-reconciliation'];
const server = process.env.DATABASE_URL!;
const name = `jobs_${randomBytes(5).toString('hex')}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const admin = new Pool({ connectionString: server, max: 1 });
let pool: Pool;
let first: PortalProcess | undefined;
let second: FastifyInstance | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));

/** The job locks held right now, and by which copy's connection (its application_name). */
async function holders(): Promise<string[]> {
  const { rows } = await pool.query<{ holder: string }>(
    `select a.application_name as holder from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.classid = $1 and l.granted and a.datname = current_database() order by holder`,
    [JOB_LOCK_CLASS],
  );
  return rows.map((row) => row.holder);
}

const expiredCounter = async (key: string) =>
  pool.query(
    `insert into attempt_counters (key, bucket_start, hits, expires_at) values ($1, now() - interval '2 hours', 1, now() - interval '1 hour')`,
    [key],
  );
const counterLeft = async (key: string) => (await pool.query('select 1 from attempt_counters where key = $1', [key])).rowCount === 1;

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

beforeAll(async () => {
  await admin.query(`create database ${name}`);
  pool = new Pool({ connectionString: url, max: 1 });
});
afterAll(async () => {
  await first?.kill('SIGKILL');
  await second?.close();
  await pool?.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('one copy runs each job; another takes them over within a minute of its death', async () => {
  first = await startPortal(dataDir, { DATABASE_URL: url, DEMO_SEED: 'false' });
  await waitFor(async () => (await holders()).length === JOBS.length, 30_000);
  const [firstCopy] = await holders();
  expect(firstCopy).toMatch(new RegExp(`^${JOB_LOCK_APPLICATION} `));

  second = await buildApp(testConfig({ databaseUrl: url, dataDir }));
  await second.ready();
  await expiredCounter('left-while-the-first-copy-lives');
  // Longer than the second copy's takeover check: it tried, and found every job taken.
  await new Promise((resolve) => setTimeout(resolve, 7000));
  expect(await holders()).toEqual(JOBS.map(() => firstCopy));
  expect(await counterLeft('left-while-the-first-copy-lives')).toBe(true);

  await first.kill('SIGKILL');
  const tookMs = await waitFor(async () => {
    const now = await holders();
    return now.length === JOBS.length && now.every((holder) => holder.startsWith(JOB_LOCK_APPLICATION) && holder !== firstCopy);
  }, 60_000);
  expect(tookMs).toBeLessThan(60_000);
  // The second copy ran the purge as it took the job over.
  await waitFor(async () => !(await counterLeft('left-while-the-first-copy-lives')), 10_000);
});
