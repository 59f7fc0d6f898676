import { eq, type SQL } from 'drizzle-orm';
import { resellers } from '../db/schema';
import type { Principal } from './auth/tokens';

/**
 * The resellers a principal may see, as a condition on the `resellers` table: everything for an
 * administrator, its own for a partner or branch, itself for a reseller. Beneficiaries and sales
 * are scoped by joining their reseller and applying this.
 */
export function resellerScope(principal: Principal): SQL | undefined {
  switch (principal.type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(resellers.partnerId, principal.partnerId!);
    case 'FILIAL':
      return eq(resellers.branchId, principal.branchId!);
    case 'REVENDEDOR':
      return eq(resellers.id, principal.id);
  }
}
