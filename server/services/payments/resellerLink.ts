import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, partners, resellers } from '../../db/schema';

const MAX_SERIAL = 2_147_483_647;

/**
 * The reseller a sale from the link `?rev=` may be credited to: only one that exists and is active,
 * with an active branch and partner. Anything else (unknown, inactive, malformed) sells unattributed.
 */
export async function sellingResellerId(db: Database, rev: string | null | undefined): Promise<number | null> {
  if (!rev || !/^\d{1,10}$/.test(rev)) return null;
  const id = Number(rev);
  if (id < 1 || id > MAX_SERIAL) return null;
  const [row] = await db
    .select({ id: resellers.id })
    .from(resellers)
    .innerJoin(branches, eq(branches.id, resellers.branchId))
    .innerJoin(partners, eq(partners.id, resellers.partnerId))
    .where(and(eq(resellers.id, id), eq(resellers.ativo, true), eq(branches.ativo, true), eq(partners.ativo, true)))
    .limit(1);
  return row?.id ?? null;
}
