import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { Query, QueryText } from '../../lib/requestSchemas';
import { findAccount } from '../auth/accounts';

/** How long a file link handed to an administrator keeps working. */
export const FILE_LINK_TTL_SECONDS = 30 * 60;

/** A signed link's query, for /api/docs: copied from the link the API handed out, never written by hand. */
export const SignedLinkQuery = Query({
  expires: QueryText('When the link stops working (Unix seconds)'),
  account: QueryText('The administrator the link was issued to'),
  session: QueryText('The session the link was issued in'),
  signature: QueryText("The link's signature"),
});

/** The session a link is issued in: the administrator, the account's token version and the session's id. */
export interface LinkSession {
  accountId: number;
  tokenVersion: number;
  sessionId: string;
}

/** The session a signed-in request belongs to, for the links it hands out. */
export const linkSessionOf = (request: FastifyRequest): LinkSession => ({
  accountId: request.principal.id,
  tokenVersion: request.principal.tokenVersion,
  sessionId: request.sessionId,
});

/** What decides whether an account's links still work: its token version now and the sessions 'Sair' ended. */
export interface AccountSessions {
  tokenVersion: number;
  endedSessions: readonly string[];
}

/** An account's sessions now, or undefined when it may not open links (missing, inactive). */
export type CurrentSessions = (accountId: number) => Promise<AccountSessions | undefined>;

export interface LinkSigner {
  /** `path?expires=…&account=…&session=…&signature=…`: opens in a new tab without the bearer token. */
  sign(pathname: string, session: LinkSession): string;
  /**
   * The administrator a link was issued to, when its signature is right, it has not expired and the
   * session it was issued in goes on (not ended by 'Sair', the account's token version unchanged).
   */
  verify(pathname: string, query: unknown, currentSessions: CurrentSessions): Promise<{ accountId: number } | undefined>;
}

/**
 * Short-lived signed links to stored documents. A browser cannot put the bearer token on a plain
 * link, so the API hands signed administrators links that name them, their session, and expire. The
 * signature also covers the account's token version (not written in the link): a password change or
 * an inactivation moves that version, and every link handed out before stops working with the
 * sessions; 'Sair' ends the links of its own session.
 */
export function createLinkSigner(secret: string, now: () => number = Date.now): LinkSigner {
  const key = createHmac('sha256', secret).update('portal-saude:file-links').digest();
  const signature = (pathname: string, session: LinkSession, expires: number) =>
    createHmac('sha256', key)
      .update(`${pathname}\n${session.accountId}\n${session.sessionId}\n${session.tokenVersion}\n${expires}`)
      .digest('base64url');

  return {
    sign(pathname, session) {
      const expires = Math.floor(now() / 1000) + FILE_LINK_TTL_SECONDS;
      // Written out: URLSearchParams took 1.2 µs a link, two thirds of the signature (a page of professionals holds up to 40).
      // The expiry and the account are digits and the signature base64url: only the session needs encoding.
      const sessionParam = encodeURIComponent(session.sessionId);
      return `${pathname}?expires=${expires}&account=${session.accountId}&session=${sessionParam}&signature=${signature(pathname, session, expires)}`;
    },
    async verify(pathname, query, currentSessions) {
      const { expires, account, session: sessionId, signature: given } = (query ?? {}) as Record<string, unknown>;
      const expiresAt = Number(expires);
      const accountId = Number(account);
      if (typeof given !== 'string' || typeof sessionId !== 'string' || !Number.isInteger(expiresAt) || !Number.isInteger(accountId))
        return undefined;
      if (expiresAt < Math.floor(now() / 1000)) return undefined;
      const current = await currentSessions(accountId);
      if (current === undefined || current.endedSessions.includes(sessionId)) return undefined;
      const expected = Buffer.from(signature(pathname, { accountId, sessionId, tokenVersion: current.tokenVersion }, expiresAt));
      const received = Buffer.from(given);
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
      return { accountId };
    },
  };
}

/** Document links are for administrators: the sessions of an active one, nothing for anyone else. */
export function administratorSessions(db: Database): CurrentSessions {
  return async (accountId) => {
    const administrator = await findAccount(db, 'ADMINISTRADOR', { id: accountId });
    return administrator?.active ? { tokenVersion: administrator.tokenVersion, endedSessions: administrator.endedSessions } : undefined;
  };
}
