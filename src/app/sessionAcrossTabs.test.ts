import { authApi } from '../api/authApi';
import { writeSession } from '../api/session';
import { signedInAs } from '../test/renderWithProviders';
import { followSessionAcrossTabs } from './sessionAcrossTabs';
import { makeStore } from './store';

/** What another tab's writes to local storage look like here: a 'storage' event per key. */
const otherTabWrote = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

/** A tab signed in as the reseller 1, with a cached answer of that session. */
function signedInTab() {
  const store = makeStore(signedInAs('REVENDEDOR', 1));
  store.dispatch(
    authApi.util.upsertQueryData('verify', undefined, { user: { id: 1, nome: 'Revendedor', email: 'r@x.com', userType: 'REVENDEDOR' } }),
  );
  const reload = jest.fn();
  const stop = followSessionAcrossTabs(store, reload);
  return { store, reload, stop };
}

let stop: () => void = () => undefined;
afterEach(() => stop());

it("ends this tab's session, cache and all, when another tab signs out", () => {
  const tab = signedInTab();
  stop = tab.stop;
  expect(Object.keys(tab.store.getState().api.queries)).not.toEqual([]);
  for (const key of ['token', 'userEmail', 'userType', 'userId']) localStorage.removeItem(key);
  otherTabWrote('token');
  expect(tab.store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, signedOut: true });
  expect(tab.store.getState().api.queries).toEqual({});
  expect(tab.reload).not.toHaveBeenCalled();
});

it('reloads this tab as the account another tab signed in with, and not for a new token of the same account', () => {
  const tab = signedInTab();
  stop = tab.stop;
  // A password changed in another tab: a fresh token, the same account.
  localStorage.setItem('token', 'token-novo');
  otherTabWrote('token');
  expect(tab.reload).not.toHaveBeenCalled();
  expect(tab.store.getState().auth.isAuthenticated).toBe(true);

  writeSession({ token: 'token-admin', email: 'admin@x.com', userType: 'ADMINISTRADOR', userId: 1 });
  otherTabWrote('userType');
  expect(tab.reload).toHaveBeenCalled();
});

it('leaves alone a tab with nobody signed in, and keys that are not the session', () => {
  const store = makeStore();
  const reload = jest.fn();
  stop = followSessionAcrossTabs(store, reload);
  writeSession({ token: 't', email: 'admin@x.com', userType: 'ADMINISTRADOR', userId: 3 });
  otherTabWrote('token');
  expect([reload.mock.calls.length, store.getState().auth.isAuthenticated]).toEqual([0, false]);
  stop();

  const tab = signedInTab();
  stop = tab.stop;
  localStorage.setItem('userType', 'ADMINISTRADOR');
  otherTabWrote('colorMode');
  expect(tab.reload).not.toHaveBeenCalled();
  expect(tab.store.getState().auth.isAuthenticated).toBe(true);
});
