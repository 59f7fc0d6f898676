import type { UserType } from '../domain/userTypes';
import type { appointmentsApi } from './appointmentsApi';
import type { beneficiariesApi } from './beneficiariesApi';
import type { branchesApi } from './branchesApi';
import { listArgsFromQuery, listSearchParams, type ListArgs } from './paging';
import { keepPreloaded } from './preloadedAnswer';
import type { StoredSession } from './session';
import type { partnersApi } from './partnersApi';
import type { professionalsApi } from './professionalsApi';
import type { referralsApi } from './referralsApi';
import type { reportApi } from './reportApi';
import type { resellersApi } from './resellersApi';

/** The endpoint names of the APIs that have lists (type imports only: none of their code loads with this module). */
type EndpointOf<Api extends { endpoints: object }> = keyof Api['endpoints'] & string;
export type ListQueryName =
  | EndpointOf<typeof appointmentsApi>
  | EndpointOf<typeof beneficiariesApi>
  | EndpointOf<typeof branchesApi>
  | EndpointOf<typeof partnersApi>
  | EndpointOf<typeof professionalsApi>
  | EndpointOf<typeof referralsApi>
  | EndpointOf<typeof reportApi>
  | EndpointOf<typeof resellersApi>;

/** A list screen's first call: its endpoint and its filter names (app/screens.ts declares one per list screen). */
export interface PreloadedList {
  endpoint: string;
  /** The RTK Query endpoint the screen asks it through, which the screen's code injects (startup/firstPageInStore.ts). */
  query: ListQueryName;
  filters: readonly string[];
  /** The filters as a user type may apply them, for a screen that leaves out some a user type does not see. */
  filtersFor?: (filters: ListFilters, userType: UserType | null) => ListFilters;
}

type ListFilters = NonNullable<ListArgs['filters']>;

/** Who the start-up preloads for: the stored session's token and user type. */
type Viewer = Pick<StoredSession, 'token' | 'userType'>;

/** A list screen's first query for this query string and user type, as the screen builds it from `useListParams`. */
export function firstPageArgs(list: PreloadedList, search: string, userType: UserType | null): ListArgs {
  const args = listArgsFromQuery(new URLSearchParams(search), list.filters);
  return list.filtersFor ? { ...args, filters: list.filtersFor(args.filters ?? {}, userType) } : args;
}

/** The call a list screen makes first for this query string and user type (undefined for a screen without a list). */
export function firstPageUrl(
  apiBaseUrl: string,
  list: PreloadedList | undefined,
  search: string,
  userType: UserType | null,
): string | undefined {
  if (!list) return undefined;
  return `${apiBaseUrl}${list.endpoint}?${listSearchParams(firstPageArgs(list, search, userType))}`;
}

/**
 * Asks for the first page of the list screen being opened now, before the screens' code has loaded,
 * so the rows are on their way while the app starts. Only with a session: without one the app goes
 * to /login.
 */
export function preloadFirstPage(apiBaseUrl: string, list: PreloadedList | undefined, search: string, viewer: Viewer | null): void {
  if (!viewer) return;
  const url = firstPageUrl(apiBaseUrl, list, search, viewer.userType);
  if (!url) return;
  const authorization = `Bearer ${viewer.token}`;
  keepPreloaded(url, authorization, fetch(url, { headers: { Authorization: authorization } }));
}
