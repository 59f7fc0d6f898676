import type { FormikErrors } from 'formik';
import type { Professional } from '../../../api/professionalsApi';
import { PROFESSIONAL_FILES, REQUIRED_PROFESSIONAL_FILES, type ProfessionalFileField } from '../../../domain/care';
import { formatCep, formatCpf, formatPhone } from '../../../domain/documents';

/** The professional form's values: text as typed (masks included), the schedule, and picked documents. */
export interface ProfessionalFormValues {
  nome_completo: string;
  cpf: string;
  data_nascimento: string;
  sexo: string;
  crm: string;
  crm_estado: string;
  rqe: string;
  outras_certificacoes: string;
  especialidades: string[];
  email: string;
  telefone_celular: string;
  telefone_comercial: string;
  rua: string;
  numero_complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
  banco: string;
  agencia: string;
  conta_corrente: string;
  tipo_conta: string;
  pix: string;
  modalidade_atendimento: string;
  idiomas_falados: string;
  tempo_medio_consulta: string;
  agenda: Array<{ diaSemana: string; inicio: string; fim: string }>;
  documentos: Record<ProfessionalFileField, File | null>;
  /** The version the form opened with (an edit), sent with the update. */
  versao?: number;
}

const TEXT_FIELDS = [
  'nome_completo',
  'cpf',
  'data_nascimento',
  'sexo',
  'crm',
  'crm_estado',
  'rqe',
  'outras_certificacoes',
  'email',
  'telefone_celular',
  'telefone_comercial',
  'rua',
  'numero_complemento',
  'bairro',
  'cidade',
  'estado',
  'cep',
  'banco',
  'agencia',
  'conta_corrente',
  'tipo_conta',
  'pix',
  'modalidade_atendimento',
  'idiomas_falados',
  'tempo_medio_consulta',
] as const;

const NO_DOCUMENTS: Record<ProfessionalFileField, File | null> = {
  foto_medico: null,
  copia_crm: null,
  comprovante_especialidade: null,
  termo_aceite: null,
};

export function initialValuesOf(professional?: Professional): ProfessionalFormValues {
  return {
    nome_completo: professional?.nome_completo ?? '',
    cpf: formatCpf(professional?.cpf),
    data_nascimento: professional?.data_nascimento ?? '',
    sexo: professional?.sexo ?? '',
    crm: professional?.crm ?? '',
    crm_estado: professional?.crm_estado ?? '',
    rqe: professional?.rqe ?? '',
    outras_certificacoes: professional?.outras_certificacoes ?? '',
    especialidades: professional?.especialidades.map((specialty) => specialty.name) ?? [],
    email: professional?.email ?? '',
    telefone_celular: formatPhone(professional?.telefone_celular),
    telefone_comercial: formatPhone(professional?.telefone_comercial),
    rua: professional?.rua ?? '',
    numero_complemento: professional?.numero_complemento ?? '',
    bairro: professional?.bairro ?? '',
    cidade: professional?.cidade ?? '',
    estado: professional?.estado ?? '',
    cep: formatCep(professional?.cep),
    banco: professional?.banco ?? '',
    agencia: professional?.agencia ?? '',
    conta_corrente: professional?.conta_corrente ?? '',
    tipo_conta: professional?.tipo_conta ?? '',
    pix: professional?.pix ?? '',
    modalidade_atendimento: professional?.modalidade_atendimento ?? 'Online',
    idiomas_falados: professional?.idiomas_falados ?? 'Português',
    tempo_medio_consulta: String(professional?.tempo_medio_consulta ?? 30),
    agenda: professional?.agenda.map((interval) => ({ ...interval, diaSemana: String(interval.diaSemana) })) ?? [
      { diaSemana: '1', inicio: '08:00', fim: '12:00' },
    ],
    documentos: { ...NO_DOCUMENTS },
    versao: professional?.versao,
  };
}

/** A new professional must bring the CRM copy and the acceptance term (the schema checks the rest). */
export function validateDocuments(values: ProfessionalFormValues, creating: boolean): FormikErrors<ProfessionalFormValues> {
  if (!creating) return {};
  const missing = Object.entries(REQUIRED_PROFESSIONAL_FILES).filter(([field]) => !values.documentos[field as ProfessionalFileField]);
  return missing.length ? { documentos: Object.fromEntries(missing) as FormikErrors<Record<ProfessionalFileField, File | null>> } : {};
}

/**
 * The multipart body of POST/PUT /api/professionals: every field, the schedule as JSON, the picked
 * documents, and on edit the version the form opened with (`versao`: a professional changed since is refused).
 */
export function toFormData(values: ProfessionalFormValues): FormData {
  const form = new FormData();
  for (const name of TEXT_FIELDS) form.append(name, values[name].trim());
  if (values.versao !== undefined) form.append('versao', String(values.versao));
  form.append('especialidades', JSON.stringify(values.especialidades));
  form.append('agenda', JSON.stringify(values.agenda.map((interval) => ({ ...interval, diaSemana: Number(interval.diaSemana) }))));
  for (const { field } of PROFESSIONAL_FILES) {
    const file = values.documentos[field];
    if (file) form.append(field, file, file.name);
  }
  return form;
}
