/** Care (professionals, appointments, referrals): the spec's fixed lists, labels, colours and texts. */
import { saoPauloClock } from './calendar';
import { parseBrDate } from './dateRange';
import { MONTH_NAMES } from './format';
import type { ScheduleInterval } from './wire/care';

/** The 17 specialties, in the spec's order (the agenda's specialty filter). */
export const SPECIALTY_NAMES = [
  'Generalista',
  'Pediatria',
  'Dermatologia',
  'Neurologia',
  'Ortopedia',
  'Endocrinologia',
  'Cardiologia',
  'Ginecologia e Obstetrícia',
  'Psiquiatria',
  'Otorrinolaringologia',
  'Reumatologia',
  'Geriatria',
  'Urologia',
  'Nutrição',
  'Psicologia',
  'Neuropediatria',
  'Nutrologia',
] as const;

export const APPOINTMENT_STATUSES = ['SCHEDULED', 'FINISHED', 'UNFINISHED', 'CANCELED', 'DONE'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Labels of the detail dialog (which also knows DONE). */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  SCHEDULED: 'Agendada',
  FINISHED: 'Finalizada',
  UNFINISHED: 'Não Finalizada',
  CANCELED: 'Cancelada',
  DONE: 'Realizada',
};

/** The agenda's status filter: the four statuses of the spec, in its order. */
export const APPOINTMENT_STATUS_FILTER = (['SCHEDULED', 'FINISHED', 'UNFINISHED', 'CANCELED'] as const).map((value) => ({
  value,
  label: APPOINTMENT_STATUS_LABELS[value],
}));

/** Badges: UNFINISHED yellow, FINISHED green, every other status red (spec section 4). */
export function appointmentStatusColor(status: string): 'yellow' | 'green' | 'red' {
  if (status === 'UNFINISHED') return 'yellow';
  if (status === 'FINISHED') return 'green';
  return 'red';
}

export const appointmentStatusLabel = (status: string) => APPOINTMENT_STATUS_LABELS[status as AppointmentStatus] ?? status;

export const isAppointmentStatus = (value: unknown): value is AppointmentStatus =>
  typeof value === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(value);

const isPresential = (type: string | null | undefined) => /presen/i.test(type ?? '');

/** 'Presencial' when the appointment is presential, otherwise 'Online'. */
export const appointmentTypeLabel = (type: string | null | undefined) => (isPresential(type) ? 'Presencial' : 'Online');

/** A presential appointment happens at the clinic: it has no video link to open or copy. */
export const hasVideoLink = (type: string | null | undefined) => !isPresential(type);

/** What the details say instead of a link for a presential appointment. */
export const PRESENTIAL_NO_LINK = 'Atendimento presencial: não há link de vídeo.';

export const REFERRAL_STATUSES = ['PENDING', 'SCHEDULED', 'COMPLETED', 'NON_SCHEDULABLE'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  PENDING: 'Pendente',
  SCHEDULED: 'Agendada',
  COMPLETED: 'Realizada',
  NON_SCHEDULABLE: 'Não Realizada',
};

const REFERRAL_STATUS_COLORS: Record<ReferralStatus, 'yellow' | 'blue' | 'green' | 'red'> = {
  PENDING: 'yellow',
  SCHEDULED: 'blue',
  COMPLETED: 'green',
  NON_SCHEDULABLE: 'red',
};

export const referralStatusLabel = (status: string) => REFERRAL_STATUS_LABELS[status as ReferralStatus] ?? status;
export const referralStatusColor = (status: string) => REFERRAL_STATUS_COLORS[status as ReferralStatus] ?? ('gray' as const);
export const isReferralStatus = (value: unknown): value is ReferralStatus =>
  typeof value === 'string' && (REFERRAL_STATUSES as readonly string[]).includes(value);

export const REFERRAL_STATUS_FILTER = REFERRAL_STATUSES.map((value) => ({ value, label: REFERRAL_STATUS_LABELS[value] }));

/** The two kinds of new appointment and the codes the wizard uses. */
export const APPOINTMENT_KINDS = [
  { value: '1', label: 'Avulsa' },
  { value: '2', label: 'Encaminhamento' },
] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number]['value'];

/**
 * How a time slot reads in the wizard: the spec's 'from h - to h', then who attends and in which
 * specialty ('08:00h - 08:30h · Dra. Ana Souza (Cardiologia)'), so that professionals free at one
 * time are told apart. A part the provider did not send is left out.
 */
