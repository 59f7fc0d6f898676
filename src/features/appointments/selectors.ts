import { appointmentsSlice } from './appointmentsSlice';

export const { selectAppointmentDialog, selectSelectedAppointmentUuid } = appointmentsSlice.selectors;
