import type { UserType } from '../domain/userTypes';
import type { LoggedOut, LoginAnswer, PasswordChanged, VerifyAnswer } from '../domain/wire/auth';
import { apiSlice } from './apiSlice';

export interface LoginRequest {
  email: string;
  senha: string;
  userType: UserType;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verify: build.query<VerifyAnswer, void>({
      query: () => '/auth/verify',
      providesTags: ['Session'],
    }),
    changePassword: build.mutation<PasswordChanged, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    /** Revokes the given token: 'Sair' sends it after the browser has forgotten it (app/layout/useLogout.ts). */
    logout: build.mutation<LoggedOut, string>({
      query: (token) => ({ url: '/auth/logout', method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
    }),
  }),
});

export const { useLoginMutation, useVerifyQuery, useChangePasswordMutation, useLogoutMutation } = authApi;
