import type { RootState } from '../../app/store';
import { resellersSlice } from './resellersSlice';

export const { selectResellersListQuery, selectResellerDialog, selectSelectedResellerId } = resellersSlice.selectors;

/** The signed-in user: a partner or branch user's own partner or branch presets the reseller form. */
export const selectSessionUser = (state: RootState) => state.auth.user;
