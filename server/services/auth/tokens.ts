import { createSigner, createVerifier } from 'fast-jwt';
import type { UserType } from '../../../src/domain/userTypes';

/** Who is calling, as the auth plugin hands it to every route and service. */
export interface Principal {
  id: number;
  type: UserType;
  /** The partner the account belongs to (a partner's own id, a branch's or reseller's partner). */
  partnerId?: number;
  /** The branch the account belongs to (a branch's own id, a reseller's branch). */
  branchId?: number;
  tokenVersion: number;
}

interface TokenClaims {
  sub: string;
  typ: UserType;
  pid?: number;
  bid?: number;
  ver: number;
}

export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

export interface TokenService {
  sign(principal: Principal): string;
  /** The principal in a valid token, or null for an expired, forged or malformed one. */
  verify(token: string): Principal | null;
}

export function createTokenService(secret: string, lifetimeMs = TOKEN_LIFETIME_MS): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (principal) =>
      signer({
        sub: String(principal.id),
        typ: principal.type,
        pid: principal.partnerId,
        bid: principal.branchId,
        ver: principal.tokenVersion,
      }),
    verify: (token) => {
      try {
        const claims = verifier(token) as TokenClaims;
        const id = Number(claims.sub);
        if (!Number.isInteger(id)) return null;
        return { id, type: claims.typ, partnerId: claims.pid, branchId: claims.bid, tokenVersion: claims.ver ?? 0 };
      } catch {
        return null;
      }
    },
  };
}
