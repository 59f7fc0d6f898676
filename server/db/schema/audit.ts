import { sql, type SQL } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { nameOrder } from '../../lib/nameOrder';

/**
 * The audit trail (LGPD): who read a beneficiary's details and who created, edited, toggled or
 * exported records. Append-only: a trigger (in the migration) refuses UPDATE, and DELETE of rows
 * younger than the retention period, so only the retention purge can remove anything.
 * The summary never carries sensitive data (no CPF, no health data, no password).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** ADMINISTRADOR | PARCEIRO | FILIAL | REVENDEDOR */
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id').notNull(),
    /** The account's name when it acted (kept even if the account is renamed later). */
    actorName: text('actor_name').notNull(),
    /** The name's key, lower case without accents (server/lib/nameOrder.ts): the trail's user sort and filter (migration 0042). */
    actorKey: text('actor_key')
      .notNull()
      .generatedAlwaysAs((): SQL => nameOrder(auditLog.actorName)),
    /** view | create | update | status | delete | export */
    action: text('action').notNull(),
    /** beneficiary | professional | appointment | partner | branch | reseller | parameter */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary'),
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.createdAt),
    // A rarer action's newest rows (migration 0042); the 'view' rows, nearly all, are left out.
    index('audit_log_action_idx')
      .on(t.action, t.createdAt.desc(), t.id.desc())
      .where(sql`action <> 'view'`),
    // The trail sorted by entity, the beneficiaries' rows (nearly all) left out (migration 0046).
    index('audit_log_entity_order_idx')
      .on(t.entity, t.createdAt.desc(), t.id.desc())
      .where(sql`entity <> 'beneficiary'`),
    // A user's rows, newest first, and the trail sorted by user name (migration 0042).
    index('audit_log_actor_key_idx').on(t.actorKey, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The user names the trail holds, folded as its name index is (migration 0042): kept by a trigger on
 * the trail's inserts, read by its user filter (services/audit/queries.ts). No unique key (migration
 * 0043): a transaction writing a new name never waits for another one writing the same name, and the
 * two may both add it, so the names are read distinct.
 */
export const auditActorNames = pgTable(
  'audit_actor_names',
  {
    nameKey: text('name_key').notNull(),
  },
  (t) => [index('audit_actor_names_name_key_idx').on(t.nameKey)],
);

/**
 * The sandbox gateway's own book of charges, keyed by our order id (its `externalReference`):
 * it survives a crash of the portal, so a pending attempt can be looked up like on Asaas.
 */
export const sandboxCharges = pgTable(
  'sandbox_gateway_charges',
  {
    orderId: text('order_id').primaryKey(),
    /** approved | refused */
    outcome: text('outcome').notNull(),
    customerId: text('customer_id'),
    paymentId: text('payment_id'),
    subscriptionId: text('subscription_id'),
    message: text('message'),
    /** What an approved charge took, in reais (rows from before this column have none). */
    value: numeric('value', { precision: 10, scale: 2 }),
    /** A Pix charge's gateway status (PENDING, RECEIVED, DELETED); card rows have none (CONFIRMED). */
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_charges_payment_idx').on(t.paymentId)],
);
