import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface BranchesState {
  dialog: ChannelDialog;
  selectedId: number | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}
const closedDialog = { dialog: 'none', selectedId: null } as const;
const initialState: BranchesState = { ...closedDialog, listQuery: '' };

const slice = createSlice({
  name: 'branches',
  initialState,
  reducers: {
    branchDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    branchDialogClosed: (state) => ({ ...state, ...closedDialog }),
    branchesListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectBranchesListQuery: (state) => state.listQuery,
    selectBranchDialog: (state) => state.dialog,
    selectSelectedBranchId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const branchesSlice = slice.injectInto(rootReducer);
export const { branchDialogOpened, branchDialogClosed, branchesListRemembered } = branchesSlice.actions;
