import type { RootState } from '../../app/store';
import { branchesSlice } from './branchesSlice';

export const { selectBranchesListQuery, selectBranchDialog, selectSelectedBranchId } = branchesSlice.selectors;

/** The signed-in user: a partner user's own partner presets the branch form. */
export const selectSessionUser = (state: RootState) => state.auth.user;
