import type { UserType } from '../domain/userTypes';

/** The local-storage keys the spec names, plus where to return after signing in. */
const KEYS = { token: 'token', email: 'userEmail', type: 'userType', id: 'userId', redirect: 'redirectAfterLogin' } as const;

export interface StoredSession {
  token: string;
  email: string;
  userType: UserType;
  userId: number;
}

export const getToken = (): string | null => localStorage.getItem(KEYS.token);

export function readSession(): StoredSession | null {
  const token = localStorage.getItem(KEYS.token);
  const email = localStorage.getItem(KEYS.email);
  if (!token || !email) return null;
  return {
    token,
    email,
    userType: (localStorage.getItem(KEYS.type) ?? '') as UserType,
    userId: Number(localStorage.getItem(KEYS.id)),
  };
}

export function writeSession(session: StoredSession): void {
  localStorage.setItem(KEYS.token, session.token);
  localStorage.setItem(KEYS.email, session.email);
  localStorage.setItem(KEYS.type, session.userType);
  localStorage.setItem(KEYS.id, String(session.userId));
}

export const replaceToken = (token: string) => localStorage.setItem(KEYS.token, token);

/**
 * Forgets everything of a session kept in the browser: token, userEmail, userType, userId and the
 * page remembered for after the next sign-in. 'Sair' and the 401 middleware both end here (the
 * latter then remembers the page again, for the same user). A user's own preferences are not the
 * session's and stay.
 */
export function forgetSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}

/**
 * Who a session was: ids are per kind of user (an administrator and a reseller may share id 3), so
 * the kind is part of it.
 */
export const sessionOwner = (user: { userType: UserType; id: number }) => `${user.userType}:${user.id}`;

/**
 * The page a session was on when it expired, kept for the same user's next sign-in only (stored as
 * '<owner> <path>'; neither has spaces): another user signing in never lands on it, and 'Sair'
 * forgets it.
 */
export const rememberRedirect = (path: string, owner: string) => localStorage.setItem(KEYS.redirect, `${owner} ${path}`);

/** A path of this site: '//host' and '/\\host' would name another one. */
const SITE_PATH = /^\/(?![/\\])/;

/** `value` when it is a path of this site, else null: where signing in may send the browser. */
export const sitePathOrNull = (value: unknown): string | null => (typeof value === 'string' && SITE_PATH.test(value) ? value : null);

/** The page remembered for this user (a `sessionOwner`), if any. */
export function readRedirectFor(owner: string): string | null {
  const [storedOwner, path] = (localStorage.getItem(KEYS.redirect) ?? '').split(' ');
  return storedOwner === owner ? sitePathOrNull(path) : null;
}

export const clearRedirect = () => localStorage.removeItem(KEYS.redirect);

/** The page to come back to after signing in again; never the login page itself. */
export function currentPathForRedirect(): string | null {
  const path = `${window.location.pathname}${window.location.search}`;
  return path.startsWith('/login') || path === '/' ? null : path;
}
