import { array, boolean, mixed, number, object, string } from './yup';
import { tooLongMessage } from '../fieldMessages';
import {
  ACCOUNT_TYPE_OPTIONS,
  APPOINTMENT_MESSAGES,
  CARE_ERRORS,
  CONSULTATION_MINUTES,
  SERVICE_MODALITIES,
  SEX_OPTIONS,
  SPECIALTY_NAMES,
  type ScheduleInterval,
} from '../care';
import { isValidCpf, onlyDigits } from '../documents';
import { isValidBirthday } from './beneficiaries';
import { UFS } from '../ufs';
import { emailAddress } from './email';
import { freeText } from './text';
import { recordVersion } from './recordVersion';

const UF_CODES = UFS.map((uf) => uf.code);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WEEKDAY_INVALID = 'Dia da semana inválido';

const optionalText = (field: string, max = 200) => freeText().max(max, tooLongMessage(field, max)).default('');

/** Digits of an optional phone: empty, or 10 to 11 digits. */
const optionalPhone = (message: string) =>
  string()
    .transform((value: string) => onlyDigits(value))
    .default('')
    .test('phone', message, (value) => !value || value.length === 10 || value.length === 11);

/** Empty, or one of the given choices. */
const optionalChoice = (choices: readonly string[], message: string) =>
  string()
    .trim()
    .default('')
    .test('choice', message, (value) => !value || choices.includes(value));

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Two intervals of one weekday that share any minute. */
export function overlappingIntervals(intervals: readonly ScheduleInterval[]): boolean {
  return intervals.some((a, i) =>
    intervals.some(
      (b, j) =>
        j > i &&
        Number(a.diaSemana) === Number(b.diaSemana) &&
        TIME.test(a.inicio) &&
        TIME.test(a.fim) &&
        TIME.test(b.inicio) &&
        TIME.test(b.fim) &&
        minutes(a.inicio) < minutes(b.fim) &&
        minutes(b.inicio) < minutes(a.fim),
    ),
  );
}

export const scheduleIntervalSchema = object({
  diaSemana: number()
    .typeError(WEEKDAY_INVALID)
    .required('Dia da semana é obrigatório')
    .integer(WEEKDAY_INVALID)
    .min(0, WEEKDAY_INVALID)
    .max(6, WEEKDAY_INVALID),
  inicio: string().required('Início do horário é obrigatório').matches(TIME, 'Horário inválido (use hh:mm)'),
  fim: string()
    .required('Fim do horário é obrigatório')
    .matches(TIME, 'Horário inválido (use hh:mm)')
    .test('after-start', 'O fim deve ser depois do início', function check(value) {
      const start = this.parent.inicio as string;
      return !value || !TIME.test(start ?? '') || !TIME.test(value) || minutes(value) > minutes(start);
    }),
});

/**
 * A professional's registration ('Novo Profissional' and its edit), the same in the form and in
 * POST/PUT /api/professionals. The four documents are checked apart (by their bytes on the server).
 */
