import { sql, type SQL } from 'drizzle-orm';
import { nameOrder } from '../../lib/nameOrder';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { beneficiaries } from './beneficiaries';

/** The specialties of the `local` telemedicine provider (the spec's 17, ensured at start). */
export const specialties = pgTable(
  'specialties',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull(),
    name: text('name').notNull(),
    /** Display order: the spec's order. */
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('specialties_uuid_key').on(t.uuid), uniqueIndex('specialties_name_key').on(t.name)],
);

/** Doctors and other professionals (spec section 3); the four documents are keys of the file store. */
export const professionals = pgTable(
  'professionals',
  {
    id: serial('id').primaryKey(),
    nomeCompleto: text('nome_completo').notNull(),
    /** The name's key, lower case without accents (server/lib/nameOrder.ts): its order and its filter (migration 0041). */
    nomeKey: text('nome_key')
      .notNull()
      .generatedAlwaysAs((): SQL => nameOrder(professionals.nomeCompleto)),
    cpf: text('cpf').notNull(),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    sexo: text('sexo'),
    crm: text('crm').notNull(),
    crmEstado: text('crm_estado').notNull(),
    rqe: text('rqe'),
    outrasCertificacoes: text('outras_certificacoes'),
    email: text('email').notNull(),
    telefoneCelular: text('telefone_celular'),
    telefoneComercial: text('telefone_comercial'),
    rua: text('rua'),
    numeroComplemento: text('numero_complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    estado: text('estado'),
    cep: text('cep'),
    banco: text('banco'),
    agencia: text('agencia'),
    contaCorrente: text('conta_corrente'),
    tipoConta: text('tipo_conta'),
    pix: text('pix'),
    modalidadeAtendimento: text('modalidade_atendimento').notNull().default('Online'),
    idiomasFalados: text('idiomas_falados'),
    /** Minutes; also the length of the slots generated from the schedule. */
    tempoMedioConsulta: integer('tempo_medio_consulta').notNull().default(30),
    fotoMedico: text('foto_medico'),
    copiaCrm: text('copia_crm'),
    comprovanteEspecialidade: text('comprovante_especialidade'),
    termoAceite: text('termo_aceite'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Removal keeps the row so past appointments still show who attended them. A trigger
     * (`professionals_removed_without_coming`, migration 0011) refuses it while a coming appointment remains.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The record's version (migration 0045): every edit and the removal add one. An update sent with
     * an older one is refused (optimistic concurrency: server/lib/recordVersion.ts).
     */
    rowVersion: integer('row_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('professionals_cpf_key')
      .on(t.cpf)
      .where(sql`removed_at is null`),
    // The list's default order, name then id, from the index (migrations 0037, 0039, 0041).
    index('professionals_nome_id_idx')
      .on(t.nomeKey, t.id)
      .where(sql`removed_at is null`),
    // The list's 'contains' filters from trigrams, over the professionals not removed (migration 0038), the name's key (0040, 0041).
    index('professionals_nome_trgm_idx')
      .using('gin', t.nomeKey.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(sql`removed_at is null`),
    index('professionals_cpf_trgm_idx')
      .using('gin', t.cpf.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(sql`removed_at is null`),
    index('professionals_email_trgm_idx')
      .using('gin', t.email.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(sql`removed_at is null`),
    check('professionals_consultation_check', sql`tempo_medio_consulta between 5 and 240`),
  ],
);

/**
 * The number of professionals, active or removed, so the list's total without filters never counts
 * the table. The database keeps it (statement triggers on `professionals`, migration 0031): the
 * application never writes it.
 */
export const professionalCounts = pgTable('professional_counts', {
  active: boolean('active').primaryKey(),
  professionals: integer('professionals').notNull(),
});

export const professionalSpecialties = pgTable(
  'professional_specialties',
  {
    professionalId: integer('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.professionalId, t.specialtyId] }), index('professional_specialties_specialty_idx').on(t.specialtyId)],
);

/** A professional's weekly schedule: one row per interval of a weekday (0 = Sunday), local time of São Paulo. */
export const professionalSchedules = pgTable(
  'professional_schedules',
  {
    id: serial('id').primaryKey(),
    professionalId: integer('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    diaSemana: smallint('dia_semana').notNull(),
    inicio: time('inicio').notNull(),
    fim: time('fim').notNull(),
  },
  (t) => [
    index('professional_schedules_professional_idx').on(t.professionalId),
    check('professional_schedules_interval_check', sql`fim > inicio and dia_semana between 0 and 6`),
  ],
);

/** Medical referrals of beneficiaries to a specialty; `arquivo` is the referral document in the file store. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
    /** Who referred, when known. */
    professionalId: integer('professional_id').references(() => professionals.id),
    status: text('status').notNull().default('PENDING'),
    arquivo: text('arquivo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_uuid_key').on(t.uuid),
    index('referrals_beneficiary_status_idx').on(t.beneficiaryId, t.status),
    // The list newest first, ties by id, whole or filtered by status: a page's ids from the index alone (migration 0034).
    index('referrals_created_id_idx').on(t.createdAt, t.id),
    index('referrals_status_created_id_idx').on(t.status, t.createdAt, t.id),
    check('referrals_status_check', sql`status in ('PENDING', 'SCHEDULED', 'COMPLETED', 'NON_SCHEDULABLE')`),
  ],
);

/**
 * The number of referrals per status, so the list's total without filters (or by status alone) never
 * counts the table. The database keeps it (statement triggers on `referrals`, migration 0029): the
 * application never writes it.
 */
export const referralCounts = pgTable('referral_counts', {
  status: text('status').primaryKey(),
  referrals: integer('referrals').notNull(),
});

/**
 * Appointments of the `local` provider. The database is what makes booking atomic (migration 0011):
 * two exclusion constraints (btree_gist), `appointments_beneficiary_overlap` and
 * `appointments_professional_overlap`, refuse a second active (not cancelled) appointment of one
 * beneficiary or one professional overlapping another in time; the partial unique index lets a
 * referral hold one active appointment; the trigger `appointments_professional_on_roster` refuses a
 * scheduled appointment with a removed professional. Drizzle cannot describe the first three kinds:
 * they live in the migration only.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    professionalId: integer('professional_id')
      .notNull()
      .references(() => professionals.id),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
    referralId: integer('referral_id').references(() => referrals.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('SCHEDULED'),
    /** ONLINE or PRESENTIAL. */
    type: text('type').notNull().default('ONLINE'),
    approveAdditionalPayment: boolean('approve_additional_payment').notNull().default(false),
    beneficiaryUrl: text('beneficiary_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointments_uuid_key').on(t.uuid),
    uniqueIndex('appointments_referral_key')
      .on(t.referralId)
      .where(sql`status <> 'CANCELED' and referral_id is not null`),
    // The agenda's order, ties by id newest first, from the index alone (migration 0036).
    index('appointments_starts_id_idx').on(t.startsAt, t.id, t.status),
    index('appointments_starts_id_desc_idx').on(t.startsAt, t.id.desc(), t.status),
    index('appointments_professional_starts_idx').on(t.professionalId, t.startsAt),
    // A patient's appointments, and the agenda filtered by patient in date order, its count and page
    // ids from the index alone (migration 0033, replacing 0027's without status and id).
    index('appointments_beneficiary_agenda_idx').on(t.beneficiaryId, t.startsAt, t.status, t.id),
    // The agenda filtered by status, in date order.
    index('appointments_status_starts_idx').on(t.status, t.startsAt),
    check('appointments_status_check', sql`status in ('SCHEDULED', 'FINISHED', 'UNFINISHED', 'CANCELED', 'DONE')`),
    check('appointments_interval_check', sql`ends_at > starts_at`),
  ],
);

/**
 * The number of appointments per status, so the agenda's total without filters (or by status alone)
 * never counts the table. The database keeps it (statement triggers on `appointments`, migration
 * 0028): the application never writes it.
 */
export const appointmentCounts = pgTable('appointment_counts', {
  status: text('status').primaryKey(),
  appointments: integer('appointments').notNull(),
});
