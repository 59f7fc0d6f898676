import { inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { beneficiaries, resellers } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { resellerScope } from '../scope';

/**
 * Which beneficiaries a principal may see and act on, for queries that join `resellers` on the
 * beneficiary's reseller: everything for an administrator (staff-created ones, without a reseller,
 * included); otherwise only beneficiaries sold by a reseller in the principal's scope.
 */
export function joinedBeneficiaryScope(principal: Principal): SQL | undefined {
  return resellerScope(principal);
}

/** The same scope for statements on `beneficiaries` alone (updates): its reseller must be in scope. */
export function beneficiaryScope(db: Database, principal: Principal): SQL | undefined {
  const scope = resellerScope(principal);
  if (!scope) return undefined;
  return inArray(beneficiaries.resellerId, db.select({ id: resellers.id }).from(resellers).where(scope));
}
