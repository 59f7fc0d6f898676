import { sql, type SQL } from 'drizzle-orm';
import { nameOrder } from '../../lib/nameOrder';
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Columns every account table shares: sign-in with e-mail and password, and a version that revokes tokens. */
const accountColumns = () => ({
  email: text('email').notNull(),
  passwordHash: text('senha_hash').notNull(),
  ativo: boolean('ativo').notNull().default(true),
  /** Bumped on password change and inactivation: tokens carrying an older version stop working ('Sair' ends one session: schema/sessions.ts). */
  tokenVersion: integer('token_version').notNull().default(0),
  dataRegistro: timestamp('data_registro', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version of a sales channel's record (migration 0044): every change of its own fields or status
 * adds one, sign-in, logout and token revocations never do. An update sent with an older one is
 * refused (optimistic concurrency: server/lib/recordVersion.ts).
 */
const recordVersion = () => ({ rowVersion: integer('row_version').notNull().default(0) });

export const administrators = pgTable(
  'administrators',
  { id: serial('id').primaryKey(), nome: text('nome').notNull(), ...accountColumns() },
  (t) => [uniqueIndex('administrators_email_key').on(sql`lower(${t.email})`)],
);

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    cnpj: text('cnpj').notNull(),
    agencia: text('agencia'),
    conta: text('conta'),
    digito: text('digito'),
    pix: text('pix'),
    ...accountColumns(),
    ...recordVersion(),
  },
  (t) => [
    uniqueIndex('partners_email_key').on(sql`lower(${t.email})`),
    // A CNPJ identifies one partner.
    uniqueIndex('partners_cnpj_key').on(t.cnpj),
    // Name order: the list, the pickers, and the sales report by partner walking it (migration 0041).
    index('partners_nome_id_idx').on(nameOrder(t.nome), t.id),
  ],
);

/** Logos live apart from partners so lists never carry image bytes. */
export const partnerLogos = pgTable('partner_logos', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('id_parceiro')
      .notNull()
      .references(() => partners.id),
    titulo: text('titulo').notNull(),
    apelido: text('apelido'),
    endereco: text('endereco'),
    ...accountColumns(),
    ...recordVersion(),
  },
  (t) => [
    uniqueIndex('branches_email_key').on(sql`lower(${t.email})`),
    index('branches_partner_idx').on(t.partnerId),
    // Title order: the list, the pickers, and the sales report by branch walking it (migration 0041).
    index('branches_titulo_id_idx').on(nameOrder(t.titulo), t.id),
    // What a reseller's (branch, partner) refers to.
    unique('branches_id_partner_key').on(t.id, t.partnerId),
  ],
);

export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    /**
     * Always the partner of the reseller's branch (the spec's records carry it): the composite foreign
     * key below refuses any other and follows the branch when it moves to another partner.
     */
    partnerId: integer('id_parceiro')
      .notNull()
      .references(() => partners.id),
    branchId: integer('id_filial').notNull(),
    nome: text('nome').notNull(),
    /** The name's key, lower case without accents (server/lib/nameOrder.ts): its order and its filter (migration 0041). */
    nomeKey: text('nome_key')
      .notNull()
      .generatedAlwaysAs((): SQL => nameOrder(resellers.nome)),
    cpf: text('cpf').notNull(),
    cargo: text('cargo'),
    pix: text('pix'),
    ...accountColumns(),
    ...recordVersion(),
  },
  (t) => [
    uniqueIndex('resellers_email_key').on(sql`lower(${t.email})`),
    index('resellers_branch_idx').on(t.branchId),
    index('resellers_partner_idx').on(t.partnerId),
    // The list's default order, name then id, from the index (migrations 0037, 0039, 0041).
    index('resellers_nome_id_idx').on(t.nomeKey, t.id),
    // 'Nome contém' and 'CPF contém' from trigrams (migration 0038), the name's key (0040, 0041).
    index('resellers_nome_trgm_idx').using('gin', t.nomeKey.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('resellers_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')).with({ fastupdate: false }),
    foreignKey({
      name: 'resellers_branch_partner_fk',
      columns: [t.branchId, t.partnerId],
      foreignColumns: [branches.id, branches.partnerId],
    }).onUpdate('cascade'),
  ],
);

/**
 * The number of branches per partner, so the list's total in a scope without filters never counts the
 * table. The database keeps it (statement triggers on `branches`, migration 0032): the application
 * never writes it.
 */
export const branchCounts = pgTable('branch_counts', {
  partnerId: integer('id_parceiro').primaryKey(),
  branches: integer('branches').notNull(),
});

/**
 * The number of resellers per partner and branch, so the list's total in a scope without filters
 * never counts the table. The database keeps it (statement triggers on `resellers`, migration 0030):
 * the application never writes it.
 */
export const resellerCounts = pgTable(
  'reseller_counts',
  {
    partnerId: integer('id_parceiro').notNull(),
    branchId: integer('id_filial').notNull(),
    resellers: integer('resellers').notNull(),
  },
  (t) => [primaryKey({ name: 'reseller_counts_pkey', columns: [t.partnerId, t.branchId] })],
);
