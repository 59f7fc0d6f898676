import type { RootState } from '../../app/store';
import { preferencesOwner } from './preferencesStorage';
import { profileSlice } from './profileSlice';

export const { selectPreferences, selectPreferencesOwner, selectRememberLists, selectColorMode } = profileSlice.selectors;

/** The signed-in user as the owner of preferences ('<userType>:<id>'): whose to load and store. */
export const selectSignedInOwner = (state: RootState) => {
  const user = state.auth.user;
  return user ? preferencesOwner(user) : null;
};

/** Whether the signed-in user's own preferences are loaded (before that the slice holds the defaults). */
export const selectPreferencesLoaded = (state: RootState) => {
  const owner = selectSignedInOwner(state);
  return owner !== null && selectPreferencesOwner(state) === owner;
};
