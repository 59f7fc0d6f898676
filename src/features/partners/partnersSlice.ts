import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface PartnersState {
  dialog: ChannelDialog;
  selectedId: number | null;
}
const initialState: PartnersState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'partners',
  initialState,
  reducers: {
    partnerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
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
