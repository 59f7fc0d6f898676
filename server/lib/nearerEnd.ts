import type { ListTotal } from './boundedCount';
import type { KeyPart } from './keyset';

/** Pages this near the start are read forward beside their count: nothing to skip worth knowing the total first. */
const SHALLOW_OFFSET = 1000;

/** Whether a page starts near enough to the list's start to be read forward without its exact total. */
export const isShallow = (offset: number) => offset < SHALLOW_OFFSET;

/** The same order read from its end: each part turned round (NULLs too, as PostgreSQL sorts them the other way then). */
export const reversedKey = (parts: KeyPart[]): KeyPart[] =>
  parts.map((part) => ({ ...part, direction: part.direction === 'asc' ? 'desc' : 'asc' }));

/**
 * A page of a list read from whichever end is nearer: past the middle it is read in the reverse order
 * at the offset from the end and turned round, so the last page costs what the first does and no page
 * skips more than half the list. `read(reversed, limit, offset)` reads rows in the list's order, or in
 * its exact reverse (reversedKey); `count` is the list's exact total, asked first for a deep page.
 */
export async function pageFromNearerEndOf<T>(
  page: { limit: number; offset: number },
  read: (reversed: boolean, limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const forward = () => read(false, page.limit, page.offset);
  if (isShallow(page.offset)) {
    const [rows, total] = await Promise.all([forward(), count()]);
    return { rows, total };
  }
  const total = await count();
  if (page.offset >= total) return { rows: [], total };
  const fromEnd = total - page.offset - page.limit;
  if (fromEnd >= page.offset) return { rows: await forward(), total };
  const rows = await read(true, Math.min(page.limit, total - page.offset), Math.max(0, fromEnd));
  return { rows: rows.reverse(), total };
}

/**
 * A page this far into a list's estimated total, at most, is read forward without the exact count:
 * well short of the middle, so an estimate off by a fifth still puts it in the first half.
 */
const SURELY_FIRST_HALF = 0.4;

/**
 * A page of a list whose exact total may cost a count of every matching row (the agenda, the
 * referrals). Its total is `bounded`'s: exact from counts the database keeps or up to a thousand
 * rows, otherwise the planner's estimate (boundedCount), shown as "cerca de". An exact total places a
 * deep page at once, read from the nearer end; by an estimate, a page well inside the first half is
 * read forward with no exact count, and only one near the middle or past it asks `exact`.
 */
export async function pageOfCountedList<T>(
  page: { limit: number; offset: number },
  read: (reversed: boolean, limit: number, offset: number) => Promise<T[]>,
  bounded: () => Promise<ListTotal>,
  exact: () => Promise<number>,
): Promise<{ rows: T[] } & ListTotal> {
  const forward = () => read(false, page.limit, page.offset);
  if (isShallow(page.offset)) {
    const [rows, total] = await Promise.all([forward(), bounded()]);
    return { rows, ...total };
  }
  const total = await bounded();
  // An exact total (a short list, or counts the database keeps) places the page: past the middle it is read from the end.
  if (!total.estimated) return { ...(await pageFromNearerEndOf(page, read, async () => total.total)), estimated: false };
  if (page.offset + page.limit <= total.total * SURELY_FIRST_HALF) {
    const rows = await forward();
    if (rows.length === page.limit) return { rows, ...total };
    // The list ended sooner than its estimate said: the rows are right, the total is counted.
    return { rows, total: await exact(), estimated: false };
  }
  const { rows, total: exactTotal } = await pageFromNearerEndOf(page, read, exact);
  return { rows, total: exactTotal, estimated: false };
}
