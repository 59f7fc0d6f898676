import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sessionChanged } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import type { ColorMode } from '../../domain/colorMode';
import { DEFAULT_PREFERENCES, type UserPreferences } from './preferencesStorage';

interface ProfileState {
  /** Whose preferences these are ('<userType>:<id>'): loaded from local storage once that user is signed in. */
  owner: string | null;
  preferences: UserPreferences;
}

const initialState: ProfileState = { owner: null, preferences: DEFAULT_PREFERENCES };

const slice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    preferencesLoaded(state, action: PayloadAction<{ owner: string; preferences: UserPreferences }>) {
      state.owner = action.payload.owner;
      state.preferences = action.payload.preferences;
    },
    rememberListsChanged(state, action: PayloadAction<boolean>) {
      state.preferences.rememberLists = action.payload;
    },
    colorModeChanged(state, action: PayloadAction<ColorMode>) {
      state.preferences.colorMode = action.payload;
    },
  },
  // The next user's preferences are loaded anew; the stored ones stay (they are not the session's).
  extraReducers: (builder) => builder.addMatcher(sessionChanged, () => initialState),
  selectors: {
    selectPreferencesOwner: (state) => state.owner,
    selectPreferences: (state) => state.preferences,
    selectRememberLists: (state) => state.preferences.rememberLists,
    selectColorMode: (state) => state.preferences.colorMode,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const profileSlice = slice.injectInto(rootReducer);
export const { preferencesLoaded, rememberListsChanged, colorModeChanged } = profileSlice.actions;
