import { loggedOut, sessionExpired, sessionStarted } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { signedInAs } from '../../test/renderWithProviders';
import { colorModeSet, rememberListsSet } from './preferences';
import { preferencesOwner, readPreferences, writePreferences } from './preferencesStorage';
import { colorModeChanged, preferencesLoaded, rememberListsChanged } from './profileSlice';
import {
  selectColorMode,
  selectPreferences,
  selectPreferencesLoaded,
  selectPreferencesOwner,
  selectSignedInOwner,
  selectRememberLists,
} from './selectors';

describe('profile slice', () => {
  it("holds one user's preferences: lists remember and the mode is light by default", () => {
    const store = makeStore();
    expect([selectPreferencesOwner(store.getState()), selectRememberLists(store.getState()), selectColorMode(store.getState())]).toEqual([
      null,
      true,
      'light',
    ]);
    store.dispatch(preferencesLoaded({ owner: 'REVENDEDOR:5', preferences: { rememberLists: false, colorMode: 'dark' } }));
    expect(selectPreferencesOwner(store.getState())).toBe('REVENDEDOR:5');
    expect(selectPreferences(store.getState())).toEqual({ rememberLists: false, colorMode: 'dark' });
    store.dispatch(rememberListsChanged(true));
    expect(selectRememberLists(store.getState())).toBe(true);
    store.dispatch(colorModeChanged('light'));
    expect(selectPreferences(store.getState())).toEqual({ rememberLists: true, colorMode: 'light' });
  });

  it("counts the preferences as loaded only when they are the signed-in user's", () => {
    const store = makeStore(signedInAs('ADMINISTRADOR', 8));
    expect(selectPreferencesLoaded(store.getState())).toBe(false);
    store.dispatch(preferencesLoaded({ owner: 'ADMINISTRADOR:7', preferences: { rememberLists: true, colorMode: 'light' } }));
    expect(selectPreferencesLoaded(store.getState())).toBe(false);
    store.dispatch(preferencesLoaded({ owner: 'ADMINISTRADOR:8', preferences: { rememberLists: true, colorMode: 'light' } }));
    expect(selectPreferencesLoaded(store.getState())).toBe(true);
    expect(selectPreferencesLoaded(makeStore().getState())).toBe(false);
  });

  it.each([loggedOut(), sessionExpired({ owner: 'ADMINISTRADOR:5' }), sessionStarted()])(
    'lets the next user load their own on %j',
    (action) => {
      const store = makeStore();
      store.dispatch(preferencesLoaded({ owner: 'REVENDEDOR:5', preferences: { rememberLists: false, colorMode: 'dark' } }));
      store.dispatch(action);
      expect([selectPreferencesOwner(store.getState()), selectPreferences(store.getState())]).toEqual([
        null,
        { rememberLists: true, colorMode: 'light' },
      ]);
    },
  );

  it('stores each choice for the signed-in user only, and reads it back', () => {
    const store = makeStore(signedInAs('ADMINISTRADOR', 8));
    expect(selectSignedInOwner(store.getState())).toBe('ADMINISTRADOR:8');
    store.dispatch(rememberListsSet(false));
    expect(selectRememberLists(store.getState())).toBe(false);
    expect(readPreferences('ADMINISTRADOR:8')).toEqual({ rememberLists: false, colorMode: 'light' });
    store.dispatch(colorModeSet('dark'));
    expect(selectColorMode(store.getState())).toBe('dark');
    expect(readPreferences('ADMINISTRADOR:8')).toEqual({ rememberLists: false, colorMode: 'dark' });
    expect(readPreferences('ADMINISTRADOR:9')).toEqual({ rememberLists: true, colorMode: 'light' });
  });

  it('reads anything unreadable in storage as the defaults', () => {
    localStorage.setItem('preferences:FILIAL:3', '{not json');
    expect(readPreferences('FILIAL:3')).toEqual({ rememberLists: true, colorMode: 'light' });
    localStorage.setItem('preferences:FILIAL:3', JSON.stringify({ rememberLists: 'no', colorMode: 'purple' }));
    expect(readPreferences('FILIAL:3')).toEqual({ rememberLists: true, colorMode: 'light' });
    writePreferences('FILIAL:3', { rememberLists: false, colorMode: 'dark' });
    expect(readPreferences('FILIAL:3')).toEqual({ rememberLists: false, colorMode: 'dark' });
  });

  it("starts a user without a colour mode of their own (stored before it was theirs, by id alone) from the browser's", () => {
    localStorage.setItem('preferences:4', JSON.stringify({ rememberLists: false }));
    expect(readPreferences('PARCEIRO:4', 'dark')).toEqual({ rememberLists: false, colorMode: 'dark' });
    expect(readPreferences('PARCEIRO:6', 'dark')).toEqual({ rememberLists: true, colorMode: 'dark' });
    writePreferences('PARCEIRO:4', { rememberLists: true, colorMode: 'light' });
    expect(readPreferences('PARCEIRO:4', 'dark')).toEqual({ rememberLists: true, colorMode: 'light' });
  });

  it('keeps apart users of different types that share an id', () => {
    writePreferences(preferencesOwner({ userType: 'ADMINISTRADOR', id: 1 }), { rememberLists: false, colorMode: 'dark' });
    expect(readPreferences(preferencesOwner({ userType: 'REVENDEDOR', id: 1 }))).toEqual({ rememberLists: true, colorMode: 'light' });
    expect(readPreferences('ADMINISTRADOR:1')).toEqual({ rememberLists: false, colorMode: 'dark' });
  });
});
