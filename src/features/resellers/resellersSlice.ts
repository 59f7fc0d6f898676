import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';

/** Which dialog of the reseller screen is open; 'inactivate' confirms a status change to inactive. */
export type ResellerDialog = 'none' | 'create' | 'edit' | 'details' | 'delete' | 'inactivate';

interface ResellersState {
  dialog: ResellerDialog;
  selectedId: number | null;
}
const initialState: ResellersState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'resellers',
  initialState,
  reducers: {
    resellerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ResellerDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    resellerDialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectResellerDialog: (state) => state.dialog,
    selectSelectedResellerId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const resellersSlice = slice.injectInto(rootReducer);
export const { resellerDialogOpened, resellerDialogClosed } = resellersSlice.actions;
