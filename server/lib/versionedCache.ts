import { performance } from 'node:perf_hooks';

export interface VersionedCacheOptions {
  /** How long a value may be reused at most, from the moment its read began; 0 disables the cache. */
  ttlMs: number;
  maxEntries: number;
  /** The data version now (see DataVersion): a value read under another version is never returned. */
  version: () => number;
  now?: () => number;
}

/** When a read began: its data version and time. Take it before querying, hand it to `set` after. */
export interface ReadTicket {
  version: number;
  at: number;
}

interface Entry<V> {
  value: V;
  at: number;
}

/**
 * A bounded, least-recently-used map of values read from the database, each valid while the data
 * version is the one its read began under and younger than the TTL. A version change drops every entry.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #options: VersionedCacheOptions;
  readonly #now: () => number;
  /** The version every entry was read under. */
  #version: number;

  constructor(options: VersionedCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#version = options.version();
  }

  get size(): number {
    return this.#entries.size;
  }

  ticket(): ReadTicket {
    return { version: this.#options.version(), at: this.#now() };
  }

  get(key: string): V | undefined {
    this.#followVersion();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (this.#now() - entry.at >= this.#options.ttlMs) return undefined;
    this.#entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Keeps `value` unless the data changed since `ticket` was taken (it would be stale already). */
  set(key: string, value: V, ticket: ReadTicket): void {
    this.#followVersion();
    if (this.#options.ttlMs <= 0 || ticket.version !== this.#version) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: ticket.at });
    // Least recently used first, until within the bound.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#options.maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  /** Drops every entry once the data version has moved on. */
  #followVersion(): void {
    const version = this.#options.version();
    if (version === this.#version) return;
    this.#entries.clear();
    this.#version = version;
  }
}
