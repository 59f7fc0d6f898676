import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../e2e/support/login';

export interface BenchSession {
  token: string;
  user: { id: number; email: string; userType: string };
}

/** Signs the demo administrator in over the API (who sees every row, at any data size). */
export async function signInByApi(baseUrl: string): Promise<BenchSession> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userType: 'ADMINISTRADOR', email: DEMO_USERS.ADMINISTRADOR.email, senha: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`benchmark sign-in failed: ${response.status}`);
  return (await response.json()) as BenchSession;
}

/** Puts the session where the app restores it on load (the spec's local-storage keys), as after signing in. */
export async function restoreSession(target: BrowserContext | Page, session: BenchSession): Promise<void> {
  await target.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userEmail', user.email);
    localStorage.setItem('userType', user.userType);
    localStorage.setItem('userId', String(user.id));
  }, session);
}
