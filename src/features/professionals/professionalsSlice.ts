import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';

/** Which dialog of 'Lista de Profissionais' is open, and for whom. */
export type ProfessionalDialog = 'none' | 'create' | 'edit' | 'details' | 'delete';

interface ProfessionalsState {
  dialog: ProfessionalDialog;
  selectedId: number | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}
const closedDialog = { dialog: 'none', selectedId: null } as const;
const initialState: ProfessionalsState = { ...closedDialog, listQuery: '' };

const slice = createSlice({
  name: 'professionals',
  initialState,
  reducers: {
    professionalDialogOpened(state, action: PayloadAction<{ dialog: Exclude<ProfessionalDialog, 'none'>; id?: number }>) {
      state.dialog = action.payload.dialog;
      state.selectedId = action.payload.id ?? null;
    },
    professionalDialogClosed: (state) => ({ ...state, ...closedDialog }),
    professionalsListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectProfessionalsListQuery: (state) => state.listQuery,
    selectProfessionalDialog: (state) => state.dialog,
    selectSelectedProfessionalId: (state) => state.selectedId,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const professionalsSlice = slice.injectInto(rootReducer);
export const { professionalDialogOpened, professionalDialogClosed, professionalsListRemembered } = professionalsSlice.actions;
