import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';

/** Which dialog of 'Lista de Profissionais' is open, and for whom. */
export type ProfessionalDialog = 'none' | 'create' | 'edit' | 'details' | 'delete';

interface ProfessionalsState {
  dialog: ProfessionalDialog;
  selectedId: number | null;
}
const initialState: ProfessionalsState = { dialog: 'none', selectedId: null };

const slice = createSlice({
  name: 'professionals',
  initialState,
  reducers: {
    professionalDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ProfessionalDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    professionalDialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectProfessionalDialog: (state) => state.dialog,
    selectSelectedProfessionalId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const professionalsSlice = slice.injectInto(rootReducer);
export const { professionalDialogOpened, professionalDialogClosed } = professionalsSlice.actions;
