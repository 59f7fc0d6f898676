import { createAction, type ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { sessionChanged } from '../../api/sessionEvents';
import { createContext } from 'react';

/**
 * A list's last parameters, kept in its feature's slice while the user is signed in (as react-admin's
 * lists do): `remembered` is the query (`nome=ana&page=3&sort=nome:desc`) the list last showed, and
 * `remember` stores a new one. Coming back through the menu (a URL without list parameters) restores
 * it; a URL with parameters wins and is remembered instead.
 */
export interface ListMemory {
  remembered: string;
  remember: (query: string) => void;
}

/**
 * Whether lists remember where the user was: the user's own preference ('Meu Perfil'), provided by
 * the app's layout. Off, a list neither restores nor records anything.
 */
export const ListMemoryEnabled = createContext(true);

/** Every list forgets its remembered parameters (the user turned the preference off). */
export const rememberedListsForgotten = createAction('lists/rememberedForgotten');

/**
 * What every list slice does besides its own reducers: the session's end takes it back to its
 * initial state, and the preference turned off forgets its remembered query (dialogs stay open).
 */
export function addListSliceCases<State extends { listQuery: string }>(builder: ActionReducerMapBuilder<State>, initialState: State) {
  return builder
    .addCase(rememberedListsForgotten, (state) => {
      state.listQuery = '';
    })
    .addMatcher(sessionChanged, () => initialState);
}

/** The list's own parameters of a URL query, in a stable order; other parameters are not the list's. */
export function listQueryOf(query: URLSearchParams, names: readonly string[]): string {
  const own = new URLSearchParams();
  for (const name of names) {
    const value = query.get(name);
    if (value) own.set(name, value);
  }
  return own.toString();
}

/** The URL query with the remembered list parameters put back (other parameters stay). */
export function withRemembered(query: URLSearchParams, remembered: string): URLSearchParams {
  const restored = new URLSearchParams(query);
  for (const [name, value] of new URLSearchParams(remembered)) restored.set(name, value);
  return restored;
}
