import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointments } from '../../../db/schema';
import type { KeyPart } from '../../../lib/keyset';
import { reversedKey } from '../../../lib/nearerEnd';
import { conditionsShape, placeholdersFor } from '../../../lib/preparedList';
import type { AppointmentSortColumn, PageRequest } from '../types';
import { agendaCondition, type AgendaValues } from './agendaConditions';
import { SORTS } from './appointmentRows';

export type Sort = NonNullable<PageRequest<AppointmentSortColumn>['sort']>;

/*
 * The agenda's page and counts are each prepared once per shape (db/queryShapes.ts) and executed with
 * their values: drizzle otherwise builds their text anew on every request. A shape names all that
 * changes the text: which filters are given, the part of the agenda or the sort, the direction it is
 * read in, and whether the page starts at an offset.
 */

/** A condition on the agenda, built with placeholders: `shape` names its text, `values` fill it. */
export interface Condition {
  shape: string;
  values: Record<string, unknown>;
  where(): SQL | undefined;
}

/** A read of the agenda: rows under a condition, in `key`'s order, with the table `sort` needs joined. */
export interface Read extends Condition {
  key: KeyPart[];
  sort?: Sort;
}

/** The request's filters as a Condition. */
export const filteredBy = (db: Database, values: AgendaValues): Condition => ({
  shape: conditionsShape('appointments', values),
  values,
  where: () => agendaCondition(db, placeholdersFor(values)),
});

/** 'now', given as ISO text on each execution. */
export const sqlNow = sql`${sql.placeholder('now')}::timestamptz`;

/** A chosen sort's order: its column, ties by id, newest first (the rest of the list uses agendaPage's order). */
const keyOfSort = (sort: Sort): KeyPart[] => [
  { column: SORTS[sort.column].column, direction: sort.direction },
  { column: appointments.id, direction: 'desc' },
];

/** The agenda in a chosen sort's order, or (`reversed`) read from its end. */
export const sortedRead = (condition: Condition, sort: Sort, reversed: boolean): Read => ({
  ...condition,
  shape: `${condition.shape}; by ${sort.column} ${sort.direction}${reversed ? ', from the end' : ''}`,
  key: reversed ? reversedKey(keyOfSort(sort)) : keyOfSort(sort),
  sort,
});
