import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface BranchesState {
  dialog: ChannelDialog;
  selectedId: number | null;
}
const initialState: BranchesState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'branches',
  initialState,
  reducers: {
    branchDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    branchDialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectBranchDialog: (state) => state.dialog,
    selectSelectedBranchId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const branchesSlice = slice.injectInto(rootReducer);
export const { branchDialogOpened, branchDialogClosed } = branchesSlice.actions;
