import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from './baseUrl';
import { claimPreloaded } from './preloadedAnswer';
import { getToken } from './session';

/** Every cache tag of the portal, declared once. */
export const TAG_TYPES = [
  'Session',
  'Professional',
  'Beneficiary',
  'BeneficiaryFilters',
  'Appointment',
  'Availability',
  'Referral',
  'Partner',
  'Branch',
  'Reseller',
  'Report',
  'Parameter',
  /** The patient picker of 'Nova Consulta'. */
  'Patient',
  /** The public settings (company name, support, customer system): GET /api/checkout/config. */
  'PublicSettings',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  // A list's first page may already be on its way, asked for while the app started (src/index.tsx).
  fetchFn: (input, init) => (input instanceof Request && claimPreloaded(input)) || fetch(input, init),
  prepareHeaders: (headers) => {
    const token = getToken();
    // A call that names its token ('Sair' revoking the one just forgotten) keeps it.
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * The one RTK Query api slice. Each resource adds its endpoints from its own file with
 * `apiSlice.injectEndpoints`, so a route's endpoints load with its code.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  // Only attaches the token: a 401 is the session middleware's (app/sessionExpiryMiddleware.ts).
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** `providesTags` for a list: every item by id plus the LIST tag that creations invalidate. */
export function listTags<T extends TagType>(type: T, items: ReadonlyArray<{ id: number | string }> | undefined) {
  return [...(items ?? []).map((item) => ({ type, id: item.id })), { type, id: 'LIST' as const }];
}
