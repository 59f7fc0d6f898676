import { notFound } from '../../lib/httpErrors';

/** A record id from the URL; anything but a positive integer is a record that does not exist. */
export function recordId(params: unknown): number {
  const raw = (params as { id?: unknown } | undefined)?.id;
  const id = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}
