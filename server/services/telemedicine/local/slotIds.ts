import { createHash } from 'node:crypto';

/**
 * What an offered slot's uuid carries: the specialty, the start (minutes since the epoch) and the
 * length. Booking decodes it and checks everything again against the schedules and bookings, so a
 * made-up id can at most name a time that is really free. The checksum only catches garbled ids.
 *
 * Layout (a version-8 UUID): ssssssss-llll-8ccc-8ccc-tttttttttttt
 * s = specialty id, l = minutes, c = checksum, t = start in minutes since the epoch.
 */
export interface SlotId {
  specialtyId: number;
  startsAt: Date;
  minutes: number;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

function checksum(specialtyId: number, startMinutes: number, minutes: number): string {
  return createHash('sha256').update(`slot:${specialtyId}:${startMinutes}:${minutes}`).digest('hex').slice(0, 6);
}

export function encodeSlotId(slot: SlotId): string {
  const startMinutes = Math.floor(slot.startsAt.getTime() / 60_000);
  const check = checksum(slot.specialtyId, startMinutes, slot.minutes);
  return `${hex(slot.specialtyId, 8)}-${hex(slot.minutes, 4)}-8${check.slice(0, 3)}-8${check.slice(3)}-${hex(startMinutes, 12)}`;
}

const SLOT_ID = /^([0-9a-f]{8})-([0-9a-f]{4})-8([0-9a-f]{3})-8([0-9a-f]{3})-([0-9a-f]{12})$/;

/** The slot an id names, or undefined when it is not one of ours. */
export function decodeSlotId(id: unknown): SlotId | undefined {
  if (typeof id !== 'string') return undefined;
  const match = SLOT_ID.exec(id.trim().toLowerCase());
  if (!match) return undefined;
  const specialtyId = parseInt(match[1], 16);
  const minutes = parseInt(match[2], 16);
  const startMinutes = parseInt(match[5], 16);
  if (checksum(specialtyId, startMinutes, minutes) !== match[3] + match[4] || minutes <= 0) return undefined;
  return { specialtyId, minutes, startsAt: new Date(startMinutes * 60_000) };
}
