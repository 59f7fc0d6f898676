import { and, gt, gte, lt, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { lastMonths } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { sales, salesDays, salesHours, salesPartnerDays } from '../../db/schema';
import { placeholdersFor, type Placeholders } from '../../lib/preparedList';
import type { StatementPart } from '../../lib/statementParts';
import type { Principal } from '../auth/tokens';
import {
  atPartnerGrain,
  dayAfter,
  dayOf,
  filteredMonth,
  inMonthDays,
  instant,
  money,
  partnerConditions,
  reportConditionsOnSales,
  rollupSaleConditions,
  shapeOf,
  sumTotal,
  wholeBusiness,
  ZONE,
  type ReportKeys,
  type ReportValues,
  type SaleValues,
  withoutMonth,
} from './reportConditions';

/**
 * The report's sums of the last 30 and 7 days. The rollups hold whole days (and, for the whole
 * business, hours): only the instants the calendar cannot express are read from `sales`, where a
 * window starts, within its hour for the whole business, within its day for a partner (from the
 * partner's own sales: migration 0024). Each is a StatementPart (lib/statementParts.ts), asked in a
 * statement of its own, prepared once per shape.
 */

const DAY_MS = 86_400_000;
const WINDOWS = ['last30', 'last7'] as const;
type Window = (typeof WINDOWS)[number];

/** Where the report's 30- and 7-day windows start: `now` minus 30 and 7 days. */
export const windowStarts = (now: Date) => ({ last30: new Date(now.getTime() - 30 * DAY_MS), last7: new Date(now.getTime() - 7 * DAY_MS) });

type WindowStarts = ReturnType<typeof windowStarts>;
type WindowSums = Record<Window, number>;

/** A window's starting instant in a prepared query; its value is the instant's ISO text (startValues). */
export const startOf = (window: Window) => sql.placeholder(`${window}Start`);
export const startValues = (starts: WindowStarts) => ({ last30Start: starts.last30.toISOString(), last7Start: starts.last7.toISOString() });

/**
 * A sum over the windows' first days: of `column` over the rows of `table` where `where` holds and in
 * a window's `part`. `where` is given the placeholders of the values but the month filter's
 * (firstDaySubquery): a first day read is in the filtered month (windowsReadIn). Beside the first
 * day's bounds, the month's made the statement's prepared plan, made for any values, walk all of the
 * month's sales by date for a partner's few (5 ms against 0.2 at the large size, bench/README.md).
 */
export interface FirstDaySum<Keys> {
  table: PgTable;
  column: SQLWrapper;
  where: (keys: Keys) => Array<SQL | undefined>;
  /** The rows of a window's first day from its starting instant. */
  part: (start: Placeholder) => SQL;
}

/** The sums of the windows' whole days after their first, as the subquery 'whole_days'. */
type WholeDaysQuery = () => SubqueryWithSelection<Record<Window, SQL.Aliased<string>>, 'whole_days'>;

/**
 * Under a month filter, a window whose first day is outside that month has nothing there (its first
 * day's sales are all outside the month): its first day is not read. Which are read changes the text.
 */
const windowsReadIn = (values: SaleValues, starts: WindowStarts) => {
  const month = filteredMonth(values);
  return WINDOWS.filter((window) => !month || lastMonths(starts[window], 1)[0] === month);
};

/** A FirstDaySum's sums of the windows in `read` (0 for the others), as a subquery named `alias`. */
function firstDaySubquery<Values extends SaleValues>(
  db: Database,
  sum: FirstDaySum<Placeholders<Values>>,
  values: Values,
  read: Window[],
  alias: string,
) {
  const sumOf = (window: Window) =>
    read.includes(window) ? sql<string>`coalesce(sum(${sum.column}) filter (where ${sum.part(startOf(window))}), 0)` : sql<string>`0`;
  return db
    .select({ last30: sumOf('last30').as('last30'), last7: sumOf('last7').as('last7') })
    .from(sum.table)
    .where(and(...sum.where(placeholdersFor(withoutMonth(values))), or(...read.map((window) => sum.part(startOf(window))))))
    .as(alias);
}

/** The window sums a part answers (windowSumsPart, windowsPart): numbers, each rounded to the cent. */
export const windowSumsOf = (answer: unknown): WindowSums => {
  const sums = answer as Record<Window, number>;
  return { last30: money(sums.last30), last7: money(sums.last7) };
};

/** A window sum part's columns. */
const WINDOW_COLUMNS = ['last30', 'last7'];

/**
 * Each window's sum, as one select (a StatementPart: lib/statementParts.ts): its whole days
 * (`wholeDays`, from a per-day rollup) plus its first day's part of each of `firstDays`, cross
 * joined, so the sums cost one select, not one each (bench/README.md). With no window's first day
 * read (a month filter), the whole days alone. `shape` names the conditions'; which first days are
 * read is added to it.
 */
export function windowSumsPart<Values extends SaleValues>(
  db: Database,
  shape: string,
  wholeDays: WholeDaysQuery,
  firstDays: FirstDaySum<Placeholders<Values>>[],
  values: Values,
  starts: WindowStarts,
): StatementPart {
  const read = windowsReadIn(values, starts);
  const build = () => {
    const days = wholeDays();
    const aliases = read.length === 0 ? [] : firstDays.map((_, index) => `first_day_${index}`);
    const parts = aliases.map((alias, index) => firstDaySubquery(db, firstDays[index], values, read, alias));
    // Qualified by hand: drizzle names a subquery's column by its alias alone, ambiguous across the join.
    const total = (window: Window) =>
      sql<string>`${sql.join(
        ['whole_days', ...aliases].map((alias) => sql`${sql.identifier(alias)}.${sql.identifier(window)}`),
        sql` + `,
      )}`;
    return parts.reduce(
      (joined, part) => joined.crossJoin(part),
      db
        .select({ last30: total('last30'), last7: total('last7') })
        .from(days)
        .$dynamic(),
    );
  };
  return {
    shape: `${shape}, first days of ${read.join(' ') || 'no window'}`,
    build,
    columns: WINDOW_COLUMNS,
    answer: 'row',
    values: { ...values, ...startValues(starts) },
  };
}

/** The sales of each window's first day from its starting instant (the rollups hold whole days), where `where` holds. */
export const firstDayOfSales = <Keys>(where: (keys: Keys) => Array<SQL | undefined>): FirstDaySum<Keys> => ({
  table: sales,
  column: sales.valor,
  where,
  part: (start) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, dayAfter(start)))!,
});

