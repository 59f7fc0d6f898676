import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { addListSliceCases } from '../../components/list/listMemory';

interface ReferralsState {
  /** The referral whose details are open (its uuid); the record itself is the list's. */
  lookedAtUuid: string | null;
  /** The list's last parameters (page, sort, filters), restored when the user comes back through the menu. */
  listQuery: string;
}

const initialState: ReferralsState = { lookedAtUuid: null, listQuery: '' };

const slice = createSlice({
  name: 'referrals',
  initialState,
  reducers: {
    referralLookedAt(state, action: PayloadAction<string>) {
      state.lookedAtUuid = action.payload;
    },
    referralDetailsClosed(state) {
      state.lookedAtUuid = null;
    },
    referralsListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) => addListSliceCases(builder, initialState),
  selectors: {
    selectLookedAtReferralUuid: (state) => state.lookedAtUuid,
    selectReferralsListQuery: (state) => state.listQuery,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const referralsSlice = slice.injectInto(rootReducer);
export const { referralLookedAt, referralDetailsClosed, referralsListRemembered } = referralsSlice.actions;
