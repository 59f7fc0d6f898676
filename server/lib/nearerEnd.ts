import type { SQL } from 'drizzle-orm';
import { orderOfKey, type KeyPart } from './keyset';

/** Pages this near the start are read forward beside their count: nothing to skip worth knowing the total first. */
const SHALLOW_OFFSET = 1000;

/** Whether a page starts near enough to the list's start to be read forward without its exact total. */
export const isShallow = (offset: number) => offset < SHALLOW_OFFSET;

/** The same order read from its end: each part turned round (NULLs too, as PostgreSQL sorts them the other way then). */
export const reversedKey = (parts: KeyPart[]): KeyPart[] =>
  parts.map((part) => ({ ...part, direction: part.direction === 'asc' ? 'desc' : 'asc' }));

/**
 * A page of a list in the order `key`, read from whichever end is nearer: past the middle it is read
 * in the reverse order at the offset from the end and turned round, so the last page costs what the
 * first does and no page skips more than half the list. `read(orderBy, limit, offset)` reads rows in
 * the given order; `count` is the list's exact total, asked first for a deep page.
 */
export function pageFromNearerEnd<T>(
  key: KeyPart[],
  page: { limit: number; offset: number },
  read: (orderBy: SQL[], limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  return pageFromNearerEndOf(page, (reversed, limit, offset) => read(orderOfKey(reversed ? reversedKey(key) : key), limit, offset), count);
}

/**
 * pageFromNearerEnd for an order that is not one key (the agenda's coming-then-past order):
 * `read(reversed, limit, offset)` reads rows in the order, or in its exact reverse.
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
