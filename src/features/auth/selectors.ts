import type { AuthState } from './authSlice';

type WithAuth = { auth: AuthState };

export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth) => state.auth.isAuthenticated;
export const selectUserType = (state: WithAuth) => state.auth.user?.userType ?? null;
export const selectSessionEndNotice = (state: WithAuth) => state.auth.sessionEndNotice ?? null;
export const selectExpiredOwner = (state: WithAuth) => state.auth.expiredOwner ?? null;
export const selectSignedOut = (state: WithAuth) => state.auth.signedOut === true;
