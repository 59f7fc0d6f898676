import { Client } from 'pg';
import type { DataVersion } from '../lib/dataVersion';

/** The PostgreSQL channel every server instance on a database announces its writes on. */
export const DATA_VERSION_CHANNEL = 'portal_data_version';
/** A busy instance sends at most one notification per this many milliseconds (the last bump is never dropped). */
export const PUBLISH_INTERVAL_MS = 5;
/** Reconnection delays after the listening connection was lost: doubling from the first to the last. */
export const RECONNECT_DELAYS_MS = { first: 100, max: 5000 } as const;
/** The listening connection is checked this often; a check that takes longer than the timeout counts as lost. */
export const HEARTBEAT_MS = 5000;
export const HEARTBEAT_TIMEOUT_MS = 2000;
/** The listener's application_name (with the instance id), so an operator can tell it apart in pg_stat_activity. */
export const LISTENER_APPLICATION = 'portal-data-version';

export interface DataVersionChannelOptions {
  version: DataVersion;
  connectionString: string;
  /** Sends `pg_notify(channel, payload)` through the app's pool. */
  notify(channel: string, payload: string): Promise<void>;
  warn(message: string, error?: unknown): void;
}

/**
 * Tells the other server instances on this database about this process's writes, coalesced: the
 * first bump is sent at once, bumps during the next PUBLISH_INTERVAL_MS (or while a send is under
 * way) are sent together right after. `published()` resolves once every bump so far went out, so a
 * write request can answer only after the others were told.
 */
export class Publisher {
  #requested = 0;
  #published = 0;
  #busy = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #waiters: { target: number; resolve: () => void }[] = [];

  constructor(private readonly send: () => Promise<void>) {}

  request(): void {
    this.#requested += 1;
    if (!this.#busy) void this.#flush();
  }

  published(): Promise<void> {
    const target = this.#requested;
    if (this.#published >= target) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ target, resolve }));
  }

  /** Sends what is pending now instead of after the interval (app closing). */
  async drain(): Promise<void> {
    if (this.#timer && this.#published < this.#requested) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.#flush();
    }
    await this.published();
  }

  async #flush(): Promise<void> {
    this.#busy = true;
    const covered = this.#requested;
    // A failed send (the database is away) is not retried: the listeners lose their connection too and bump on reconnecting.
    await this.send().catch(() => undefined);
    this.#published = Math.max(this.#published, covered);
    for (let i = this.#waiters.length - 1; i >= 0; i--) {
      if (this.#waiters[i]!.target <= this.#published) this.#waiters.splice(i, 1)[0]!.resolve();
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#published < this.#requested) void this.#flush();
      else this.#busy = false;
    }, PUBLISH_INTERVAL_MS);
    this.#timer.unref();
  }
}

/**
 * One dedicated connection that LISTENs on DATA_VERSION_CHANNEL and moves the local version for
 * every other instance's notification. While it is not listening (before the first LISTEN, after a
 * lost connection, during an outage) the version is distrusted, so the caches serve nothing; it
 * reconnects with backoff and, once listening again, trusts the version and moves it once (what was
 * written meanwhile was not heard).
 */
class Listener {
  #client: Client | undefined;
  #closed = false;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: DataVersionChannelOptions) {}

  /** Connects; resolves after the first attempt, whether it succeeded (retries go on in the background). */
  async connect(): Promise<void> {
    if (this.#closed) return;
    const { version, connectionString } = this.options;
    const client = new Client({
      connectionString,
      application_name: `${LISTENER_APPLICATION} ${version.instanceId}`,
      connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.#client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      this.#lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === DATA_VERSION_CHANNEL && message.payload !== version.instanceId) version.follow();
    });
    try {
      await client.connect();
      await client.query(`listen ${DATA_VERSION_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || this.#closed) return;
    this.#failures = 0;
    version.trust();
    this.#heartbeat = setInterval(() => void this.#check(client, onLost), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** A connection that stopped answering (a silent network cut) is as lost as a closed one. */
  async #check(client: Client, onLost: (error?: unknown) => void): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('sem resposta da conexão de notificações')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      onLost(error);
    } finally {
      clearTimeout(timer);
    }
  }

  #lost(client: Client, error?: unknown): void {
    clearInterval(this.#heartbeat);
    this.options.version.distrust();
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    const delay = Math.min(RECONNECT_DELAYS_MS.first * 2 ** this.#failures, RECONNECT_DELAYS_MS.max);
    if (this.#failures === 0)
      this.options.warn('Conexão de notificações entre instâncias perdida; caches desligados até reconectar.', error);
    this.#failures += 1;
    this.#retry = setTimeout(() => void this.connect(), delay);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    this.options.version.distrust();
    await this.#client?.end().catch(() => undefined);
  }
}

export interface DataVersionChannel {
  /** Resolves once every local bump so far was sent to the other instances. */
  published(): Promise<void>;
  /** Sends what is pending, stops listening; call before the pool ends. */
  close(): Promise<void>;
}

/** Links `version` with the other instances on the same PostgreSQL database (see Publisher and Listener). */
export async function openDataVersionChannel(options: DataVersionChannelOptions): Promise<DataVersionChannel> {
  const { version } = options;
  const publisher = new Publisher(() => options.notify(DATA_VERSION_CHANNEL, version.instanceId));
  const listener = new Listener(options);
  version.distrust();
  const unsubscribe = version.onBump(() => publisher.request());
  await listener.connect();
  return {
    published: () => publisher.published(),
    close: async () => {
      unsubscribe();
      await publisher.drain();
      await listener.close();
    },
  };
}
