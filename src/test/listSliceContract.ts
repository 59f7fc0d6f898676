import type { UnknownAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired, sessionStarted } from '../api/sessionEvents';
import { makeStore, type RootState } from '../app/store';
import { rememberedListsForgotten } from '../components/list/listMemory';

/** What a list feature's slice exports for its one dialog and its list's remembered parameters. */
export interface ListSliceUnderTest<D extends string> {
  dialogOpened: (payload: { dialog: D; id?: number }) => UnknownAction;
  dialogClosed: () => UnknownAction;
  listRemembered: (query: string) => UnknownAction;
  selectDialog: (state: RootState) => D | 'none';
  selectSelectedId: (state: RootState) => number | null;
  selectListQuery: (state: RootState) => string;
  /** A dialog of this feature that is opened for one record. */
  recordDialog: D;
}

/**
 * The contract every list feature's slice keeps (professionals, partners, branches, resellers): one
 * dialog open for one record, the list's last parameters kept while it opens and closes, and both
 * forgotten when the session ends; the parameters also when the user turns the lists' memory off.
 */
export function describeListSlice<D extends string>(name: string, slice: ListSliceUnderTest<D>) {
  describe(`${name} slice`, () => {
    it('opens a dialog for one record and closes it, keeping the list where it was', () => {
      const store = makeStore();
      store.dispatch(slice.listRemembered('nome=ana&page=2'));
      store.dispatch(slice.dialogOpened({ dialog: slice.recordDialog, id: 7 }));
      expect(slice.selectDialog(store.getState())).toBe(slice.recordDialog);
      expect(slice.selectSelectedId(store.getState())).toBe(7);
      store.dispatch(slice.dialogClosed());
      expect(slice.selectDialog(store.getState())).toBe('none');
      expect(slice.selectSelectedId(store.getState())).toBeNull();
      expect(slice.selectListQuery(store.getState())).toBe('nome=ana&page=2');
    });

    it.each([
      ['Sair', loggedOut()],
      ['a 401', sessionExpired({ owner: 'ADMINISTRADOR:1' })],
      ['a sign-in', sessionStarted()],
      ['the preference turned off', rememberedListsForgotten()],
    ])('forgets the remembered list on %s', (_when, action) => {
      const store = makeStore();
      store.dispatch(slice.listRemembered('sort=nome:desc&page=3'));
      expect(slice.selectListQuery(store.getState())).toBe('sort=nome:desc&page=3');
      store.dispatch(action);
      expect(slice.selectListQuery(store.getState())).toBe('');
    });

    it.each([
      ['Sair', loggedOut()],
      ['a 401', sessionExpired({ owner: 'ADMINISTRADOR:1' })],
      ['a sign-in', sessionStarted()],
    ])('closes the open dialog on %s', (_when, action) => {
      const store = makeStore();
      store.dispatch(slice.dialogOpened({ dialog: slice.recordDialog, id: 7 }));
      store.dispatch(action);
      expect([slice.selectDialog(store.getState()), slice.selectSelectedId(store.getState())]).toEqual(['none', null]);
    });
  });
}
