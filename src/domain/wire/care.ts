/**
 * Care as the API answers it: professionals, and the appointments, referrals and patients of the
 * telemedicine provider. Both providers (`local`, `rapidoc`) answer these same shapes.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, RecordVersion, WireObject } from './answers';
import { Specialty } from './specialties';

/** One interval of a professional's weekly schedule (0 = Sunday), times HH:mm. */
export const ScheduleInterval = WireObject({
  diaSemana: Type.Integer({ description: '0 = Sunday … 6 = Saturday' }),
  inicio: Type.String({ description: 'HH:mm' }),
  fim: Type.String({ description: 'HH:mm' }),
});
export type ScheduleInterval = Static<typeof ScheduleInterval>;

const fileLink = Nullable(Type.String({ description: 'A signed link to the document (expires), null when there is none' }));

/** A professional as the API answers it (spec section 3, plus its schedule). */
export const Professional = WireObject({
  id: Type.Integer(),
  nome_completo: Type.String(),
  cpf: Type.String({ description: '11 digits' }),
  data_nascimento: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
  sexo: Nullable(Type.String()),
  crm: Type.String(),
  crm_estado: Type.String(),
  rqe: Nullable(Type.String()),
  outras_certificacoes: Nullable(Type.String()),
  especialidades: Type.Array(Specialty),
  email: Type.String(),
  telefone_celular: Nullable(Type.String()),
  telefone_comercial: Nullable(Type.String()),
  rua: Nullable(Type.String()),
  numero_complemento: Nullable(Type.String()),
  bairro: Nullable(Type.String()),
  cidade: Nullable(Type.String()),
  estado: Nullable(Type.String()),
  cep: Nullable(Type.String()),
  banco: Nullable(Type.String()),
  agencia: Nullable(Type.String()),
  conta_corrente: Nullable(Type.String()),
  tipo_conta: Nullable(Type.String()),
  pix: Nullable(Type.String()),
  horarios_atendimento: Nullable(Type.String({ description: 'The schedule in words; null without one' })),
  agenda: Type.Array(ScheduleInterval),
  modalidade_atendimento: Type.String(),
  idiomas_falados: Nullable(Type.String()),
  tempo_medio_consulta: Type.Integer({ description: 'Minutes' }),
  foto_medico: fileLink,
  copia_crm: fileLink,
  comprovante_especialidade: fileLink,
  termo_aceite: fileLink,
  versao: RecordVersion,
});
export type Professional = Static<typeof Professional>;

/**
 * An appointment as the API answers it (spec section 3). `id` is our database's (the `local`
 * provider); an appointment read from the provider's API has none.
 */
export const Appointment = WireObject({
  id: Type.Optional(Type.Integer()),
  uuid: Type.String(),
  status: Type.String({ description: 'SCHEDULED, FINISHED, UNFINISHED, CANCELED or DONE (as the provider sends it)' }),
  type: Type.String({ description: 'ONLINE or PRESENTIAL' }),
  beneficiary: WireObject({
    uuid: Type.String(),
    name: Type.String(),
    cpf: Type.String(),
    birth: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
    phone: Nullable(Type.String()),
    email: Nullable(Type.String()),
  }),
  specialty: Specialty,
  professional: WireObject({ name: Type.String(), specialties: Type.Array(WireObject({ name: Type.String() })) }),
  detail: WireObject({
    date: Type.String({ description: 'dd/mm/yyyy' }),
    from: Type.String({ description: 'HH:mm' }),
    to: Type.String({ description: 'HH:mm' }),
  }),
  beneficiaryUrl: Nullable(Type.String({ description: "The patient's video link" })),
  referralUuid: Nullable(Type.String({ description: 'The referral it was booked from, if any' })),
});
export type Appointment = Static<typeof Appointment>;

/** A medical referral (GET /api/appointments/referrals, spec section 3). */
export const Referral = WireObject({
  uuid: Type.String(),
  createdAt: Type.String({
    description: "ISO 8601 date and time; a provider's date that cannot be read comes as it was sent ('' when absent)",
  }),
  status: Type.String({ description: 'PENDING, SCHEDULED, COMPLETED or NON_SCHEDULABLE (as the provider sends it)' }),
  beneficiary: WireObject({ uuid: Type.String(), name: Type.String(), cpf: Type.String() }),
  specialty: Nullable(Specialty),
  professional: Nullable(WireObject({ name: Type.String() })),
  partner: Nullable(WireObject({ name: Type.String() })),
  urlPath: Nullable(Type.String({ description: 'The referral document: a signed link to our own file, or the provider’s link' })),
});
export type Referral = Static<typeof Referral>;

/** A beneficiary the new-appointment wizard may book for (GET /api/appointments/patients). */
export const Patient = WireObject({ uuid: Type.String(), name: Type.String(), cpf: Type.String() });
export type Patient = Static<typeof Patient>;
