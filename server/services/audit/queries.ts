import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_TEXTS, type AuditEntryView } from '../../../src/domain/audit';
import { USER_TYPES } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { UNPREPARED } from '../../db/preparedStatements';
import { auditActorNames, auditLog } from '../../db/schema';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../lib/httpErrors';
import { orderOfKey, type KeyPart, type Keyset, type KeyValues } from '../../lib/keyset';
import { boundedCount, type ListTotal, type PreparedCount } from '../../lib/boundedCount';
import { pageOfCountedList, reversedKey } from '../../lib/nearerEnd';
import { containsPattern, textFilter } from '../../lib/listQuery';
import { keyContains } from '../../lib/nameOrder';
import { sqlLiteral } from '../../lib/sqlLiteral';

export interface AuditFilters {
  /** Inclusive days (YYYY-MM-DD), in the portal's time zone. */
  from?: string;
  to?: string;
  /** Part of the account's name. */
  user?: string;
  userType?: string;
  action?: string;
  entity?: string;
}

const TIME_ZONE = 'America/Sao_Paulo';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** '2025-02-31' matches the pattern but is no day (the database would reject it). */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function dayFilter(query: unknown, name: 'from' | 'to'): string | undefined {
  const value = textFilter(query, name);
  if (value === undefined) return undefined;
  if (!DAY.test(value) || !isCalendarDay(value)) throw badRequest(AUDIT_TEXTS.invalidDate(name));
  return value;
}

function oneOf(query: unknown, name: string, allowed: readonly string[]): string | undefined {
  const value = textFilter(query, name);
  if (value !== undefined && !allowed.includes(value)) throw badRequest(`Filtro ${name} inválido.`);
  return value;
}

/** The screen's filters from the query string; anything malformed is a 400. */
export function auditFiltersOf(query: unknown): AuditFilters {
  const filters: AuditFilters = {
    from: dayFilter(query, 'from'),
    to: dayFilter(query, 'to'),
    user: textFilter(query, 'user'),
    userType: oneOf(query, 'userType', USER_TYPES),
    action: oneOf(query, 'action', AUDIT_ACTIONS),
    entity: oneOf(query, 'entity', AUDIT_ENTITIES),
  };
  if (filters.from && filters.to && filters.from > filters.to) throw badRequest(AUDIT_TEXTS.invalidPeriod);
  return filters;
}

