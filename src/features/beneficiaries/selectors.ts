import type { RootState } from '../../app/store';
import { beneficiariesSlice } from './beneficiariesSlice';

export const { selectDialog, selectSelected, selectBeneficiariesListQuery } = beneficiariesSlice.selectors;

/** A reseller sells through its link and does not register beneficiaries by hand. */
export const selectIsReseller = (state: RootState) => state.auth.user?.userType === 'REVENDEDOR';
/** Only an administrator edits a beneficiary's plan. */
export const selectIsAdministrator = (state: RootState) => state.auth.user?.userType === 'ADMINISTRADOR';
/** The signed-in user's id: a reseller's sales link carries it. */
export const selectSessionUserId = (state: RootState) => state.auth.user?.id ?? null;
