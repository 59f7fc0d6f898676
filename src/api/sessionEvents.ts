import { createAction, isAnyOf } from '@reduxjs/toolkit';

/**
 * The server refused the token (401): every slice returns to its initial state. The payload says
 * whose session it was (a `sessionOwner`) and, when the server said, why it ended (an inactivated account).
 */
export const sessionExpired = createAction<{ owner?: string; reason?: string }>('session/expired');
/** The user pressed 'Sair'. */
export const loggedOut = createAction('session/loggedOut');
/**
 * A call made for the signed-in user outside RTK Query (a file download, a CSV export) was refused
 * with 401: the session middleware ends the session as it does for a refused RTK Query call.
 */
export const unauthorizedResponse = createAction<{ reason?: string }>('session/unauthorizedResponse');

/** A sign-in in this tab: nothing of an earlier session (one ended in another tab, unseen here) outlives it. */
export const sessionStarted = createAction('session/started');

/** The session ended ('Sair' or a 401) or another started: what slices match to return to their initial state. */
export const sessionChanged = isAnyOf(sessionExpired, loggedOut, sessionStarted);