const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${TIME_ZONE}`;

/**
 * The folded user names in the trail that contain `text` (accents and case aside), from the table of
 * its names a trigger keeps (migration 0042): a few thousand rows, not the millions of the trail.
 * Distinct: two transactions writing a new name at once may both have added it (migration 0043).
 */
async function actorKeysContaining(db: Database, text: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: auditActorNames.nameKey })
    .from(auditActorNames)
    .where(keyContains(auditActorNames.nameKey, containsPattern(text)));
  return rows.map((row) => row.name);
}

/** The filters as the trail's queries take them: a user's name given as the folded names in the trail that contain it. */
export type AuditSelection = Omit<AuditFilters, 'user'> & { user?: { text: string; keys: readonly string[] } };

export async function auditSelectionOf(db: Database, filters: AuditFilters): Promise<AuditSelection> {
  const { user, ...others } = filters;
  return user === undefined ? others : { ...others, user: { text: user, keys: await actorKeysContaining(db, user) } };
}

/** Past this many names, the user filter compares the text itself: a name so common matches rows soon in date order. */
const MOST_INLINED_NAMES = 200;

/** The user filter: the names written in (at most MOST_INLINED_NAMES), or the text compared with each row's key. */
function userCondition(user: NonNullable<AuditSelection['user']>): SQL {
  if (user.keys.length === 0) return sql`false`;
  if (user.keys.length > MOST_INLINED_NAMES) return keyContains(auditLog.actorKey, containsPattern(user.text));
  const names = user.keys.map((key) => sql.raw(sqlLiteral(key)));
  return sql`${auditLog.actorKey} in (${sql.join(names, sql`, `)})`;
}

/**
 * The filters as one condition. The user's names and the chosen type, action and entity are written
 * into the query's text, not sent as parameters, and the query is marked UNPREPARED: a repeated
 * query is otherwise planned once for any value (a prepared statement's generic plan). So planned,
 * the user filter read a million rows by date (1.3 s) instead of the user's rows from their index,
 * and a rarer action walked the trail by date instead of reading its own index, which 'view' is left
 * out of (migration 0042). Every literal is a value the filters checked or a name the trail holds (a
 * name its account's owner typed), written by sqlLiteral.
 */
function conditions(filters: AuditSelection): SQL | undefined {
  const writtenIn = filters.user || filters.userType || filters.action || filters.entity;
  return and(
    writtenIn ? sql.raw(`${UNPREPARED} true`) : undefined,
    filters.from ? gte(auditLog.createdAt, startOfDay(filters.from)) : undefined,
    filters.to ? lt(auditLog.createdAt, sql`(${filters.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`) : undefined,
    filters.user ? userCondition(filters.user) : undefined,
    filters.userType ? sql`${auditLog.actorType} = ${sql.raw(sqlLiteral(filters.userType))}` : undefined,
    filters.action ? sql`${auditLog.action} = ${sql.raw(sqlLiteral(filters.action))}` : undefined,
    filters.entity ? sql`${auditLog.entity} = ${sql.raw(sqlLiteral(filters.entity))}` : undefined,
  );
}

const columns = {
  id: auditLog.id,
  actorType: auditLog.actorType,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  summary: auditLog.summary,
  ipAddress: auditLog.ipAddress,
  createdAt: auditLog.createdAt,
};

/** A row as `columns` selects it (the stored name key aside). */
type AuditRow = Omit<typeof auditLog.$inferSelect, 'actorKey'>;

const toView = (row: AuditRow): AuditEntryView => ({ ...row, createdAt: row.createdAt.toISOString() }) as AuditEntryView;

/** A batch of the filtered trail for the CSV export, in the list's order after the row whose key is `after` (see keyset). */
export async function auditBatch(
  db: Database,
  filters: AuditSelection,
  key: Keyset,
  limit: number,
  after: KeyValues | undefined,
): Promise<(AuditEntryView & { keyset: KeyValues })[]> {
  const rows = await db
    .select({ ...columns, keyset: key.field })
    .from(auditLog)
    .where(and(conditions(filters), key.after(after)))
    .orderBy(...key.orderBy)
    .limit(limit);
  return rows.map(({ keyset, ...row }) => ({ ...toView(row), keyset }));
}

/**
 * The trail's rows under `where`, for boundedCount: counted up to its limit, never all of them. The
 * trail grows with every page of patients shown (a 'view' row each), so it soon holds millions of rows.
 */
function auditRows(db: Database, filters: AuditSelection, where: SQL | undefined): PreparedCount {
  const ids = () => db.select({ id: auditLog.id }).from(auditLog).where(where).$dynamic();
  return {
    key: `audit\u0000${JSON.stringify(filters)}`,
    async countUpTo(limit) {
      const [{ total }] = await db.select({ total: count() }).from(ids().limit(limit).as('capped'));
      return total;
    },
    rows: ids,
  };
}

/** Up to this many names matching the user filter, its page is merged from each name's first rows. */
const MOST_MERGED_NAMES = 20;

/**
 * The trail's rows as parts whose first rows in the page's order each come from an index, when a
 * plain read would walk the whole trail (undefined otherwise); the parts select each row once.
 * - The user filter matching several names (2 to MOST_MERGED_NAMES): a part a name, from its rows in
 *   date order (the actor_key index). For all the names at once, PostgreSQL walked the whole trail by
 *   date checking each row's name (3,900 rows for three names at a million rows, 170 ms from disk).
 * - Sorted by action, no action chosen: the actions other than 'view' (their partial index is in that
 *   order, migration 0042) and the views (most of the trail, soon found by date). Read whole, the
 *   trail was sorted: 208 ms at a million rows (bench/README.md). By entity, the same with the
 *   beneficiaries' rows (migration 0046).
 */
function partsOf(filters: AuditSelection, key: KeyPart[]): SQL[] | undefined {
  const names = filters.user?.keys ?? [];
  if (names.length > 1 && names.length <= MOST_MERGED_NAMES)
    return names.map((name) => conditions({ ...filters, user: { text: name, keys: [name] } })!);
  const leading = key[0].column;
  // The commonest value written in: prepared with a parameter, the partial index could not be proved to apply.
  const apart = (column: AnyPgColumn, commonest: string) => [
    and(conditions(filters), sql`${column} <> ${sql.raw(sqlLiteral(commonest))}`)!,
    and(conditions(filters), sql`${column} = ${sql.raw(sqlLiteral(commonest))}`)!,
  ];
  if (leading === auditLog.action && !filters.action) return apart(auditLog.action, 'view');
  if (leading === auditLog.entity && !filters.entity) return apart(auditLog.entity, 'beneficiary');
  return undefined;
}

/**
 * A page in `order` of the rows `parts` select: each part's first `offset + limit` rows, merged and
 * cut to the page (union all). Every part is read in the page's order, from its own index.
 */
async function pageOfParts(db: Database, parts: SQL[], order: () => SQL[], limit: number, offset: number) {
  // The merged rows carry the name's key: the order by name sorts them by it.
  const [first, second, ...rest] = parts.map((part) =>
    db
      .select({ ...columns, actorKey: auditLog.actorKey })
      .from(auditLog)
      .where(part)
      .orderBy(...order())
      .limit(offset + limit),
  );
  const rows = await unionAll(first, second, ...rest)
    .orderBy(...order())
    .limit(limit)
    .offset(offset);
  return rows.map(({ actorKey: _, ...row }) => row);
}

/**
 * One page of the trail in the order `key` (newest first by default), with its total for the pager:
 * exact up to a thousand rows, otherwise the planner's estimate ('cerca de', boundedCount). The trail
 * is counted whole only for a page near the middle of a large trail or past its estimate
 * (pageOfCountedList); the first pages, the last ones and every filter's first page never are.
 */
export async function listAudit(
  db: Database,
  filters: AuditSelection,
  page: { limit: number; offset: number; key: KeyPart[] },
): Promise<{ rows: AuditEntryView[] } & ListTotal> {
  const where = conditions(filters);
  const parts = partsOf(filters, page.key);
  const { rows, ...total } = await pageOfCountedList(
    page,
    (reversed, limit, offset) => {
      const order = () => orderOfKey(reversed ? reversedKey(page.key) : page.key);
      if (parts) return pageOfParts(db, parts, order, limit, offset);
      return db
        .select(columns)
        .from(auditLog)
        .where(where)
        .orderBy(...order())
        .limit(limit)
        .offset(offset);
    },
    () => boundedCount(db, auditRows(db, filters, where)),
    async () => (await db.select({ total: count() }).from(auditLog).where(where))[0].total,
  );
  return { rows: rows.map(toView), ...total };
}

export const AUDIT_SORTS = {
  createdAt: auditLog.createdAt,
  // By name without accents or case, as every list: its stored key (migration 0042).
  actorName: auditLog.actorKey,
  action: auditLog.action,
  entity: auditLog.entity,
};
/** Newest first, the unique id last so an export can resume after a row. */
export const AUDIT_DEFAULT_KEY: KeyPart[] = [
  { column: auditLog.createdAt, direction: 'desc' },
  { column: auditLog.id, direction: 'desc' },
];
export const AUDIT_DEFAULT_ORDER = orderOfKey(AUDIT_DEFAULT_KEY);

/** The most recent rows about one record (the beneficiary's details dialog). */
export async function recentForRecord(db: Database, entity: string, entityId: string, limit = 10): Promise<AuditEntryView[]> {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(toView);
}
