import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { branches, partners } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { ownScopeKey } from '../scope';

/*
 * Each scope is written once for its key given as a value or as a prepared query's placeholder (a
 * list's query is prepared once per shape, db/queryShapes.ts): `…ScopeOf(type, key)`, the key being
 * `…ScopeKey(principal)`.
 */

const NOTHING = sql`false`;

/**
 * The partners a principal may see: every one for an administrator, its own for a partner user
 * and for a branch user (their forms show it); none for a reseller.
 */
export const partnerScope = (principal: Principal): SQL | undefined => partnerScopeOf(principal.type, partnerScopeKey(principal));

/** The id the partners' scope compares with: the principal's partner (unused for an administrator or a reseller). */
export const partnerScopeKey = (principal: Principal): number => principal.partnerId!;

export function partnerScopeOf(type: Principal['type'], key: number | Placeholder): SQL | undefined {
  switch (type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
    case 'FILIAL':
      return eq(partners.id, key);
    case 'REVENDEDOR':
      return NOTHING;
  }
}

/** The branches a principal may see and manage: all, its partner's, itself, or none. */
export const branchScope = (principal: Principal): SQL | undefined => branchScopeOf(principal.type, ownScopeKey(principal));

/** branchScope for a principal of `type` whose scope key (ownScopeKey) is `key`. */
export function branchScopeOf(type: Principal['type'], key: number | Placeholder): SQL | undefined {
  switch (type) {
    case 'ADMINISTRADOR':
      return undefined;
    case 'PARCEIRO':
      return eq(branches.partnerId, key);
    case 'FILIAL':
      return eq(branches.id, key);
    case 'REVENDEDOR':
      return NOTHING;
  }
}
