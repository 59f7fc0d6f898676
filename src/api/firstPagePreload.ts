import { listArgsFromQuery, listSearchParams } from './paging';

/** A list screen's first call: its endpoint and its filter names (app/screens.ts declares one per list screen). */
export interface PreloadedList {
  endpoint: string;
  /** The RTK Query endpoint the screen asks it through, which the screen's code injects (startup/firstPageInStore.ts). */
  query: string;
  filters: readonly string[];
}

/** A preloaded answer not claimed by then is dropped: the screen was not opened, or opened much later. */
const PRELOAD_TTL_MS = 10_000;

interface Preloaded {
  url: string;
  authorization: string;
  response: Promise<Response>;
  expiresAt: number;
}

let preloaded: Preloaded | undefined;

/** The call a list screen makes first for this query string, as `useListParams` reads it (undefined for a screen without a list). */
export function firstPageUrl(apiBaseUrl: string, list: PreloadedList | undefined, search: string): string | undefined {
  if (!list) return undefined;
  const args = listArgsFromQuery(new URLSearchParams(search), list.filters);
  return `${apiBaseUrl}${list.endpoint}?${listSearchParams(args)}`;
}

/**
 * Asks for the first page of the list screen being opened now, before the screens' code has loaded,
 * so the rows are on their way while the app starts. Only with a session: without one the app goes
 * to /login.
 */
export function preloadFirstPage(apiBaseUrl: string, list: PreloadedList | undefined, search: string, token: string | null): void {
  if (!token) return;
  const url = firstPageUrl(apiBaseUrl, list, search);
  if (!url) return;
  const authorization = `Bearer ${token}`;
  const response = fetch(url, { headers: { Authorization: authorization } });
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
