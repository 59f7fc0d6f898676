import { readSession } from '../api/session';
import { loggedOut } from '../api/sessionEvents';
import { endSession } from './endSession';
import type { AppStore } from './store';

/** The stored session's keys (api/session.ts); `null` is a `localStorage.clear()`. */
const SESSION_KEYS = new Set<string | null>(['token', 'userEmail', 'userType', 'userId', null]);

/**
 * Keeps this tab's session the browser's: the token lives in local storage, shared by every tab,
 * while what a tab shows (its user, menu and cached lists) is its own store's. 'Sair' in another tab
 * ends the session here too; another account signed in there reloads this tab as that account, so
 * no tab shows one user's data or name while calling the server as another.
 */
export function followSessionAcrossTabs(store: AppStore, reload = () => window.location.reload()): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || !SESSION_KEYS.has(event.key)) return;
    const { isAuthenticated, user } = store.getState().auth;
    if (!isAuthenticated || !user) return;
    const stored = readSession();
    if (!stored) endSession(store.dispatch, loggedOut());
    else if (stored.userId !== user.id || stored.userType !== user.userType) reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
