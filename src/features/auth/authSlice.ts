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
}

const initialState: AuthState = { user: null, isAuthenticated: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Setting the user marks the session authenticated (spec section 4). */
    userSet(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.isAuthenticated = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, () => initialState).addCase(loggedOut, () => initialState);
  },
});

export const { userSet } = authSlice.actions;
