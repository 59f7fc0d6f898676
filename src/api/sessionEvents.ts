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

/** The session ended, by 'Sair' or by a 401: what slices match to return to their initial state. */
export const sessionEnded = isAnyOf(sessionExpired, loggedOut);
