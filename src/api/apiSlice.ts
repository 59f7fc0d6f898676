import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from './baseUrl';
import { claimPreloaded } from './firstPagePreload';
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
    if (token) headers.set('Authorization', `Bearer ${token}`);
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

/** The Portuguese message of a failed call: the server's `{message}` when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}

/**
 * The server's own explanation of a failed call, shown beneath the spec's message: the message of a
 * refusal (4xx: a wrong password, a 409 conflict) or of an unavailable service (502/503). A 500's
 * generic text, or no answer at all, explains nothing.
 */
export function failureReason(error: unknown): string | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  const explained = typeof status === 'number' && ((status >= 400 && status < 500) || status === 502 || status === 503);
  return explained ? errorMessage(error, '') || undefined : undefined;
}

/** The per-field messages of a 400 answer `{errors: {field: message}}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