/** A São Paulo local time (timestamp without time zone) as an instant. */
const instantOfLocal = (local: SQL) => sql`(${local} at time zone ${ZONE})`;
/** The local hour after the one an instant falls in, and the local day after its day. */
const localHourAfter = (start: Placeholder) => sql`(date_trunc('hour', ${instant(start)} at time zone ${ZONE}) + interval '1 hour')`;
const localDayAfter = (start: Placeholder) => sql`((${instant(start)} at time zone ${ZONE})::date + 1)::timestamp`;

/**
 * The first days of the whole business's windows: their whole hours from the hourly rollup, and only
 * the sales of the hour a window starts in (a few hundred at the xl size, not the first day's 14,000).
 */
const firstDaysByHour = (type: Principal['type']): FirstDaySum<ReportKeys>[] => [
  {
    table: salesHours,
    column: salesHours.total,
    where: (keys) => rollupSaleConditions(salesHours, keys),
    part: (start) => and(gte(salesHours.hour, localHourAfter(start)), lt(salesHours.hour, localDayAfter(start)))!,
  },
  {
    table: sales,
    column: sales.valor,
    where: (keys) => reportConditionsOnSales(type, keys),
    part: (start) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, instantOfLocal(localHourAfter(start))))!,
  },
];

/** At the reseller grain (a branch at most): the windows' sales themselves, through the branch's or the reseller's index. */
function windowsFromSales(db: Database, type: Principal['type'], values: ReportValues, starts: WindowStarts): StatementPart {
  return {
    shape: `reports: windows from sales, ${shapeOf(type, values)}`,
    build: () =>
      db
        .select({
          last30: sumTotal(sql`${sales.valor}`),
          last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(startOf('last7'))}), 0)`,
        })
        .from(sales)
        .where(and(...reportConditionsOnSales(type, placeholdersFor(values)), gte(sales.dataHora, instant(startOf('last30'))))),
    columns: WINDOW_COLUMNS,
    answer: 'row',
    values: { ...values, ...startValues(starts) },
  };
}

/**
 * Sums of the sales since `now` minus 30 and 7 days, as a StatementPart (read with windowSumsOf). At
 * the partner grain: the whole days after each window's first day from the per-day rollup (the whole
 * business's, or per partner), plus that first day from its starting instant (windowSumsPart). At the
 * reseller grain: windowsFromSales.
 */
export function windowsPart(db: Database, type: Principal['type'], values: ReportValues, now: Date): StatementPart {
  const starts = windowStarts(now);
  if (!atPartnerGrain(type, values)) return windowsFromSales(db, type, values, starts);
  const whole = wholeBusiness(type, values);
  const wholeDays = () => {
    const keys = placeholdersFor(values);
    const days = whole ? salesDays : salesPartnerDays;
    const dayScope = whole ? rollupSaleConditions(salesDays, keys) : partnerConditions(salesPartnerDays, type, keys);
    return db
      .select({
        last30: sumTotal(days.total).as('last30'),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(startOf('last7'))}), 0)`.as('last7'),
      })
      .from(days)
      .where(and(...dayScope, ...inMonthDays(days.day, keys.monthFirstDay), gt(days.day, dayOf(startOf('last30')))))
      .as('whole_days');
  };
  const firstDays = whole ? firstDaysByHour(type) : [firstDayOfSales((keys: ReportKeys) => reportConditionsOnSales(type, keys))];
  return windowSumsPart(db, `reports: windows, ${shapeOf(type, values)}`, wholeDays, firstDays, values, starts);
}
