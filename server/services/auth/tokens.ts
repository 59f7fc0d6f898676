import { createSigner, createVerifier } from 'fast-jwt';
import { DEFAULT_SESSION_MAX_AGE_HOURS } from '../../config';
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

/** What a session token carries: who is calling, and which of the account's sessions it belongs to. */
export interface SessionClaims extends Principal {
  /** The session's id (services/auth/sessions.ts): 'Sair' ends this session only. */
  sessionId: string;
}

interface TokenClaims {
  sub: string;
  typ: UserType;
  pid?: number;
  bid?: number;
  ver: number;
  sid: string;
  iat: number;
  exp: number;
}

export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** Clocks of several server copies may differ a little: a token "issued" this far ahead is still taken. */
const CLOCK_SKEW_MS = 60 * 1000;

export interface TokenOptions {
  /** How long a new token is valid (capped by `maxAgeMs`). */
  lifetimeMs?: number;
  /** A token issued longer ago than this is refused, whatever its `exp` says (SESSION_MAX_AGE_HOURS). */
  maxAgeMs?: number;
}

export interface TokenService {
  sign(session: SessionClaims): string;
  /** The claims of a valid token, or null for an expired, too old, forged or malformed one, or one naming no session. */
  verify(token: string): SessionClaims | null;
}

/**
 * HS256 session tokens. Every token must carry `iat` and `exp`, and its whole life (from `iat` to
 * `exp`, and from `iat` to now) must fit in the maximum session age: a token made without an expiry,
 * or with a far one, is refused even when its signature is ours.
 */
export function createTokenService(secret: string, options: TokenOptions = {}): TokenService {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
  const lifetimeMs = Math.min(options.lifetimeMs ?? TOKEN_LIFETIME_MS, maxAgeMs);
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'typ', 'ver', 'sid', 'iat', 'exp'],
    maxAge: maxAgeMs,
    cache: 1000,
  });

  const fitsSessionAge = (claims: TokenClaims) =>
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    claims.iat * 1000 <= Date.now() + CLOCK_SKEW_MS &&
    (claims.exp - claims.iat) * 1000 <= maxAgeMs;

  return {
    sign: (session) =>
      signer({
        sub: String(session.id),
        typ: session.type,
        pid: session.partnerId,
        bid: session.branchId,
        ver: session.tokenVersion,
        sid: session.sessionId,
      }),
    verify: (token) => {
      try {
        const claims = verifier(token) as TokenClaims;
        const id = Number(claims.sub);
        if (!Number.isInteger(id) || typeof claims.sid !== 'string' || !fitsSessionAge(claims)) return null;
        return { id, type: claims.typ, partnerId: claims.pid, branchId: claims.bid, tokenVersion: claims.ver, sessionId: claims.sid };
      } catch {
        return null;
      }
    },
  };
}
