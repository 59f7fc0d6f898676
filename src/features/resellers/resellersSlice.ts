import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface ResellersState {
  dialog: ChannelDialog;
  selectedId: number | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}
const closedDialog = { dialog: 'none', selectedId: null } as const;
const initialState: ResellersState = { ...closedDialog, listQuery: '' };

const slice = createSlice({
  name: 'resellers',
  initialState,
  reducers: {
    resellerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    resellerDialogClosed: (state) => ({ ...state, ...closedDialog }),
    resellersListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectResellersListQuery: (state) => state.listQuery,
    selectResellerDialog: (state) => state.dialog,
    selectSelectedResellerId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const resellersSlice = slice.injectInto(rootReducer);
export const { resellerDialogOpened, resellerDialogClosed, resellersListRemembered } = resellersSlice.actions;
