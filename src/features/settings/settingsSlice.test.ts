import { loggedOut, sessionExpired, sessionStarted } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { selectHistoryParameterId } from './selectors';
import { historyClosed, historyOpened } from './settingsSlice';

describe('settings slice', () => {
  it("opens one parameter's history and closes it", () => {
    const store = makeStore();
    expect(selectHistoryParameterId(store.getState())).toBeNull();
    store.dispatch(historyOpened(4));
    expect(selectHistoryParameterId(store.getState())).toBe(4);
    store.dispatch(historyClosed());
    expect(selectHistoryParameterId(store.getState())).toBeNull();
  });

  it.each([loggedOut(), sessionExpired({ owner: 'ADMINISTRADOR:1' }), sessionStarted()])(
    'closes the history when the session ends or another starts (%j)',
    (action) => {
      const store = makeStore();
      store.dispatch(historyOpened(2));
      store.dispatch(action);
      expect(selectHistoryParameterId(store.getState())).toBeNull();
    },
  );
});
