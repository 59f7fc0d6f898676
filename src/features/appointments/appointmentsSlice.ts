import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';

/** Which dialog of 'Agenda de Consultas' is open, and for which appointment (by uuid). */
export type AppointmentDialog = 'none' | 'new' | 'details' | 'cancel';

interface AppointmentsState {
  dialog: AppointmentDialog;
  selectedUuid: string | null;
}
const initialState: AppointmentsState = { dialog: 'none', selectedUuid: null };

const slice = createSlice({
  name: 'appointments',
  initialState,
  reducers: {
    appointmentDialogOpened(state, action: PayloadAction<{ dialog: Exclude<AppointmentDialog, 'none'>; uuid?: string }>) {
      state.dialog = action.payload.dialog;
      state.selectedUuid = action.payload.uuid ?? null;
    },
    appointmentDialogClosed: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState),
  selectors: {
    selectAppointmentDialog: (state) => state.dialog,
    selectSelectedAppointmentUuid: (state) => state.selectedUuid,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const appointmentsSlice = slice.injectInto(rootReducer);
export const { appointmentDialogOpened, appointmentDialogClosed } = appointmentsSlice.actions;
