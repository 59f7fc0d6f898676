import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';
import type { ChannelDialog } from '../../components/channels/ChannelListPage';

interface PartnersState {
  dialog: ChannelDialog;
  selectedId: number | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}
const closedDialog = { dialog: 'none', selectedId: null } as const;
const initialState: PartnersState = { ...closedDialog, listQuery: '' };

const slice = createSlice({
  name: 'partners',
  initialState,
  reducers: {
    partnerDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ChannelDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    partnerDialogClosed: (state) => ({ ...state, ...closedDialog }),
    partnersListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectPartnersListQuery: (state) => state.listQuery,
    selectPartnerDialog: (state) => state.dialog,
    selectSelectedPartnerId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const partnersSlice = slice.injectInto(rootReducer);
export const { partnerDialogOpened, partnerDialogClosed, partnersListRemembered } = partnersSlice.actions;
