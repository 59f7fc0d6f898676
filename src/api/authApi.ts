import type { UserType } from '../domain/userTypes';
import { apiSlice } from './apiSlice';

export interface LoginRequest {
  email: string;
  senha: string;
  userType: UserType;
}
export interface LoginResponse {
  token: string;
  user: { id: number; nome: string; email: string; userType: UserType };
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verify: build.query<{ user: { nome: string; email: string } }, void>({
      query: () => '/auth/verify',
      providesTags: ['Session'],
    }),
    changePassword: build.mutation<{ success: boolean; token?: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    logout: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useVerifyQuery, useChangePasswordMutation, useLogoutMutation } = authApi;
