import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column rendered as "table"."column" wherever it stands. Drizzle leaves the columns of a
 * single-table select's list unqualified, also inside a correlated subquery placed there, where
 * `"id"` would then name the subquery's own table's column instead of the outer row's.
 */
export const qualified = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
