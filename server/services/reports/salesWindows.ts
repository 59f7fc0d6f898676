import { and, gt, gte, lt, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { lastMonths } from '../../../src/domain/report';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { sales, salesDays, salesHours, salesPartnerDays } from '../../db/schema';
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
  placeholdersOf,
  reportConditionsOnSales,
  rollupSaleConditions,
  shapeOf,
  sumTotal,
  wholeBusiness,
  ZONE,
  type ReportValues,
  type SaleValues,
} from './reportConditions';

/**
 * The report's sums of the last 30 and 7 days. The rollups hold whole days (and, for the whole
 * business, hours): only the instants the calendar cannot express are read from `sales`, where a
 * window starts, within its hour for the whole business, within its day for a partner (from the
 * partner's own sales: migration 0024). Each query is prepared once per shape (db/queryShapes.ts).
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

/** A sum over the windows' first days: of `column` over the rows of `table` where `where` holds and in a window's `part`. */
interface FirstDaySum {
  /** The query's name in its shape, with its conditions' shape (shapeOf). */
  shape: string;
  table: PgTable;
  column: SQLWrapper;
  /** The conditions, built from placeholders. */
  where: () => Array<SQL | undefined>;
  /** The rows of a window's first day from its starting instant. */
  part: (start: Placeholder) => SQL;
}

/**
 * Each window's sum. Under a month filter, a window whose first day is outside that month has
 * nothing there (its first day's sales are all outside the month) and is not read; with neither window
 * left, nothing is (a 65 ms read of a partner's month at the xl size, for nothing). Which windows are
 * read changes the text: it is in the shape.
 */
async function windowSums(db: Database, sum: FirstDaySum, values: SaleValues, starts: WindowStarts): Promise<WindowSums> {
  const month = filteredMonth(values);
  const read = WINDOWS.filter((window) => !month || lastMonths(starts[window], 1)[0] === month);
  if (read.length === 0) return { last30: 0, last7: 0 };
  const query = oncePerShape(db, `${sum.shape}, windows ${read.join(' ')}`, () => {
    const sumOf = (window: Window) =>
      read.includes(window) ? sql<string>`coalesce(sum(${sum.column}) filter (where ${sum.part(startOf(window))}), 0)` : sql<string>`0`;
    return db
      .select({ last30: sumOf('last30'), last7: sumOf('last7') })
      .from(sum.table)
      .where(and(...sum.where(), or(...read.map((window) => sum.part(startOf(window))))));
  });
  const [sums] = await query.execute({ ...values, ...startValues(starts) });
  return { last30: money(sums.last30), last7: money(sums.last7) };
}

/**
 * The sales of each window's first day from its starting instant (the rollups hold whole days), where
 * `where` (built from placeholders for `values`) holds; `shape` names those conditions.
 */
export const firstDayParts = (db: Database, shape: string, where: () => SQL[], values: SaleValues, starts: WindowStarts) =>
  windowSums(
    db,
    {
      shape: `reports: windows' first days from sales, ${shape}`,
      table: sales,
      column: sales.valor,
      where,
      part: (start) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, dayAfter(start)))!,
    },
    values,
    starts,
  );

/** A São Paulo local time (timestamp without time zone) as an instant. */
const instantOfLocal = (local: SQL) => sql`(${local} at time zone ${ZONE})`;
/** The local hour after the one an instant falls in, and the local day after its day. */
const localHourAfter = (start: Placeholder) => sql`(date_trunc('hour', ${instant(start)} at time zone ${ZONE}) + interval '1 hour')`;
const localDayAfter = (start: Placeholder) => sql`((${instant(start)} at time zone ${ZONE})::date + 1)::timestamp`;

/**
 * firstDayParts for the whole business: the whole hours of each window's first day from the hourly
 * rollup, and only the sales of the hour the window starts in (a few hundred at the xl size, not the
 * first day's 14,000).
 */
async function firstDayPartsByHour(db: Database, type: Principal['type'], values: ReportValues, starts: WindowStarts): Promise<WindowSums> {
  const hours = salesHours;
  const shape = shapeOf(type, values);
  const [fromHours, fromSales] = await Promise.all([
    windowSums(
      db,
      {
        shape: `reports: windows' first days from hours, ${shape}`,
        table: hours,
        column: hours.total,
        where: () => rollupSaleConditions(hours, placeholdersOf(values)),
        part: (start) => and(gte(hours.hour, localHourAfter(start)), lt(hours.hour, localDayAfter(start)))!,
      },
      values,
      starts,
    ),
    windowSums(
      db,
      {
        shape: `reports: windows' first hours from sales, ${shape}`,
        table: sales,
        column: sales.valor,
        where: () => reportConditionsOnSales(type, placeholdersOf(values)),
        part: (start) => and(gte(sales.dataHora, instant(start)), lt(sales.dataHora, instantOfLocal(localHourAfter(start))))!,
      },
      values,
      starts,
    ),
  ]);
  return { last30: fromHours.last30 + fromSales.last30, last7: fromHours.last7 + fromSales.last7 };
}

/** At the reseller grain (a branch at most): the windows' sales themselves, through the branch's or the reseller's index. */
async function windowsFromSales(db: Database, type: Principal['type'], values: ReportValues, starts: WindowStarts): Promise<WindowSums> {
  const query = oncePerShape(db, `reports: windows from sales, ${shapeOf(type, values)}`, () =>
    db
      .select({
        last30: sumTotal(sql`${sales.valor}`),
        last7: sql<string>`coalesce(sum(${sales.valor}) filter (where ${sales.dataHora} >= ${instant(startOf('last7'))}), 0)`,
      })
      .from(sales)
      .where(and(...reportConditionsOnSales(type, placeholdersOf(values)), gte(sales.dataHora, instant(startOf('last30'))))),
  );
  const [raw] = await query.execute({ ...values, ...startValues(starts) });
  return { last30: money(raw.last30), last7: money(raw.last7) };
}

/**
 * Sums of the sales since `now` minus 30 and 7 days. At the partner grain: the whole days after each
 * window's first day from the per-day rollup (the whole business's, or per partner), plus that
 * first day from its starting instant. At the reseller grain: windowsFromSales.
 */
export async function windows(db: Database, type: Principal['type'], values: ReportValues, now: Date): Promise<WindowSums> {
  const starts = windowStarts(now);
  if (!atPartnerGrain(type, values)) return windowsFromSales(db, type, values, starts);
  const shape = shapeOf(type, values);
  const whole = wholeBusiness(type, values);
  const wholeDays = oncePerShape(db, `reports: windows' whole days, ${shape}`, () => {
    const keys = placeholdersOf(values);
    const days = whole ? salesDays : salesPartnerDays;
    const dayScope = whole ? rollupSaleConditions(salesDays, keys) : partnerConditions(salesPartnerDays, type, keys);
    return db
      .select({
        last30: sumTotal(days.total),
        last7: sql<string>`coalesce(sum(${days.total}) filter (where ${days.day} > ${dayOf(startOf('last7'))}), 0)`,
      })
      .from(days)
      .where(and(...dayScope, ...inMonthDays(days.day, keys.monthFirstDay), gt(days.day, dayOf(startOf('last30')))));
  });
  const onSales = () => reportConditionsOnSales(type, placeholdersOf(values));
  const [[sums], partial] = await Promise.all([
    wholeDays.execute({ ...values, ...startValues(starts) }),
    whole ? firstDayPartsByHour(db, type, values, starts) : firstDayParts(db, shape, onSales, values, starts),
  ]);
  return { last30: money(sums.last30) + partial.last30, last7: money(sums.last7) + partial.last7 };
}
