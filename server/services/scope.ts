import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import { resellers } from '../db/schema';
import type { Principal } from './auth/tokens';

/**
 * The resellers a principal may see, as a condition on the `resellers` table: everything for an
 * administrator, its own for a partner or branch, itself for a reseller. Beneficiaries and sales
 * are scoped by joining their reseller and applying this.
 */
export function resellerScope(principal: Principal): SQL | undefined {
  return resellerScopeOf(principal.type, ownScopeKey(principal));
}

/** The id a principal's scope compares with: its partner's, its branch's or its own (none for an administrator: 0). */
export function ownScopeKey(principal: Principal): number {
  const keys = { ADMINISTRADOR: 0, PARCEIRO: principal.partnerId!, FILIAL: principal.branchId!, REVENDEDOR: principal.id };
  return keys[principal.type];
}

/** resellerScope for a principal of `type` whose scope key (ownScopeKey) is `key`: a value, or a prepared query's placeholder. */
export function resellerScopeOf(type: Principal['type'], key: number | Placeholder): SQL | undefined {
  switch (type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(resellers.partnerId, key);
    case 'FILIAL':
      return eq(resellers.branchId, key);
    case 'REVENDEDOR':
      return eq(resellers.id, key);
  }
}
