import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sessionChanged } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';

interface SettingsState {
  /** The parameter whose history dialog is open. */
  historyParameterId: number | null;
}

const initialState: SettingsState = { historyParameterId: null };

const slice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    historyOpened(state, action: PayloadAction<number>) {
      state.historyParameterId = action.payload;
    },
    historyClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addMatcher(sessionChanged, () => initialState),
  selectors: {
    selectHistoryParameterId: (state) => state.historyParameterId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const settingsSlice = slice.injectInto(rootReducer);
export const { historyOpened, historyClosed } = settingsSlice.actions;
