import { createHash } from 'node:crypto';

/**
 * What an offered slot's uuid carries: the professional, the specialty, the start (minutes since
 * the epoch) and the length. Booking decodes it and checks everything again against the schedules
 * and bookings, so a made-up id can at most name a time that is really free. The checksum only
 * catches garbled ids.
 *
 * Layout (a version-8 UUID): pppppppp-ssss-8lll-8ccc-ccctttttttttt
 * p = professional id, s = specialty id, l = minutes, c = checksum, t = start in minutes since the epoch.
 */
export interface SlotId {
  professionalId: number;
  specialtyId: number;
  startsAt: Date;
  minutes: number;
}

const LIMITS = { professionalId: 0xffffffff, specialtyId: 0xffff, minutes: 0xfff, startMinutes: 0xfffffffff } as const;

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

function checksum(slot: Omit<SlotId, 'startsAt'>, startMinutes: number): string {
  const text = `slot:${slot.professionalId}:${slot.specialtyId}:${startMinutes}:${slot.minutes}`;
  return createHash('sha256').update(text).digest('hex').slice(0, 6);
}

export function encodeSlotId(slot: SlotId): string {
  const startMinutes = Math.floor(slot.startsAt.getTime() / 60_000);
  const values = { professionalId: slot.professionalId, specialtyId: slot.specialtyId, minutes: slot.minutes, startMinutes };
  for (const [name, value] of Object.entries(values)) {
    // A programming error, never user input: every field must fit its place in the id.
    if (!Number.isInteger(value) || value < 0 || value > LIMITS[name as keyof typeof LIMITS])
      throw new RangeError(`slot ${name} out of range`);
  }
  const check = checksum(slot, startMinutes);
  return `${hex(slot.professionalId, 8)}-${hex(slot.specialtyId, 4)}-8${hex(slot.minutes, 3)}-8${check.slice(0, 3)}-${check.slice(3)}${hex(startMinutes, 9)}`;
}

const SLOT_ID = /^([0-9a-f]{8})-([0-9a-f]{4})-8([0-9a-f]{3})-8([0-9a-f]{3})-([0-9a-f]{3})([0-9a-f]{9})$/;

/** The slot an id names, or undefined when it is not one of ours. */
export function decodeSlotId(id: unknown): SlotId | undefined {
  if (typeof id !== 'string') return undefined;
  const match = SLOT_ID.exec(id.trim().toLowerCase());
  if (!match) return undefined;
  const slot = { professionalId: parseInt(match[1], 16), specialtyId: parseInt(match[2], 16), minutes: parseInt(match[3], 16) };
  const startMinutes = parseInt(match[6], 16);
  if (checksum(slot, startMinutes) !== match[4] + match[5] || slot.minutes <= 0) return undefined;
  return { ...slot, startsAt: new Date(startMinutes * 60_000) };
}
