import {
  APPOINTMENT_FILTERS,
  BENEFICIARY_FILTERS,
  BRANCH_FILTERS,
  PARTNER_FILTERS,
  PROFESSIONAL_FILTERS,
  REFERRAL_FILTERS,
  RESELLER_FILTERS,
} from '../domain/listFilters';
import { listArgsFromQuery, listSearchParams } from './paging';

/**
 * The list screens whose first page is asked for while the app is still starting: the screen, its
 * list call and its filter names (the order `useListParams` gives them, so the URL is the one the
 * screen's query builds; app/firstPagePreload.test renders each screen to hold that true).
 */
export const PRELOADED_LISTS: Record<string, { endpoint: string; filters: readonly string[] }> = {
  '/beneficiarios': { endpoint: '/beneficiaries', filters: BENEFICIARY_FILTERS },
  '/agendamentos': { endpoint: '/appointments', filters: APPOINTMENT_FILTERS },
  '/profissionais': { endpoint: '/professionals', filters: PROFESSIONAL_FILTERS },
  '/encaminhamentos': { endpoint: '/appointments/referrals', filters: REFERRAL_FILTERS },
  '/parceiros': { endpoint: '/partners', filters: PARTNER_FILTERS },
  '/filiais': { endpoint: '/branches', filters: BRANCH_FILTERS },
  '/revendedores': { endpoint: '/resellers', filters: RESELLER_FILTERS },
};

/** A preloaded answer not claimed by then is dropped: the screen was not opened, or opened much later. */
const PRELOAD_TTL_MS = 10_000;

interface Preloaded {
  url: string;
  authorization: string;
  response: Promise<Response>;
  expiresAt: number;
}

let preloaded: Preloaded | undefined;

/** The list call a screen at this location makes first, as `useListParams` reads the query (undefined for other screens). */
export function firstPageUrl(apiBaseUrl: string, location: Pick<Location, 'pathname' | 'search'>): string | undefined {
  const list = PRELOADED_LISTS[location.pathname.replace(/\/+$/, '')];
  if (!list) return undefined;
  const args = listArgsFromQuery(new URLSearchParams(location.search), list.filters);
  return `${apiBaseUrl}${list.endpoint}?${listSearchParams(args)}`;
}

/**
 * Asks for the first page of the list screen at this location now, before the screens' code has
 * loaded, so the rows are on their way while the app starts. Only with a session: without one the
 * app goes to /login.
 */
export function preloadFirstPage(apiBaseUrl: string, location: Pick<Location, 'pathname' | 'search'>, token: string | null): void {
  const url = token ? firstPageUrl(apiBaseUrl, location) : undefined;
  if (!url || !token) return;
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
