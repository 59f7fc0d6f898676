import { performance } from 'node:perf_hooks';

export interface VersionedCacheOptions {
  /** How long a value may be reused at most, from the moment its read began; 0 disables the cache. */
  ttlMs: number;
  maxEntries: number;
  /** Sum of the sizes given to `set`; unlimited when absent. */
  maxBytes?: number;
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
  bytes: number;
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
  #bytes = 0;

  constructor(options: VersionedCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#version = options.version();
  }

  get enabled(): boolean {
    return this.#options.ttlMs > 0;
  }

  get ttlMs(): number {
    return this.#options.ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  ticket(): ReadTicket {
    return { version: this.#options.version(), at: this.#now() };
  }

  get(key: string): V | undefined {
    return this.getWithAge(key)?.value;
  }

  /** The value and how long ago its read began (so a caller may refresh it before it expires). */
  getWithAge(key: string): { value: V; ageMs: number } | undefined {
    this.#followVersion();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    const ageMs = this.#now() - entry.at;
    if (ageMs >= this.#options.ttlMs) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry); // most recently used last
    return { value: entry.value, ageMs };
  }

  /** Keeps `value` unless the data changed since `ticket` was taken (it would be stale already). */
  set(key: string, value: V, ticket: ReadTicket, bytes = 0): void {
    this.#followVersion();
    if (!this.enabled || ticket.version !== this.#version) return;
    if (bytes > (this.#options.maxBytes ?? Infinity)) return;
    this.delete(key);
    this.#entries.set(key, { value, at: ticket.at, bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  /** Least recently used first, until within the bounds. */
  #evict(): void {
    const { maxEntries, maxBytes = Infinity } = this.#options;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#bytes <= maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  /** Counts `bytes` more for `value`, kept under `key`, that grew (a compressed copy); evicts beyond the bounds. */
  grow(key: string, value: V, bytes: number): void {
    const entry = this.#entries.get(key);
    if (entry?.value !== value) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#evict();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Drops every entry once the data version has moved on. */
  #followVersion(): void {
    const version = this.#options.version();
    if (version === this.#version) return;
    this.clear();
    this.#version = version;
  }
}
