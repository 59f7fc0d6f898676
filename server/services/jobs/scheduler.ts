import type { FastifyBaseLogger } from 'fastify';
import type { JobLocks } from '../../db/jobLocks';

/** How often a copy that does not run a job checks whether the copy that did is gone. */
export const TAKEOVER_CHECK_MS = 5000;

export interface JobDefinition {
  /** Names the job's lock: one copy at a time runs a job of a given name. */
  name: string;
  /** Time between runs on the copy that holds the job. */
  everyMs: number;
  /**
   * The first run, when the app gets ready: `wait` delays readiness until it is done (quick jobs whose
   * effect the first requests may see), `background` runs it meanwhile (jobs that may wait on a
   * slow upstream), `skip` leaves it for the first period's end (housekeeping).
   */
  atStart: 'wait' | 'background' | 'skip';
  run(): Promise<unknown>;
}

export interface JobScheduler {
  /** Runs the job on the copy holding its lock, as `atStart` says, then every `everyMs`. */
  schedule(job: JobDefinition): void;
  /** Starts the timers; resolves once the `wait` jobs' first runs are done. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Periodic jobs (payment reconciliation, audit retention, the attempt counters' purge, the holders'
 * name segments' rebalance) shared by the server copies on one database: each job runs on one copy at
 * a time, the one holding its lock. Every copy tries every TAKEOVER_CHECK_MS (or the job's own period
 * when shorter), so when the holder dies another copy runs the job within seconds of its lock being
 * freed.
 */
export function createJobScheduler(locks: JobLocks, log: FastifyBaseLogger, checkMs = TAKEOVER_CHECK_MS): JobScheduler {
  const jobs = new Map<string, { job: JobDefinition; timer?: NodeJS.Timeout; running?: Promise<void>; lastRun?: number }>();
  let stopped = false;

  const tick = (name: string) => {
    const entry = jobs.get(name)!;
    if (entry.running || stopped) return entry.running;
    entry.running = (async () => {
      if (!(await locks.hold(name))) {
        entry.lastRun = undefined;
        return;
      }
      if (entry.lastRun !== undefined && Date.now() - entry.lastRun < entry.job.everyMs) return;
      entry.lastRun = Date.now();
      await entry.job.run();
    })()
      .catch((error) => log.error({ err: error, job: name }, 'periodic job failed; retried on the next run'))
      .finally(() => (entry.running = undefined));
    return entry.running;
  };

  return {
    schedule(job) {
      jobs.set(job.name, { job });
    },
    async start() {
      const waited: Array<Promise<void> | undefined> = [];
      for (const [name, entry] of jobs) {
        if (entry.job.atStart === 'skip') entry.lastRun = Date.now();
        else if (entry.job.atStart === 'wait') waited.push(tick(name));
        else void tick(name);
        entry.timer = setInterval(() => void tick(name), Math.min(entry.job.everyMs, checkMs));
        entry.timer.unref();
      }
      await Promise.all(waited);
    },
    async stop() {
      stopped = true;
      for (const entry of jobs.values()) clearInterval(entry.timer);
      await Promise.all([...jobs.values()].map((entry) => entry.running));
      await locks.close();
    },
  };
}
