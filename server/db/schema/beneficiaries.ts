import { sql, type SQL } from 'drizzle-orm';
import { nameOrder } from '../../lib/nameOrder';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, partners, resellers } from './accounts';

/**
 * Holders and dependents. A dependent points at its holder; the API shows the holder's CPF as `holder`.
 * A dependent is active only while its holder is: triggers of migration 0011 inactivate a holder's
 * dependents with it and refuse an active dependent under an inactive holder.
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    phone: text('phone'),
    email: text('email'),
    zipCode: text('zip_code'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    paymentType: text('payment_type').notNull().default('S'),
    serviceType: text('service_type').notNull().default('G'),
    holderId: integer('holder_id').references((): AnyPgColumn => beneficiaries.id),
    /** The reseller who sold it; null when staff created it. */
    resellerId: integer('reseller_id').references(() => resellers.id),
    /**
     * Whose record it is: the partner and branch of its reseller (a database trigger keeps them so,
     * and moves them with the reseller), or of the partner or branch user who created it; both null
     * for the house's own (created by an administrator, or sold without a valid sales link).
     */
    partnerId: integer('partner_id').references(() => partners.id),
    branchId: integer('branch_id').references(() => branches.id),
    isActive: boolean('is_active').notNull().default(true),
    /** The beneficiary's id at the telemedicine provider, when it is not our own database. */
    providerUuid: text('provider_uuid'),
    /**
     * A holder's group's name keys (its own, then its dependents', one a line), for the name filter that
     * keeps groups whole; null on a dependent. The database keeps it (triggers, migrations 0026, 0040).
     */
    groupNames: text('group_names'),
    /** The name's sort key, lower case without accents (server/lib/nameOrder.ts): every list orders beneficiaries by it. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => nameOrder(beneficiaries.name)),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('beneficiaries_uuid_key').on(t.uuid),
    // A CPF is unique within a partner (the house's records counting as one partner), not across them.
    unique('beneficiaries_partner_cpf_key').on(t.partnerId, t.cpf).nullsNotDistinct(),
    index('beneficiaries_cpf_idx').on(t.cpf),
    index('beneficiaries_branch_idx').on(t.branchId),
    index('beneficiaries_holder_idx').on(t.holderId),
    index('beneficiaries_reseller_idx').on(t.resellerId),
    index('beneficiaries_provider_uuid_idx').on(t.providerUuid),
    // The patient picker's first matches in name order (migration 0039).
    index('beneficiaries_name_idx').on(t.nameKey, t.id),
    // 'Nome contém' ('%…%' on the folded name, migration 0040) at 100k rows: trigrams (pg_trgm). Without
    // fastupdate each insert goes into the index itself, not into a pending list every search must
    // scan (up to 4 MB: a 1 ms search took 6-8 ms with the seed's dependents still pending).
    index('beneficiaries_name_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')).with({ fastupdate: false }),
    // 'CPF contém' (the agenda's patient and the referrals' search), from trigrams too (migration 0016).
    index('beneficiaries_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')).with({ fastupdate: false }),
    // A holder and its dependents (the group the name filter keeps whole), found by the group's key.
    index('beneficiaries_group_idx').on(sql`coalesce(${t.holderId}, ${t.id})`),
    // The holders' page in name order reads just the page.
    index('beneficiaries_holder_name_idx')
      .on(t.nameKey, t.id)
      .where(sql`holder_id is null`),
    // A partner's holders in name order, deep pages too, from the index alone (migration 0015).
    index('beneficiaries_partner_holder_name_idx')
      .on(t.partnerId, t.nameKey, t.id)
      .where(sql`holder_id is null`),
    // 'Nome contém' on the holders' group names (migration 0026).
    index('beneficiaries_group_names_trgm_idx')
      .using('gin', t.groupNames.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(sql`holder_id is null`),
  ],
);

/**
 * The number of holders per partner, branch and reseller (0 for none), so the list's totals never
 * count the table. The database keeps it (statement triggers on `beneficiaries`, migration 0015): the
 * application never writes it.
 */
export const beneficiaryHolderCounts = pgTable(
  'beneficiary_holder_counts',
  {
    partnerKey: integer('partner_key').notNull(),
    branchKey: integer('branch_key').notNull(),
    resellerKey: integer('reseller_key').notNull(),
    holders: integer('holders').notNull(),
  },
  (t) => [primaryKey({ name: 'beneficiary_holder_counts_pk', columns: [t.partnerKey, t.branchKey, t.resellerKey] })],
);

/**
 * The holders in the list's order (name, then id) cut into segments of about a thousand: each starts
 * at a mark (a holder's name and id when last rebuilt) and counts the holders from it to the next. A
 * deep page starts at the last mark before it and skips within one segment (migration 0035; kept by
 * the database's triggers, rebuilt by holder_name_segments_rebuild when they drift).
 */
export const holderNameSegments = pgTable(
  'holder_name_segments',
  {
    position: integer('position').primaryKey(),
    nameKey: text('name_key').notNull(),
    id: integer('id').notNull(),
    holders: integer('holders').notNull(),
  },
  (t) => [index('holder_name_segments_mark_idx').on(t.nameKey, t.id)],
);

/**
 * The statistics ANALYZE keeps of the words of the holders' group names (migration 0047): how common
 * a word is, for the name filters (server/lib/commonWords.ts, rarestLetters.ts).
 */
export const GROUP_NAME_WORD_STATISTICS = 'beneficiary_group_name_words';

/** One row per sale: the plan, the amount charged and when; attributed to a reseller when the sales link was valid. */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    beneficiaryId: integer('beneficiary_id').references(() => beneficiaries.id),
    resellerId: integer('reseller_id').references(() => resellers.id),
    /** The plan id: consulta_avulsa, plano_individual or plano_individual_premium. */
    tipo: text('tipo').notNull(),
    valor: numeric('valor', { precision: 10, scale: 2 }).notNull(),
    dataHora: timestamp('data_hora', { withTimezone: true }).notNull().defaultNow(),
    /** paid | refunded | chargeback, kept current by the payment gateway's webhooks. */
    status: text('status').notNull().default('paid'),
    /** card | pix: how the buyer paid (src/domain/paymentMethods.ts). */
    paymentMethod: text('payment_method').notNull().default('card'),
    /**
     * The reseller's partner and branch, kept by the database (migration 0024) as they move: the
     * report of a partner or branch reads its own sales by date from their indexes.
     */
    partnerId: integer('partner_id'),
    branchId: integer('branch_id'),
  },
  (t) => [
    index('sales_reseller_time_idx').on(t.resellerId, t.dataHora),
    index('sales_partner_time_idx').on(t.partnerId, t.dataHora),
    index('sales_branch_time_idx').on(t.branchId, t.dataHora),
    index('sales_time_idx').on(t.dataHora),
    index('sales_beneficiary_idx').on(t.beneficiaryId),
  ],
);
