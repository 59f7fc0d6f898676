import { referralsSlice } from './referralsSlice';

export const { selectLookedAtReferralUuid, selectReferralsListQuery } = referralsSlice.selectors;
