import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface ResellersState {
  dialog: ChannelDialog;
  selectedId: number | null;
}
const initialState: ResellersState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'resellers',
  initialState,
  reducers: {
    resellerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
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
