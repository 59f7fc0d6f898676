import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import { beneficiaries } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { ownScopeKey } from '../scope';

/**
 * Which beneficiaries a principal may see and act on: everything for an administrator; a partner's
 * and a branch's own records (those their resellers sold, and those their users created); a
 * reseller's sales. The record's partner and branch are its own columns (see the schema).
 */
export function beneficiaryScope(principal: Principal): SQL | undefined {
  return beneficiaryScopeOf(principal.type, ownScopeKey(principal));
}

/** The column of a beneficiary that a principal of this type is scoped by (none for an administrator). */
const scopeColumns = {
  ADMINISTRADOR: undefined,
  PARCEIRO: beneficiaries.partnerId,
  FILIAL: beneficiaries.branchId,
  REVENDEDOR: beneficiaries.resellerId,
} as const;

/** beneficiaryScope for a principal of `type` whose scope key (ownScopeKey) is `key`: a value, or a prepared query's placeholder. */
export function beneficiaryScopeOf(type: Principal['type'], key: number | Placeholder): SQL | undefined {
  const column = scopeColumns[type];
  return column && eq(column, key);
}

/**
 * Whose record a holder created by this principal is: its partner's (and branch's, for a branch
 * user); the house's (both null) for an administrator. Resellers create none here.
 */
export function ownerOfNewHolder(principal: Principal): { partnerId: number | null; branchId: number | null } {
  switch (principal.type) {
    case 'PARCEIRO':
      return { partnerId: principal.partnerId!, branchId: null };
    case 'FILIAL':
      return { partnerId: principal.partnerId!, branchId: principal.branchId! };
    default:
      return { partnerId: null, branchId: null };
  }
}
