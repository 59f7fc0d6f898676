import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, partners, resellers } from '../../db/schema';

const MAX_SERIAL = 2_147_483_647;

/**
 * What the sales link `?rev=` is worth to a sale:
 * - `none`: no active reseller behind it (no `rev`, malformed, unknown, or a reseller inactivated
 *   itself or through its branch or partner): the buyer is not punished for an old link, the sale
 *   goes through and is recorded without a reseller ('Sem revendedor' in the report);
 * - `active`: an active reseller of an active branch and partner: the sale is credited to it.
 */
export type SalesLink = { kind: 'none' } | { kind: 'active'; resellerId: number };

export async function salesLinkOf(db: Database, rev: string | null | undefined): Promise<SalesLink> {
  if (!rev || !/^\d{1,10}$/.test(rev)) return { kind: 'none' };
  const id = Number(rev);
  if (id < 1 || id > MAX_SERIAL) return { kind: 'none' };
  const [row] = await db
    .select({ resellerActive: resellers.ativo, branchActive: branches.ativo, partnerActive: partners.ativo })
    .from(resellers)
    .innerJoin(branches, eq(branches.id, resellers.branchId))
    .innerJoin(partners, eq(partners.id, resellers.partnerId))
    .where(eq(resellers.id, id))
    .limit(1);
  if (!row) return { kind: 'none' };
  return row.resellerActive && row.branchActive && row.partnerActive ? { kind: 'active', resellerId: id } : { kind: 'none' };
}
