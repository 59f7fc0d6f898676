import { createAction } from '@reduxjs/toolkit';

/** The server refused the token (401): every slice returns to its initial state. */
export const sessionExpired = createAction('session/expired');
/** The user pressed 'Sair'. */
export const loggedOut = createAction('session/loggedOut');
