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

/** Forgets the signed-in user: token, userEmail, userType and userId. */
export function clearSession(): void {
  for (const key of [KEYS.token, KEYS.email, KEYS.type, KEYS.id]) localStorage.removeItem(key);
}

export const rememberRedirect = (path: string) => localStorage.setItem(KEYS.redirect, path);
export const readRedirect = (): string | null => localStorage.getItem(KEYS.redirect);
export const clearRedirect = () => localStorage.removeItem(KEYS.redirect);

/** The page to come back to after signing in again; never the login page itself. */
export function currentPathForRedirect(): string | null {
  const path = `${window.location.pathname}${window.location.search}`;
  return path.startsWith('/login') || path === '/' ? null : path;
}
