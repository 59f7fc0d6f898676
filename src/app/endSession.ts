import type { Dispatch } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { forgetSession, rememberRedirect } from '../api/session';
import type { loggedOut, sessionExpired } from '../api/sessionEvents';

/**
 * Ends the session in the browser, the one way 'Sair' and a 401 share: storage forgotten, every
 * slice back to its initial state (they reset on `loggedOut`/`sessionExpired`), the api cache
 * emptied. /login follows by itself: RequireAuth sends a signed-out visitor there. `comeBackTo`
 * (an expired session) keeps the page for that same user's next sign-in only.
 */
export function endSession(
  dispatch: Dispatch,
  ending: ReturnType<typeof loggedOut> | ReturnType<typeof sessionExpired>,
  comeBackTo?: { path: string; owner: string },
) {
  forgetSession();
  if (comeBackTo) rememberRedirect(comeBackTo.path, comeBackTo.owner);
  dispatch(ending);
  dispatch(apiSlice.util.resetApiState());
}