export const professionalSchema = object({
  nome_completo: freeText().required('Nome é obrigatório').max(150, tooLongMessage('Nome', 150)),
  cpf: string()
    .transform((value: string) => onlyDigits(value))
    .required('CPF é obrigatório')
    .test('cpf', 'CPF inválido', (value) => isValidCpf(value)),
  data_nascimento: string()
    .trim()
    .default('')
    .test('date', 'Data de nascimento inválida', (value) => isValidBirthday(value)),
  sexo: optionalChoice(SEX_OPTIONS, 'Sexo inválido'),
  crm: string().trim().required('CRM é obrigatório').max(20, tooLongMessage('CRM', 20)),
  crm_estado: string().trim().required('UF do CRM é obrigatória').oneOf(UF_CODES, 'UF do CRM inválida'),
  rqe: optionalText('RQE', 30),
  outras_certificacoes: optionalText('Outras certificações', 500),
  especialidades: array(
    string()
      .oneOf([...SPECIALTY_NAMES], 'Especialidade inválida')
      .required(),
  )
    .required('Selecione ao menos uma especialidade')
    .min(1, 'Selecione ao menos uma especialidade'),
  email: emailAddress(string().trim().required('E-mail é obrigatório'), 'E-mail inválido').max(150, tooLongMessage('E-mail', 150)),
  telefone_celular: optionalPhone('Telefone celular inválido'),
  telefone_comercial: optionalPhone('Telefone comercial inválido'),
  rua: optionalText('Rua'),
  numero_complemento: optionalText('Número/complemento', 60),
  bairro: optionalText('Bairro', 100),
  cidade: optionalText('Cidade', 100),
  estado: optionalChoice(UF_CODES, 'Estado inválido'),
  cep: string()
    .transform((value: string) => onlyDigits(value))
    .default('')
    .test('cep', 'CEP inválido', (value) => !value || value.length === 8),
  banco: optionalText('Banco', 100),
  agencia: optionalText('Agência', 20),
  conta_corrente: optionalText('Conta corrente', 30),
  tipo_conta: optionalChoice(ACCOUNT_TYPE_OPTIONS, 'Tipo de conta inválido'),
  pix: optionalText('PIX', 150),
  modalidade_atendimento: string()
    .required('Modalidade de atendimento é obrigatória')
    .oneOf([...SERVICE_MODALITIES], 'Modalidade de atendimento inválida'),
  idiomas_falados: optionalText('Idiomas falados', 200),
  tempo_medio_consulta: number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError('Tempo médio de consulta inválido')
    .required('Tempo médio de consulta é obrigatório')
    .integer('Tempo médio de consulta inválido')
    .min(
      CONSULTATION_MINUTES.min,
      `O tempo médio de consulta deve ser de ${CONSULTATION_MINUTES.min} a ${CONSULTATION_MINUTES.max} minutos`,
    )
    .max(
      CONSULTATION_MINUTES.max,
      `O tempo médio de consulta deve ser de ${CONSULTATION_MINUTES.min} a ${CONSULTATION_MINUTES.max} minutos`,
    ),
  agenda: array(scheduleIntervalSchema)
    .required('Informe ao menos um horário de atendimento')
    .min(1, 'Informe ao menos um horário de atendimento')
    .max(50, 'Horários de atendimento demais')
    .test('no-overlap', 'Há horários de atendimento sobrepostos no mesmo dia', (value) => !value || !overlappingIntervals(value)),
  /** On edit, the version of the record the form opened (optional, from 1: migration 0045); a professional changed since is refused (409). */
  versao: recordVersion(1),
});

/** What 'Nova Consulta' asks, in the spec's order of messages. */
export const newAppointmentSchema = object({
  kind: mixed<'1' | '2'>().oneOf(['1', '2']).required(),
  /** The patient (type 1) or the patient's pending referral (type 2). */
  patient: string().required(APPOINTMENT_MESSAGES.patientRequired),
  specialty: string().required(APPOINTMENT_MESSAGES.specialtyRequired),
  month: string().default(''),
  date: string().required(APPOINTMENT_MESSAGES.dateRequired),
  slot: string().required(APPOINTMENT_MESSAGES.timeRequired),
});

/**
 * POST /api/appointments: standalone (type 1) or from a referral (type 2). A standalone appointment
 * is charged apart: it is booked only with the consent to that charge, `approveAdditionalPayment`
 * true (the JSON value itself, never a text read as true); a referral's booking needs none.
 */
export const appointmentRequestSchema = object({
  beneficiaryUuid: string().trim().required(APPOINTMENT_MESSAGES.patientRequired),
  specialtyUuid: string().trim().required(APPOINTMENT_MESSAGES.specialtyRequired),
  availabilityUuid: string().trim().required(APPOINTMENT_MESSAGES.timeRequired),
  beneficiaryMedicalReferralUuid: string().trim().max(100).optional(),
  approveAdditionalPayment: boolean()
    .optional()
    .test(
      'standalone-approved',
      CARE_ERRORS.additionalPaymentNotApproved,
      (_value, context) =>
        context.originalValue === true ||
        Boolean((context.parent as { beneficiaryMedicalReferralUuid?: string }).beneficiaryMedicalReferralUuid),
    ),
});
