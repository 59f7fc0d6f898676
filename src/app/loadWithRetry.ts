/** How long to wait before asking the server for a failed chunk again (a blip, a deploy in progress). */
export const CHUNK_RETRY_DELAY_MS = 500;

/**
 * A screen's code, asked for again once when its download fails (a dropped connection). A second
 * failure goes to the route's error page, which offers 'Recarregar': after a new release the old
 * chunk names are gone, and only a full reload picks up the new ones.
 */
export function loadWithRetry<T>(load: () => Promise<T>, delayMs = CHUNK_RETRY_DELAY_MS): () => Promise<T> {
  return () => load().catch(() => new Promise<T>((resolve, reject) => setTimeout(() => load().then(resolve, reject), delayMs)));
}
