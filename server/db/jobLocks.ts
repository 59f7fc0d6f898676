import { Client } from 'pg';

/** Advisory lock class of the periodic jobs (the start-up lock has its own: db/startupLock.ts). */
export const JOB_LOCK_CLASS = 0x4a4f4253;
/** application_name of the connection holding a copy's job locks, with the copy's id (pg_stat_activity). */
export const JOB_LOCK_APPLICATION = 'portal-jobs';

/**
 * TCP keepalive asked of PostgreSQL for the locks' connection: a copy whose machine vanishes
 * without closing its connection is noticed (and its locks freed) within 10 + 5 × 3 = 25 s.
 */
const KEEPALIVE = ['set tcp_keepalives_idle = 10', 'set tcp_keepalives_interval = 5', 'set tcp_keepalives_count = 3'];
/** A check that takes longer than this counts the connection (and its locks) as lost. */
const QUERY_TIMEOUT_MS = 5000;

export interface JobLocks {
  /** True while this copy holds the job's lock: taken now if free, kept if already held. */
  hold(job: string): Promise<boolean>;
  /** Releases every lock (the connection ends), so another copy takes over at once. */
  close(): Promise<void>;
}

/** One process, one database: every job is this process's. */
export const soleProcessLocks: JobLocks = { hold: async () => true, close: async () => undefined };

/**
 * Session advisory locks on one connection of this copy's own, outside the pool: a copy that dies
 * (crash, SIGKILL, lost machine) loses its connection and, with it, every job it ran, which the
 * other copies take on their next try. A lost connection is reopened on the next `hold`.
 */
export function createJobLocks(connectionString: string, instanceId: string): JobLocks {
  let client: Client | undefined;
  const held = new Set<string>();
  let closed = false;
  // One query at a time on the connection (each job's timer asks on its own), in the order asked.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const turn = queue.then(task, task);
    queue = turn.catch(() => undefined);
    return turn;
  };

  const forget = (lost: Client) => {
    if (client !== lost) return;
    client = undefined;
    held.clear();
    void lost.end().catch(() => undefined);
  };
  const open = async () => {
    const fresh = new Client({
      connectionString,
      application_name: `${JOB_LOCK_APPLICATION} ${instanceId}`,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    client = fresh;
    fresh.on('error', () => forget(fresh));
    fresh.on('end', () => forget(fresh));
    await fresh.connect();
    for (const statement of KEEPALIVE) await fresh.query(statement);
    return fresh;
  };

  return {
    hold: (job) =>
      inTurn(async () => {
        if (closed) return false;
        try {
          const connection = client ?? (await open());
          if (held.has(job)) {
            await connection.query('select 1');
            return client === connection && held.has(job);
          }
          const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [
            JOB_LOCK_CLASS,
            job,
          ]);
          if (rows[0]?.locked && client === connection) held.add(job);
          return held.has(job);
        } catch {
          if (client) forget(client);
          return false;
        }
      }),
    close: () =>
      inTurn(async () => {
        closed = true;
        held.clear();
        const connection = client;
        client = undefined;
        await connection?.end().catch(() => undefined);
      }),
  };
}
