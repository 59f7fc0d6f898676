import { isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { serverMessage } from '../api/failures';
import { currentPathForRedirect, sessionOwner } from '../api/session';
import type { UserType } from '../domain/userTypes';
import { sessionExpired, unauthorizedResponse } from '../api/sessionEvents';
import { endSession } from './endSession';

/** Endpoints whose 401 is an answer (a wrong password, a refused card), not an expired session. */
const ANSWERING_ENDPOINTS = new Set(['login', 'pay']);

/** What a 401 for the signed-in user says: why the server refused, when it said (an inactivated account). */
function unauthorized(action: UnknownAction): { reason?: string } | null {
  if (unauthorizedResponse.match(action)) return action.payload;
  if (!isRejectedWithValue(action)) return null;
  const payload = action.payload as { status?: unknown } | undefined;
  const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
  if (payload?.status !== 401 || (endpoint && ANSWERING_ENDPOINTS.has(endpoint))) return null;
  return { reason: serverMessage(payload) };
}

/**
 * The one place a 401 is handled: any call made for the signed-in user (RTK Query's, or a download's
 * `unauthorizedResponse`) refused with 401 ends the session: the page is remembered for the same
 * user, the browser's session storage forgotten, every slice and the api cache reset, and /login
 * follows. Calls that fail together end it once (later ones find nobody signed in).
 */
export const sessionExpiryMiddleware: Middleware<object, { auth: { user: { id: number; userType: UserType } | null } }> =
  (store) => (next) => (action) => {
    const result = next(action);
    const refusal = unauthorized(action as UnknownAction);
    // Signed in means a user: userSet is the only way in (a sign-in, or the stored session restored).
    const { user } = store.getState().auth;
    if (refusal && user) {
      const owner = sessionOwner(user);
      const path = currentPathForRedirect();
      endSession(store.dispatch, sessionExpired({ owner, reason: refusal.reason }), path ? { path, owner } : undefined);
    }
    return result;
  };
