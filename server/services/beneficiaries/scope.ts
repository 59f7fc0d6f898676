import { eq, type SQL } from 'drizzle-orm';
import { beneficiaries } from '../../db/schema';
import type { Principal } from '../auth/tokens';

/**
 * Which beneficiaries a principal may see and act on: everything for an administrator; a partner's
 * and a branch's own records (those their resellers sold, and those their users created); a
 * reseller's sales. The record's partner and branch are its own columns (see the schema).
 */
export function beneficiaryScope(principal: Principal): SQL | undefined {
  switch (principal.type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(beneficiaries.partnerId, principal.partnerId!);
    case 'FILIAL':
      return eq(beneficiaries.branchId, principal.branchId!);
    case 'REVENDEDOR':
      return eq(beneficiaries.resellerId, principal.id);
  }
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
