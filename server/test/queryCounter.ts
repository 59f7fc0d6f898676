import type { FastifyInstance } from 'fastify';

/** The driver under drizzle's session: a pg Pool or a PGlite instance, both asked through `query`. */
interface DriverClient {
  query(text: string | { text: string }, ...rest: unknown[]): unknown;
}

export interface QueryCounter {
  /** Statements sent to the database since the counter started (or was reset). */
  readonly count: number;
  readonly statements: string[];
  reset(): void;
  restore(): void;
}

/**
 * Counts the statements the app sends through `app.db` outside transactions, to prove that a cached
 * read sent none. Counted at the driver, where every query arrives, prepared once per shape
 * (db/queryShapes.ts) or built anew; a transaction's queries go through a connection of its own.
 */
export function countQueries(app: FastifyInstance): QueryCounter {
  const client = (app.db as unknown as { session: { client: DriverClient } }).session.client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: DriverClient, text, ...rest) {
    statements.push(typeof text === 'string' ? text : text.text);
    return original.call(this, text, ...rest);
  };
  return {
    get count() {
      return statements.length;
    },
    statements,
    reset: () => void statements.splice(0),
    restore: () => {
      client.query = original;
    },
  };
}