export function slotLabel(slot: {
  from: string;
  to: string;
  professional?: { name: string } | null;
  specialty?: { name: string } | null;
}): string {
  const time = `${slot.from}h - ${slot.to}h`;
  const professional = slot.professional?.name.trim();
  const specialty = slot.specialty?.name.trim();
  if (!professional) return specialty ? `${time} (${specialty})` : time;
  return `${time} · ${professional}${specialty ? ` (${specialty})` : ''}`;
}

const APPOINTMENT_MONTH_CHOICES = 12;

/** The wizard's month/year choices: 12 months starting with the current one in São Paulo; value yyyy-mm. */
export function monthOptions(today: Date): Array<{ value: string; label: string }> {
  const { year, month } = saoPauloClock(today);
  return Array.from({ length: APPOINTMENT_MONTH_CHOICES }, (_, offset) => {
    const index = year * 12 + month - 1 + offset;
    const [optionYear, optionMonth] = [Math.floor(index / 12), (index % 12) + 1];
    return { value: `${optionYear}-${pad(optionMonth)}`, label: `${MONTH_NAMES[optionMonth - 1]}/${optionYear}` };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The availability range of a month (yyyy-mm): from its first day, or from today (in São Paulo) for
 * the current month, to its last.
 */
export function monthRange(month: string, today: Date): { dateInitial: string; dateFinal: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const now = saoPauloClock(today);
  const firstDay = now.year === year && now.month === monthNumber ? now.day : 1;
  const brDate = (day: number) => `${pad(day)}/${pad(monthNumber)}/${year}`;
  return { dateInitial: brDate(firstDay), dateFinal: brDate(lastDay) };
}

/**
 * Whether an appointment has started at `now`: its date (dd/mm/yyyy) and start (HH:mm) are São
 * Paulo's wall clock, compared with São Paulo's clock at `now` to the minute (the server refuses to
 * cancel from the start's first minute on). A date or a time it cannot read counts as not started:
 * the server has the last word.
 */
export function appointmentHasStarted(detail: { date: string; from: string }, now: Date = new Date()): boolean {
  const date = parseBrDate(detail.date);
  const time = /^(\d{2}):(\d{2})/.exec(detail.from.trim());
  if (!date || !time) return false;
  const clock = saoPauloClock(now);
  const current = `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
  return `${date} ${time[1]}:${time[2]}` <= current;
}

/** Whether the agenda offers cancelling an appointment: only a scheduled one that has not started. */
export const canCancelAppointment = (appointment: { status: string; detail: { date: string; from: string } }, now: Date = new Date()) =>
  appointment.status === 'SCHEDULED' && !appointmentHasStarted(appointment.detail, now);

/** Availability queries: dates dd/mm/yyyy, at most this many days apart. */
export const AVAILABILITY_MAX_RANGE_DAYS = 62;

export const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** 'Seg 08:00–12:00, 14:00–18:00; Qua 08:00–12:00': the service hours as the details show them. */
export function describeSchedule(intervals: readonly ScheduleInterval[]): string {
  const byDay = new Map<number, string[]>();
  for (const interval of [...intervals].sort((a, b) => a.diaSemana - b.diaSemana || a.inicio.localeCompare(b.inicio))) {
    const ranges = byDay.get(interval.diaSemana) ?? [];
    ranges.push(`${interval.inicio}–${interval.fim}`);
    byDay.set(interval.diaSemana, ranges);
  }
  return [...byDay.entries()].map(([day, ranges]) => `${WEEKDAY_SHORT[day]} ${ranges.join(', ')}`).join('; ');
}

export const SEX_OPTIONS = ['Feminino', 'Masculino', 'Outro'] as const;
export const ACCOUNT_TYPE_OPTIONS = ['Corrente', 'Poupança'] as const;
export const SERVICE_MODALITIES = ['Online', 'Presencial', 'Online e Presencial'] as const;
export const CONSULTATION_MINUTES = { min: 10, max: 120 } as const;

/** The four documents of a professional, by the spec's field names. */
export const PROFESSIONAL_FILES = [
  { field: 'foto_medico', label: 'Foto', accepts: 'image' },
  { field: 'copia_crm', label: 'Cópia do CRM', accepts: 'document' },
  { field: 'comprovante_especialidade', label: 'Comprovante de Especialidade', accepts: 'document' },
  { field: 'termo_aceite', label: 'Termo de Aceite', accepts: 'document' },
] as const;
export type ProfessionalFileField = (typeof PROFESSIONAL_FILES)[number]['field'];
export const isProfessionalFileField = (value: unknown): value is ProfessionalFileField =>
  PROFESSIONAL_FILES.some((file) => file.field === value);

/** Uploads: 10 MB at most; photos PNG/JPEG, documents PDF or an image (see uploadProblem). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const PROFESSIONAL_MESSAGES = {
  title: 'Lista de Profissionais',
  loadError: 'Erro ao carregar lista de médicos',
  removed: 'Médico removido com sucesso!',
  removeError: 'Erro ao remover médico',
  removeQuestion: (name: string) => `Tem certeza que deseja remover o profissional ${name}? Esta ação não pode ser desfeita.`,
  created: 'Profissional cadastrado com sucesso!',
  createError: 'Erro ao cadastrar profissional',
  updated: 'Profissional atualizado com sucesso!',
  updateError: 'Erro ao atualizar profissional',
  empty: 'Nenhum profissional cadastrado',
  detailsTitle: 'Detalhes do Profissional',
  createTitle: 'Novo Profissional',
  editTitle: 'Editar Profissional',
  notAvailable: 'Não disponível',
  hasScheduledAppointments: 'O profissional tem consultas agendadas: cancele-as antes de removê-lo.',
  cpfTaken: 'Já existe um profissional com este CPF.',
} as const;

export const APPOINTMENT_MESSAGES = {
  title: 'Agenda de Consultas',
  newTitle: 'Nova Consulta',
  detailsTitle: 'Detalhes da Consulta',
  specialtiesError: 'Erro ao carregar especialidades',
  referralsError: 'Erro ao carregar lista de encaminhamentos',
  availabilityError: 'Erro ao carregar disponibilidade',
  scheduled: 'Consulta agendada com sucesso!',
  scheduleError: 'Erro ao agendar consulta',
  canceled: 'Consulta cancelada com sucesso!',
  cancelError: 'Erro ao cancelar consulta',
  loadError: 'Erro ao carregar lista de consultas',
  cancelQuestion: 'Tem certeza que deseja cancelar este agendamento?',
  empty: 'Nenhuma consulta agendada',
  patientRequired: 'Paciente é obrigatório',
  specialtyRequired: 'Especialidade é obrigatória',
  dateRequired: 'Data é obrigatória',
  timeRequired: 'Horário é obrigatório',
  slotTaken: 'Horário indisponível',
  linkCopied: 'Link copiado com sucesso!',
  linkCopyError: 'Não foi possível copiar o link',
  noSlots: 'Nenhum horário disponível neste mês',
  patientsError: 'Erro ao carregar pacientes',
} as const;

export const REFERRAL_MESSAGES = {
  title: 'Lista de Encaminhamentos',
  loadError: 'Erro ao carregar lista de encaminhamentos',
  empty: 'Nenhum encaminhamento encontrado',
  detailsTitle: 'Detalhes do Encaminhamento',
} as const;

/** Server-side answers of the care API (validation and business rules). */
export const CARE_ERRORS = {
  providerUnavailable: 'Serviço de telemedicina indisponível',
  slotTaken: 'Horário indisponível',
  invalidSlot: 'Horário inválido.',
  pastSlot: 'Não é possível agendar em um horário que já passou.',
  otherSpecialtySlot: 'O horário escolhido não pertence à especialidade selecionada.',
  unknownSpecialty: 'Especialidade não encontrada.',
  unknownPatient: 'Paciente não encontrado.',
  inactivePatient: 'Paciente inativo: não é possível agendar consultas.',
  patientBusy: 'O paciente já tem uma consulta neste horário.',
  professionalRemoved: 'O profissional deste horário foi removido: escolha outro horário.',
  referralRequired: 'Encaminhamento é obrigatório.',
  additionalPaymentNotApproved: 'É necessário aprovar o pagamento adicional da consulta avulsa.',
  unknownReferral: 'Encaminhamento não encontrado.',
  referralOfAnotherPatient: 'O encaminhamento não pertence ao paciente selecionado.',
  referralNotPending: 'O encaminhamento não está pendente.',
  referralOtherSpecialty: 'O encaminhamento é para outra especialidade.',
  onlyScheduledCancel: 'Apenas consultas agendadas podem ser canceladas.',
  startedCancel: 'Não é possível cancelar uma consulta que já começou.',
  dateInitialInvalid: 'Data inicial inválida (use dd/mm/aaaa).',
  dateFinalInvalid: 'Data final inválida (use dd/mm/aaaa).',
  dateOrder: 'A data final deve ser igual ou posterior à data inicial.',
  rangeTooLong: `O período consultado deve ter no máximo ${AVAILABILITY_MAX_RANGE_DAYS} dias.`,
  patientNotAtProvider: 'Paciente não cadastrado no serviço de telemedicina.',
} as const;

/** Labels of the professional's fields (details, form, filters). */
export const PROFESSIONAL_LABELS = {
  nome_completo: 'Nome',
  cpf: 'CPF',
  data_nascimento: 'Data de Nascimento',
  sexo: 'Sexo',
  crm: 'CRM',
  crm_estado: 'UF do CRM',
  rqe: 'RQE',
  outras_certificacoes: 'Outras Certificações',
  especialidades: 'Especialidades',
  email: 'Email',
  telefone_celular: 'Telefone Celular',
  telefone_comercial: 'Telefone Comercial',
  rua: 'Rua',
  numero_complemento: 'Número/Complemento',
  bairro: 'Bairro',
  cidade: 'Cidade',
  estado: 'Estado',
  cep: 'CEP',
  banco: 'Banco',
  agencia: 'Agência',
  conta_corrente: 'Conta Corrente',
  tipo_conta: 'Tipo de Conta',
  pix: 'PIX',
  horarios_atendimento: 'Horários de Atendimento',
  modalidade_atendimento: 'Modalidade de Atendimento',
  idiomas_falados: 'Idiomas Falados',
  tempo_medio_consulta: 'Tempo Médio de Consulta',
  foto_medico: 'Foto',
  copia_crm: 'Cópia do CRM',
  comprovante_especialidade: 'Comprovante de Especialidade',
  termo_aceite: 'Termo de Aceite',
} as const;

/** The professional list's, the agenda's and the referral list's URL filters. */
export { APPOINTMENT_FILTERS, PROFESSIONAL_FILTERS, REFERRAL_FILTERS } from './listFilters';

/** Texts of the care screens' actions. */
export const CARE_ACTIONS = {
  exportCsv: 'Exportar CSV',
  exportError: 'Não foi possível exportar a lista',
  cancelAppointment: (name: string) => `Cancelar consulta de ${name}`,
  viewAppointment: (name: string) => `Ver detalhes da consulta de ${name}`,
  openReferral: 'Ver encaminhamento',
  accessAttendance: 'Acessar Atendimento',
  copyLink: 'Copiar Link',
  schedule: 'Agendar',
  scheduling: 'Agendando...',
  scheduleReferral: 'Agendar consulta',
  scheduleReferralOf: (name: string) => `Agendar consulta do encaminhamento de ${name}`,
  viewReferral: (name: string) => `Ver detalhes do encaminhamento de ${name}`,
} as const;

/** The kind of an uploaded document by its first bytes (never by its name or declared type). */
export function sniffFileKind(head: Uint8Array): 'png' | 'jpeg' | 'pdf' | undefined {
  const starts = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return undefined;
}

export const UPLOAD_MESSAGES = {
  tooLarge: 'O arquivo deve ter no máximo 10 MB',
  imageOnly: 'A foto deve ser uma imagem PNG ou JPEG',
  documentOnly: 'O arquivo deve ser um PDF ou uma imagem PNG ou JPEG',
  crmRequired: 'Cópia do CRM é obrigatória',
  termRequired: 'Termo de aceite é obrigatório',
} as const;

/** Documents a new professional must bring. */
export const REQUIRED_PROFESSIONAL_FILES: Partial<Record<ProfessionalFileField, string>> = {
  copia_crm: UPLOAD_MESSAGES.crmRequired,
  termo_aceite: UPLOAD_MESSAGES.termRequired,
};

/** Why a document cannot go in a field (by its bytes and size), or undefined when it can. */
export function uploadProblem(accepts: 'image' | 'document', head: Uint8Array, size: number): string | undefined {
  if (size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  const kind = sniffFileKind(head);
  if (accepts === 'image') return kind === 'png' || kind === 'jpeg' ? undefined : UPLOAD_MESSAGES.imageOnly;
  return kind ? undefined : UPLOAD_MESSAGES.documentOnly;
}

/** A professional as the API answers it (spec section 3, plus its schedule): one shape for server and client. */
export type { Professional, ScheduleInterval } from './wire/care';
