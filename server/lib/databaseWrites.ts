import type { Database } from '../db/client';

/**
 * Calls listeners after every statement that may have changed data, run through a drizzle handle:
 * a write outside a transaction once it has run (it is committed then), a whole transaction once it
 * ended. Reads (select, show, explain, a `with` that modifies nothing) call nothing. It hooks the
 * handle's session, which every query, `execute` and `transaction` of the handle goes through, so any
 * writer in the process is seen: a request, a timer's job, a follow-up after the answer, a test.
 */

interface PreparedQuery {
  execute(...args: unknown[]): Promise<unknown>;
  all?(...args: unknown[]): Promise<unknown>;
}
interface Session {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): PreparedQuery;
  transaction(...args: unknown[]): Promise<unknown>;
}

const READ = /^\s*\(*\s*(select|show|explain|values)\b/i;
const WITH = /^\s*with\b/i;
const MODIFYING = /\b(insert|update|delete|merge|truncate)\b/i;
/**
 * Rows no cached read ever shows: the audit trail, written by plain GETs (a record viewed, a list
 * exported). The audit routes are never cached (the read cache refuses them), so these inserts need
 * not void every cached answer.
 */
const UNSEEN_BY_CACHED_READS = /^\s*insert\s+into\s+"audit_log"/i;

export function mayChangeCachedData(sql: string): boolean {
  if (READ.test(sql)) return false;
  if (WITH.test(sql)) return MODIFYING.test(sql);
  return !UNSEEN_BY_CACHED_READS.test(sql);
}

const listenersBySession = new WeakMap<Session, Set<() => void>>();

function hook(session: Session, listeners: Set<() => void>): void {
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const after =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } finally {
        // Also after a failure: whether it changed anything is unknown, and a spare bump only costs a cache miss.
        notify();
      }
    };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    const prepared = prepareQuery(query, ...rest);
    if (!mayChangeCachedData(query.sql)) return prepared;
    prepared.execute = after(prepared.execute.bind(prepared));
    if (prepared.all) prepared.all = after(prepared.all.bind(prepared));
    return prepared;
  };
  session.transaction = after(session.transaction.bind(session));
}

/** Calls `listener` after each write through `db` (see above); returns the unsubscribe. */
export function onDatabaseWrite(db: Database, listener: () => void): () => void {
  const session = (db as unknown as { session: Session }).session;
  let listeners = listenersBySession.get(session);
  if (!listeners) {
    listeners = new Set();
    listenersBySession.set(session, listeners);
    hook(session, listeners);
  }
  const registered = listeners;
  registered.add(listener);
  return () => registered.delete(listener);
}
