import type { FastifyInstance } from 'fastify';

interface Session {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): unknown;
}

export interface QueryCounter {
  /** Statements sent to the database since the counter started (or was reset). */
  readonly count: number;
  readonly statements: string[];
  reset(): void;
  restore(): void;
}

/**
 * Counts the statements the app sends through `app.db` outside transactions (each drizzle query and
 * `execute` goes through the handle's session), to prove that a cached read sent none.
 */
export function countQueries(app: FastifyInstance): QueryCounter {
  const session = (app.db as unknown as { session: Session }).session;
  const original = session.prepareQuery;
  const statements: string[] = [];
  session.prepareQuery = function (this: Session, query, ...rest) {
    statements.push(query.sql);
    return original.call(this, query, ...rest);
  };
  return {
    get count() {
      return statements.length;
    },
    statements,
    reset: () => void statements.splice(0),
    restore: () => {
      session.prepareQuery = original;
    },
  };
}
