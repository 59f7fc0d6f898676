import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import type { UserType } from '../../domain/userTypes';

export interface SessionUser {
  id: number;
  email: string;
  userType: UserType;
  nome?: string;
}

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** Why the last session ended, when the server said (an inactivated account): shown on /login. */
  sessionEndNotice?: string;
  /** Whose session expired (a `sessionOwner`): only that user is taken back to where it was. */
  expiredOwner?: string;
  /** The user pressed 'Sair': the next sign-in starts afresh, not where this session was. */
  signedOut?: boolean;
}

const initialState: AuthState = { user: null, isAuthenticated: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Setting the user marks the session authenticated (spec section 4). */
    /** A sign-in: the session starts afresh (no notice or flag of the one before). */
    userSet: (_state, action: PayloadAction<SessionUser>) => ({ ...initialState, user: action.payload, isAuthenticated: true }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (_state, { payload }) => ({
        ...initialState,
        sessionEndNotice: payload.reason,
        expiredOwner: payload.owner,
      }))
      .addCase(loggedOut, () => ({ ...initialState, signedOut: true }));
  },
});

export const { userSet } = authSlice.actions;
