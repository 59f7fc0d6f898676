import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';
import type { ReferralToSchedule } from '../../domain/referralScheduling';

/** Which dialog of 'Agenda de Consultas' is open, and for which appointment (by uuid). */
export type AppointmentDialog = 'none' | 'new' | 'details' | 'cancel';

interface AppointmentsState {
  dialog: AppointmentDialog;
  selectedUuid: string | null;
  /** The pending referral 'Nova Consulta' opened for (from the referral list's 'Agendar consulta'). */
  referralToSchedule: ReferralToSchedule | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}
const closedDialog = { dialog: 'none', selectedUuid: null, referralToSchedule: null } as const;
const initialState: AppointmentsState = { ...closedDialog, listQuery: '' };

const slice = createSlice({
  name: 'appointments',
  initialState,
  reducers: {
    appointmentDialogOpened(state, action: PayloadAction<{ dialog: Exclude<AppointmentDialog, 'none'>; uuid?: string }>) {
      state.dialog = action.payload.dialog;
      state.selectedUuid = action.payload.uuid ?? null;
      state.referralToSchedule = null;
    },
    /** 'Nova Consulta' for a pending referral: type Encaminhamento, that referral chosen. */
    referralSchedulingOpened(state, action: PayloadAction<ReferralToSchedule>) {
      state.dialog = 'new';
      state.selectedUuid = null;
      state.referralToSchedule = action.payload;
    },
    appointmentDialogClosed: (state) => ({ ...state, ...closedDialog }),
    appointmentsListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectAppointmentsListQuery: (state) => state.listQuery,
    selectAppointmentDialog: (state) => state.dialog,
    selectSelectedAppointmentUuid: (state) => state.selectedUuid,
    selectReferralToSchedule: (state) => state.referralToSchedule,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const appointmentsSlice = slice.injectInto(rootReducer);
export const { appointmentDialogOpened, appointmentDialogClosed, appointmentsListRemembered, referralSchedulingOpened } =
  appointmentsSlice.actions;
