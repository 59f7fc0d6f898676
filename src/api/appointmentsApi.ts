import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile, exportPath } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';
import type { DoneAnswer } from '../domain/wire/answers';
import type { Appointment, Patient } from '../domain/wire/care';
import type { AvailabilitySlot, Specialty } from '../domain/wire/specialties';

/** Screens import the shapes from here with the endpoints; they are defined once in domain/wire. */
export type { Appointment, AvailabilitySlot, Patient, Specialty };

export interface AvailabilityArgs {
  specialtyUuid: string;
  /** dd/mm/yyyy */
  dateInitial: string;
  dateFinal: string;
  beneficiaryUuid?: string;
}

/** Standalone (type 1) or from a referral (type 2), as spec section 7. */
export type NewAppointment =
  | { specialtyUuid: string; beneficiaryUuid: string; availabilityUuid: string; approveAdditionalPayment: true }
  | { specialtyUuid: string; beneficiaryUuid: string; availabilityUuid: string; beneficiaryMedicalReferralUuid: string };

const withUuidIds = (items: Appointment[] | undefined) => items?.map((item) => ({ id: item.uuid }));

export const appointmentsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSpecialties: build.query<Specialty[], void>({
      query: () => '/specialties',
      keepUnusedDataFor: 600,
    }),
    getAppointments: build.query<Page<Appointment>, ListArgs>({
      query: (args) => `/appointments?${listSearchParams(args)}`,
      transformResponse: (body: Appointment[], meta) => toPage(body, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Appointment', withUuidIds(result?.items)),
    }),
    getAppointment: build.query<Appointment, string>({
      query: (uuid) => `/appointments/${uuid}`,
      providesTags: (_result, _error, uuid) => [{ type: 'Appointment', id: uuid }],
    }),
    getAvailability: build.query<AvailabilitySlot[], AvailabilityArgs>({
      query: (args) => `/specialty-availability?${new URLSearchParams({ ...args })}`,
      providesTags: ['Availability'],
      keepUnusedDataFor: 30,
    }),
    /** Active patients whose name or CPF contains the text. */
    getPatients: build.query<Patient[], string>({
      query: (search) => `/appointments/patients?${new URLSearchParams(search ? { busca: search } : {})}`,
      providesTags: ['Patient'],
    }),
    createAppointment: build.mutation<Appointment, NewAppointment>({
      query: (body) => ({ url: '/appointments', method: 'POST', body }),
      invalidatesTags: refreshesOnSuccess('createAppointment'),
    }),
    cancelAppointment: build.mutation<DoneAnswer, string>({
      query: (uuid) => ({ url: `/appointments/${uuid}`, method: 'DELETE' }),
      invalidatesTags: refreshesOnSuccess('cancelAppointment'),
    }),
  }),
});

export const {
  useGetSpecialtiesQuery,
  useGetAppointmentsQuery,
  useGetAppointmentQuery,
  useGetAvailabilityQuery,
  useGetPatientsQuery,
  useCreateAppointmentMutation,
  useCancelAppointmentMutation,
} = appointmentsApi;

/** Downloads the whole filtered agenda (not just the page) as CSV. */
export const exportAppointmentsCsv = (args: ListArgs) => downloadFile(exportPath('/appointments/export.csv', args), 'consultas.csv');
