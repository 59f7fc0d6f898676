/**
 * The answer to a GET asked for ahead of its screen (firstPagePreload.ts: a list's first page while
 * the app starts), held for the api slice's fetch to claim. Apart from the preload itself, so the
 * api slice needs none of the lists' code or types.
 */

/** A preloaded answer not claimed by then is dropped: the screen was not opened, or opened much later. */
const PRELOAD_TTL_MS = 10_000;

interface Preloaded {
  url: string;
  authorization: string;
  response: Promise<Response>;
  expiresAt: number;
}

let preloaded: Preloaded | undefined;

/** Holds `response`, the answer to a GET of `url` with this Authorization, for the request that claims it. */
export function keepPreloaded(url: string, authorization: string, response: Promise<Response>): void {
  // Unclaimed or failed, it must not surface as an unhandled rejection: the screen asks again.
  response.catch(() => undefined);
  preloaded = { url, authorization, response, expiresAt: Date.now() + PRELOAD_TTL_MS };
}

/**
 * The preloaded answer for this request, once: the same GET with the same session, still fresh.
 * A failed preload falls back to asking again.
 */
export function claimPreloaded(request: Request): Promise<Response> | undefined {
  const entry = preloaded;
  if (!entry || request.method !== 'GET' || request.url !== entry.url) return undefined;
  preloaded = undefined;
  if (entry.expiresAt < Date.now() || request.headers.get('Authorization') !== entry.authorization) return undefined;
  return entry.response.catch(() => fetch(request));
}
