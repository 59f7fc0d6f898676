import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import { referralDetailsClosed, referralLookedAt, referralsListRemembered } from './referralsSlice';
import { selectLookedAtReferralUuid, selectReferralsListQuery } from './selectors';

describe('referrals slice', () => {
  it('holds the referral being looked at until its details close, keeping the list where it was', () => {
    const store = makeStore();
    store.dispatch(referralsListRemembered('status=PENDING'));
    store.dispatch(referralLookedAt('r-9'));
    expect(selectLookedAtReferralUuid(store.getState())).toBe('r-9');
    store.dispatch(referralDetailsClosed());
    expect(selectLookedAtReferralUuid(store.getState())).toBeNull();
    expect(selectReferralsListQuery(store.getState())).toBe('status=PENDING');
  });

  it('forgets everything when the session ends, and only the list when the preference is turned off', () => {
    const store = makeStore();
    store.dispatch(referralsListRemembered('page=2'));
    store.dispatch(referralLookedAt('r-1'));
    store.dispatch(rememberedListsForgotten());
    expect([selectReferralsListQuery(store.getState()), selectLookedAtReferralUuid(store.getState())]).toEqual(['', 'r-1']);
    store.dispatch(referralsListRemembered('page=3'));
    store.dispatch(sessionExpired({}));
    expect([selectReferralsListQuery(store.getState()), selectLookedAtReferralUuid(store.getState())]).toEqual(['', null]);
    store.dispatch(referralLookedAt('r-2'));
    store.dispatch(loggedOut());
    expect(selectLookedAtReferralUuid(store.getState())).toBeNull();
  });
});
