import { Client, type QueryConfig } from 'pg';

/** How many statements a pool prepares at most: each connection keeps every one it has used, plan and all. */
export const MAX_PREPARED_STATEMENTS = 500;
/** How many texts seen once are remembered while looking for the repeated ones (a text with inlined values is seen once). */
export const MAX_CANDIDATES = 5_000;
/**
 * Marks a query whose text carries its values (the audit trail's filters): each use is planned for
 * them, and it is never prepared, so its many texts take none of the MAX_PREPARED_STATEMENTS.
 */
export const UNPREPARED = '/* planned for its values */';
/** PostgreSQL's "cached plan must not change result type", after a migration changed a prepared statement's result. */
const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Which query texts go as named (prepared) statements: a text with parameters from its second use on,
 * up to MAX_PREPARED_STATEMENTS, each always under the same name. PostgreSQL then parses it once per
 * connection and, once it finds a generic plan as cheap as the custom ones (after five executions),
 * stops planning it: a list's page spent about as long being planned as being run (0.41 against 0.26
 * ms for the beneficiaries' page).
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** The texts seen once, oldest first: each leaves at its second use, or when MAX_CANDIDATES newer ones came after it. */
  private readonly seenOnce = new Set<string>();
  private readonly refused = new Set<string>();
  /** Names are never reused: a connection may still hold a refused text under its old name. */
  private given = 0;

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.refused.has(text) || this.given >= MAX_PREPARED_STATEMENTS) return name;
    if (text.includes(UNPREPARED)) return undefined;
    if (!this.seenOnce.delete(text)) {
      // A flood of one-off texts forgets the oldest ones, so a text repeated later is still prepared.
      if (this.seenOnce.size >= MAX_CANDIDATES) this.seenOnce.delete(this.seenOnce.values().next().value!);
      this.seenOnce.add(text);
      return undefined;
    }
    this.given += 1;
    const given = `portal_${this.given}`;
    this.names.set(text, given);
    return given;
  }

  /** Runs `text` unnamed from now on: a connection's prepared copy no longer fits the table it reads. */
  refuse(text: string): void {
    this.names.delete(text);
    this.refused.add(text);
  }
}

type Callback = (error: Error | null, result?: unknown) => void;

const isStalePlan = (error: unknown) => (error as { code?: string } | null)?.code === FEATURE_NOT_SUPPORTED;

/**
 * A pg client class (for `new Pool({ Client })`) that runs the repeated parameterised queries of the
 * pool as prepared statements, as `names` chooses. Queries without parameters (migrations, `select 1`)
 * and query objects of their own (cursors, streams) go as they are.
 */
export function preparingClient(names: StatementNames): typeof Client {
  return class PreparingClient extends Client {
    // pg's overloads (text or config, values, callback; promise or callback) are all passed through.
    override query(...args: unknown[]): never {
      const [config, values, callback] = args as [string | QueryConfig, unknown, unknown];
      const text = typeof config === 'string' ? config : config?.text;
      const named = typeof config === 'string' || (config && !('submit' in config) && !config.name);
      const name = named && typeof text === 'string' && Array.isArray(values) && values.length > 0 ? names.nameFor(text) : undefined;
      if (name === undefined) return (super.query as (...all: unknown[]) => never)(...args);
      const withName: QueryConfig = typeof config === 'string' ? { text: config, name } : { ...config, name };
      const forget = (error: unknown) => {
        if (isStalePlan(error)) names.refuse(text!);
      };
      if (typeof callback === 'function') {
        const answer: Callback = (error, result) => {
          forget(error);
          (callback as Callback)(error, result);
        };
        return (super.query as (...all: unknown[]) => never)(withName, values, answer);
      }
      const result = (super.query as (...all: unknown[]) => Promise<unknown>)(withName, values);
      result.catch(forget);
      return result as never;
    }
  } as unknown as typeof Client;
}
