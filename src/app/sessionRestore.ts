import { clearRedirect, readSession } from '../api/session';
import type { RootState } from './store';

/** On start, a stored token and e-mail restore the session (and the remembered redirect is dropped). */
export function restoredState(): Partial<RootState> | undefined {
  const session = readSession();
  if (!session) return undefined;
  clearRedirect();
  return {
    auth: {
      user: { id: session.userId, email: session.email, userType: session.userType },
      isAuthenticated: true,
    },
  };
}
