import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';

/** Which dialog of the partner screen is open; 'inactivate' confirms a status change to inactive. */
export type PartnerDialog = 'none' | 'create' | 'edit' | 'details' | 'delete' | 'inactivate';

interface PartnersState {
  dialog: PartnerDialog;
  selectedId: number | null;
}
const initialState: PartnersState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'partners',
  initialState,
  reducers: {
    partnerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<PartnerDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    partnerDialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectPartnerDialog: (state) => state.dialog,
    selectSelectedPartnerId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const partnersSlice = slice.injectInto(rootReducer);
export const { partnerDialogOpened, partnerDialogClosed } = partnersSlice.actions;
