import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ProfessionalFileField, ScheduleInterval } from '../domain/care';
import { apiSlice, listTags } from './apiSlice';
import { downloadFile } from './download';
import { listSearchParams, toPage, type ListArgs, type Page } from './paging';

/** A professional as GET /api/professionals answers it (spec section 3, plus its schedule). */
export interface Professional extends Record<ProfessionalFileField, string | null> {
  id: number;
  nome_completo: string;
  cpf: string;
  data_nascimento: string | null;
  sexo: string | null;
  crm: string;
  crm_estado: string;
  rqe: string | null;
  outras_certificacoes: string | null;
  especialidades: Array<{ uuid: string; name: string }>;
  email: string;
  telefone_celular: string | null;
  telefone_comercial: string | null;
  rua: string | null;
  numero_complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  cep: string | null;
  banco: string | null;
  agencia: string | null;
  conta_corrente: string | null;
  tipo_conta: string | null;
  pix: string | null;
  horarios_atendimento: string | null;
  agenda: ScheduleInterval[];
  modalidade_atendimento: string;
  idiomas_falados: string | null;
  tempo_medio_consulta: number;
}

interface SaveAnswer {
  success: boolean;
  message?: string;
  data: Professional;
}

export const professionalsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProfessionals: build.query<Page<Professional>, ListArgs>({
      query: (args) => `/professionals?${listSearchParams(args)}`,
      transformResponse: (body: { data: Professional[] }, meta) => toPage(body.data, meta as FetchBaseQueryMeta | undefined),
      providesTags: (result) => listTags('Professional', result?.items),
    }),
    /** One professional with freshly signed document links (they expire after a while). */
    getProfessional: build.query<Professional, number>({
      query: (id) => `/professionals/${id}`,
      transformResponse: (body: { data: Professional }) => body.data,
      providesTags: (_result, _error, id) => [{ type: 'Professional', id }],
    }),
    /** Multipart: the fields plus the four documents. */
    createProfessional: build.mutation<SaveAnswer, FormData>({
      query: (body) => ({ url: '/professionals', method: 'POST', body }),
      invalidatesTags: [{ type: 'Professional', id: 'LIST' }],
    }),
    updateProfessional: build.mutation<SaveAnswer, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `/professionals/${id}`, method: 'PUT', body }),
      // The agenda shows the professional's name; the offered times follow the schedule.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Professional', id },
        { type: 'Professional', id: 'LIST' },
        { type: 'Appointment', id: 'LIST' },
        'Availability',
      ],
    }),
    deleteProfessional: build.mutation<{ success: boolean; message?: string }, number>({
      query: (id) => ({ url: `/professionals/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Professional', id }, { type: 'Professional', id: 'LIST' }, 'Availability'],
    }),
  }),
});

export const {
  useGetProfessionalsQuery,
  useGetProfessionalQuery,
  useCreateProfessionalMutation,
  useUpdateProfessionalMutation,
  useDeleteProfessionalMutation,
} = professionalsApi;

/** Downloads the whole filtered roster (not just the page) as CSV. */
export const exportProfessionalsCsv = (args: ListArgs) =>
  downloadFile(`/professionals/export.csv?${listSearchParams({ ...args, page: 1 })}`, 'profissionais.csv');
