import { appointmentsSlice } from './appointmentsSlice';

export const { selectAppointmentsListQuery, selectAppointmentDialog, selectSelectedAppointmentUuid, selectReferralToSchedule } =
  appointmentsSlice.selectors;
