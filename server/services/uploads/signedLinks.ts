import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file link handed to an administrator keeps working. */
export const FILE_LINK_TTL_SECONDS = 30 * 60;

export interface LinkSigner {
  /** `path?expires=…&account=…&signature=…`: opens in a new tab without the bearer token. */
  sign(pathname: string, accountId: number): string;
  /** The administrator a link was issued to, when its signature is right and it has not expired. */
  verify(pathname: string, query: unknown): { accountId: number } | undefined;
}

/**
 * Short-lived signed links to stored documents. A browser cannot put the bearer token on a plain
 * link, so the API hands signed administrators links that name them and expire; the file route
 * checks the signature and that the administrator is still active.
 */
export function createLinkSigner(secret: string, now: () => number = Date.now): LinkSigner {
  const key = createHmac('sha256', secret).update('portal-saude:file-links').digest();
  const signature = (pathname: string, accountId: number, expires: number) =>
    createHmac('sha256', key).update(`${pathname}\n${accountId}\n${expires}`).digest('base64url');

  return {
    sign(pathname, accountId) {
      const expires = Math.floor(now() / 1000) + FILE_LINK_TTL_SECONDS;
      const params = new URLSearchParams({
        expires: String(expires),
        account: String(accountId),
        signature: signature(pathname, accountId, expires),
      });
      return `${pathname}?${params}`;
    },
    verify(pathname, query) {
      const { expires, account, signature: given } = (query ?? {}) as Record<string, unknown>;
      const expiresAt = Number(expires);
      const accountId = Number(account);
      if (typeof given !== 'string' || !Number.isInteger(expiresAt) || !Number.isInteger(accountId)) return undefined;
      if (expiresAt < Math.floor(now() / 1000)) return undefined;
      const expected = Buffer.from(signature(pathname, accountId, expiresAt));
      const received = Buffer.from(given);
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
      return { accountId };
    },
  };
}
