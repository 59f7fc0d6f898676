import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** System parameters edited in 'Configurações do Sistema'; values are text, checked by their kind. */
export const parameters = pgTable('parameters', {
  id: serial('id').primaryKey(),
  parametro: text('parametro').notNull().unique(),
  valor: text('valor').notNull().default(''),
  descricao: text('descricao'),
  /** How the value is checked: url, number, email or text. */
  tipo: text('tipo').notNull().default('text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The parameter's version (migration 0045): a change of its value, description or kind adds one. A
   * value sent with an older one is refused (optimistic concurrency: server/lib/recordVersion.ts).
   */
  rowVersion: integer('row_version').notNull().default(1),
});

/** Every change of a parameter: who, when, the old and the new value. Append-only. */
export const parameterChanges = pgTable('parameter_changes', {
  id: serial('id').primaryKey(),
  parameterId: integer('parameter_id')
    .notNull()
    .references(() => parameters.id),
  changedByType: text('changed_by_type').notNull(),
  changedById: integer('changed_by_id').notNull(),
  changedByName: text('changed_by_name').notNull(),
  oldValue: text('old_value'),
  newValue: text('new_value').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
