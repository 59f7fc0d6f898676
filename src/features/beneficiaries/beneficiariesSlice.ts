import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';
import type { Beneficiary } from '../../domain/beneficiaries';

export type BeneficiaryDialog = 'none' | 'create' | 'details' | 'edit' | 'status';

/** What a dialog needs to know of the row it was opened from; the record itself comes from the server. */
export type SelectedBeneficiary = Pick<Beneficiary, 'id' | 'uuid' | 'cpf' | 'name' | 'isActive'>;

interface BeneficiariesState {
  dialog: BeneficiaryDialog;
  selected: SelectedBeneficiary | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}

const initialState: BeneficiariesState = { dialog: 'none', selected: null, listQuery: '' };

const slice = createSlice({
  name: 'beneficiaries',
  initialState,
  reducers: {
    createOpened(state) {
      state.dialog = 'create';
      state.selected = null;
    },
    rowDialogOpened(
      state,
      action: PayloadAction<{ dialog: Exclude<BeneficiaryDialog, 'none' | 'create'>; beneficiary: SelectedBeneficiary }>,
    ) {
      const { id, uuid, cpf, name, isActive } = action.payload.beneficiary;
      state.dialog = action.payload.dialog;
      state.selected = { id, uuid, cpf, name, isActive };
    },
    dialogClosed(state) {
      state.dialog = 'none';
      state.selected = null;
    },
    beneficiariesListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectDialog: (state) => state.dialog,
    selectSelected: (state) => state.selected,
    selectBeneficiariesListQuery: (state) => state.listQuery,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const beneficiariesSlice = slice.injectInto(rootReducer);
export const { createOpened, rowDialogOpened, dialogClosed, beneficiariesListRemembered } = beneficiariesSlice.actions;
