import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { Query, QueryText } from '../../lib/requestSchemas';
import { findAccount } from '../auth/accounts';

/** How long a file link handed to an administrator keeps working. */
export const FILE_LINK_TTL_SECONDS = 30 * 60;

/** A signed link's query, for /api/docs: copied from the link the API handed out, never written by hand. */
export const SignedLinkQuery = Query({
  expires: QueryText('When the link stops working (Unix seconds)'),
  account: QueryText('The administrator the link was issued to'),
  signature: QueryText("The link's signature"),
});

/** The token version an account has now, or undefined when it may not open links (missing, inactive). */
export type CurrentTokenVersion = (accountId: number) => Promise<number | undefined>;

export interface LinkSigner {
  /** `path?expires=…&account=…&signature=…`: opens in a new tab without the bearer token. */
  sign(pathname: string, accountId: number, tokenVersion: number): string;
  /**
   * The administrator a link was issued to, when its signature is right, it has not expired and it
   * was issued in that administrator's current sessions (same token version).
   */
  verify(pathname: string, query: unknown, currentTokenVersion: CurrentTokenVersion): Promise<{ accountId: number } | undefined>;
}

/**
 * Short-lived signed links to stored documents. A browser cannot put the bearer token on a plain
 * link, so the API hands signed administrators links that name them and expire. The signature
 * covers the account's token version (not written in the link): 'Sair', a password change or an
 * inactivation moves that version, and every link handed out before stops working with the sessions.
 */
export function createLinkSigner(secret: string, now: () => number = Date.now): LinkSigner {
  const key = createHmac('sha256', secret).update('portal-saude:file-links').digest();
  const signature = (pathname: string, accountId: number, tokenVersion: number, expires: number) =>
    createHmac('sha256', key).update(`${pathname}\n${accountId}\n${tokenVersion}\n${expires}`).digest('base64url');

  return {
    sign(pathname, accountId, tokenVersion) {
      const expires = Math.floor(now() / 1000) + FILE_LINK_TTL_SECONDS;
      const params = new URLSearchParams({
        expires: String(expires),
        account: String(accountId),
        signature: signature(pathname, accountId, tokenVersion, expires),
      });
      return `${pathname}?${params}`;
    },
    async verify(pathname, query, currentTokenVersion) {
      const { expires, account, signature: given } = (query ?? {}) as Record<string, unknown>;
      const expiresAt = Number(expires);
      const accountId = Number(account);
      if (typeof given !== 'string' || !Number.isInteger(expiresAt) || !Number.isInteger(accountId)) return undefined;
      if (expiresAt < Math.floor(now() / 1000)) return undefined;
      const tokenVersion = await currentTokenVersion(accountId);
      if (tokenVersion === undefined) return undefined;
      const expected = Buffer.from(signature(pathname, accountId, tokenVersion, expiresAt));
      const received = Buffer.from(given);
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
      return { accountId };
    },
  };
}

/** Document links are for administrators: the token version of an active one, nothing for anyone else. */
export function administratorTokenVersion(db: Database): CurrentTokenVersion {
  return async (accountId) => {
    const administrator = await findAccount(db, 'ADMINISTRADOR', { id: accountId });
    return administrator?.active ? administrator.tokenVersion : undefined;
  };
}
