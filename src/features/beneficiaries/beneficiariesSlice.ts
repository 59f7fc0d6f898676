import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import type { Beneficiary } from '../../domain/beneficiaries';

export type BeneficiaryDialog = 'none' | 'create' | 'details' | 'edit' | 'status';

/** What a dialog needs to know of the row it was opened from; the record itself comes from the server. */
export type SelectedBeneficiary = Pick<Beneficiary, 'id' | 'uuid' | 'cpf' | 'name' | 'isActive'>;

interface BeneficiariesState {
  dialog: BeneficiaryDialog;
  selected: SelectedBeneficiary | null;
}

const initialState: BeneficiariesState = { dialog: 'none', selected: null };

const slice = createSlice({
  name: 'beneficiaries',
  initialState,
  reducers: {
    createOpened: () => ({ dialog: 'create', selected: null }) as BeneficiariesState,
    rowDialogOpened(
      state,
      action: PayloadAction<{ dialog: Exclude<BeneficiaryDialog, 'none' | 'create'>; beneficiary: SelectedBeneficiary }>,
    ) {
      const { id, uuid, cpf, name, isActive } = action.payload.beneficiary;
      state.dialog = action.payload.dialog;
      state.selected = { id, uuid, cpf, name, isActive };
    },
    dialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectDialog: (state) => state.dialog,
    selectSelected: (state) => state.selected,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const beneficiariesSlice = slice.injectInto(rootReducer);
export const { createOpened, rowDialogOpened, dialogClosed } = beneficiariesSlice.actions;
export const { selectDialog, selectSelected } = beneficiariesSlice.selectors;
