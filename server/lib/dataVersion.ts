import { randomBytes } from 'node:crypto';

/**
 * A counter that moves whenever data this process can read may have changed: when a write request
 * is about to answer, when a writer outside such a request says it changed data (`bump`: a job, a
 * follow-up after an answer, a test; plugins/dataVersion.ts lists them), and when another server
 * instance on the same database says it wrote. Reads note the
 * version before they query and keep their result under it; a result is reused only while the version
 * is unchanged, so a write that commits during a read voids it.
 *
 * `trusted` is false while changes made by other instances cannot be heard (their notifications are
 * not reaching us): the caches then serve nothing.
 */
export class DataVersion {
  /** Names this process in the notifications it sends, so it can ignore its own. */
  readonly instanceId = randomBytes(8).toString('hex');
  #value = 0;
  #trusted = true;
  readonly #listeners = new Set<() => void>();

  get current(): number {
    return this.#value;
  }

  get trusted(): boolean {
    return this.#trusted;
  }

  /** A write made by this process: the version moves and the listeners (other instances) are told. */
  bump(): void {
    this.#value += 1;
    for (const listener of this.#listeners) listener();
  }

  /** A write made elsewhere: the version moves, nobody is told (it is not ours to repeat). */
  follow(): void {
    this.#value += 1;
  }

  /** Other instances' writes can no longer be heard: nothing cached may be served from now on. */
  distrust(): void {
    this.#trusted = false;
    this.#value += 1;
  }

  /** Heard again: whatever was written meanwhile is unknown, so the version moves once. */
  trust(): void {
    this.#trusted = true;
    this.#value += 1;
  }

  /** Called after every local bump (to tell other server instances); returns the unsubscribe. */
  onBump(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
