import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import { auditListRemembered } from './auditSlice';
import { selectAuditListQuery } from './selectors';

describe('audit slice', () => {
  it('remembers the trail’s last parameters', () => {
    const store = makeStore();
    expect(selectAuditListQuery(store.getState())).toBe('');
    store.dispatch(auditListRemembered('action=delete&page=2'));
    expect(selectAuditListQuery(store.getState())).toBe('action=delete&page=2');
  });

  it.each([loggedOut(), sessionExpired({}), rememberedListsForgotten()])('forgets them on %j', (action) => {
    const store = makeStore();
    store.dispatch(auditListRemembered('user=ana'));
    store.dispatch(action);
    expect(selectAuditListQuery(store.getState())).toBe('');
  });
});
