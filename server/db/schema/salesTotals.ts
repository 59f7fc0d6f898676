import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sales report's rollup: count and sum of the sales it counts (paid, through a reseller), by plan
 * (`tipo`), payment method (card | pix, so that filter reads it too: migration 0023) and São Paulo
 * calendar period, at several grains so every scope reads a few hundred rows whatever the number of
 * sales or partners. The database keeps them (statement triggers on `sales`, and on `resellers` when a
 * reseller changes partner; see migrations 0007, 0023 and 0025): the application never writes them.
 * A key whose sales all went away stays with count 0.
 */
const totals = () => ({
  tipo: text('tipo').notNull(),
  paymentMethod: text('payment_method').notNull(),
  count: integer('count').notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
});

/** Per reseller and month (first day): the branch and reseller scopes, joined to the reseller's current branch. */
export const salesResellerMonths = pgTable(
  'sales_reseller_months',
  { resellerId: integer('reseller_id').notNull(), month: date('month', { mode: 'string' }).notNull(), ...totals() },
  (t) => [primaryKey({ columns: [t.resellerId, t.month, t.tipo, t.paymentMethod] })],
);

/** Per partner (the reseller's current one) and month: the administrator's and partners' figures. */
export const salesPartnerMonths = pgTable(
  'sales_partner_months',
  { partnerId: integer('partner_id').notNull(), month: date('month', { mode: 'string' }).notNull(), ...totals() },
  (t) => [primaryKey({ columns: [t.partnerId, t.month, t.tipo, t.paymentMethod] }), index('sales_partner_months_month_idx').on(t.month)],
);

/**
 * Per partner and day: the last-30 and last-7-day windows of the administrator and partners, read as a
 * range of days (hence the key's order).
 */
export const salesPartnerDays = pgTable(
  'sales_partner_days',
  { day: date('day', { mode: 'string' }).notNull(), partnerId: integer('partner_id').notNull(), ...totals() },
  (t) => [primaryKey({ columns: [t.day, t.partnerId, t.tipo, t.paymentMethod] })],
);

/**
 * The paid sales without a reseller, per month, plan and method: how many the administrator's report
 * shows apart (migration 0021 keeps it the same way).
 */
export const salesUnattributedMonths = pgTable(
  'sales_unattributed_months',
  { month: date('month', { mode: 'string' }).notNull(), ...totals() },
  (t) => [primaryKey({ columns: [t.month, t.tipo, t.paymentMethod] })],
);

/** The same per São Paulo day: the 'Sem revendedor' report's 30- and 7-day windows (migration 0022). */
export const salesUnattributedDays = pgTable(
  'sales_unattributed_days',
  { day: date('day', { mode: 'string' }).notNull(), ...totals() },
  (t) => [primaryKey({ columns: [t.day, t.tipo, t.paymentMethod] })],
);

/**
 * The same sales with no partner in the key (migration 0025): per partner over all time (the
 * administrator's table by partner), and for the whole business per month, per day and per hour
 * (São Paulo's local hour: the part of a window's first day after the hour it starts in).
 */
export const salesPartnerTotals = pgTable('sales_partner_totals', { partnerId: integer('partner_id').notNull(), ...totals() }, (t) => [
  primaryKey({ name: 'sales_partner_totals_pk', columns: [t.partnerId, t.tipo, t.paymentMethod] }),
]);

export const salesMonths = pgTable('sales_months', { month: date('month', { mode: 'string' }).notNull(), ...totals() }, (t) => [
  primaryKey({ name: 'sales_months_pk', columns: [t.month, t.tipo, t.paymentMethod] }),
]);

export const salesDays = pgTable('sales_days', { day: date('day', { mode: 'string' }).notNull(), ...totals() }, (t) => [
  primaryKey({ name: 'sales_days_pk', columns: [t.day, t.tipo, t.paymentMethod] }),
]);

export const salesHours = pgTable('sales_hours', { hour: timestamp('hour', { mode: 'string' }).notNull(), ...totals() }, (t) => [
  primaryKey({ name: 'sales_hours_pk', columns: [t.hour, t.tipo, t.paymentMethod] }),
]);
