import { eq, sql, type SQL } from 'drizzle-orm';
import { branches, partners } from '../../db/schema';
import type { Principal } from '../auth/tokens';

const NOTHING = sql`false`;

/**
 * The partners a principal may see: every one for an administrator, its own for a partner user
 * and for a branch user (their forms show it); none for a reseller.
 */
export function partnerScope(principal: Principal): SQL | undefined {
  switch (principal.type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
    case 'FILIAL':
      return eq(partners.id, principal.partnerId!);
    case 'REVENDEDOR':
      return NOTHING;
  }
}

/** The branches a principal may see and manage: all, its partner's, itself, or none. */
export function branchScope(principal: Principal): SQL | undefined {
  switch (principal.type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(branches.partnerId, principal.partnerId!);
    case 'FILIAL':
      return eq(branches.id, principal.branchId!);
    case 'REVENDEDOR':
      return NOTHING;
  }
}
