import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { SPECIALTY_NAMES } from '../../../../src/domain/care';
import type { Database } from '../../../db/client';
import { specialties } from '../../../db/schema';
import { isUuid } from '../uuid';
import type { Specialty } from '../types';

/** A stable uuid per specialty name (name-based, version 5 layout), the same on every install. */
export function specialtyUuid(name: string): string {
  const hash = createHash('sha1').update(`portal-saude:specialty:${name}`).digest('hex');
  const variant = ((parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/** The spec's 17 specialties exist in every database; running this again changes nothing. */
export async function ensureSpecialties(db: Database): Promise<void> {
  await db
    .insert(specialties)
    .values(SPECIALTY_NAMES.map((name, position) => ({ uuid: specialtyUuid(name), name, position })))
    .onConflictDoNothing();
}

export async function listSpecialties(db: Database): Promise<Specialty[]> {
  return db
    .select({ uuid: specialties.uuid, name: specialties.name })
    .from(specialties)
    .orderBy(asc(specialties.position), asc(specialties.name));
}

/** The specialty row of a uuid; undefined for anything else (including text that is not a uuid). */
export async function findSpecialty(db: Database, uuid: string) {
  if (!isUuid(uuid)) return undefined;
  const [row] = await db.select().from(specialties).where(eq(specialties.uuid, uuid.toLowerCase()));
  return row;
}
