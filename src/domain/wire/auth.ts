/** Signing in and the session as the API answers them (spec sections 5 and 7). */
import { Type, type Static } from '@sinclair/typebox';
import { USER_TYPES } from '../userTypes';
import { WireObject } from './answers';

/** The signed-in account: the client keeps its id, e-mail and type (spec section 5). */
export const SessionUser = WireObject({
  id: Type.Integer(),
  nome: Type.String(),
  email: Type.String(),
  userType: Type.Union(USER_TYPES.map((type) => Type.Literal(type))),
});
export type SessionUser = Static<typeof SessionUser>;

/** POST /api/auth/login: the bearer token and the account. */
export const LoginAnswer = WireObject({ token: Type.String({ description: 'Bearer token (JWT)' }), user: SessionUser });
export type LoginAnswer = Static<typeof LoginAnswer>;

/** GET /api/auth/verify: the account of the token. */
export const VerifyAnswer = WireObject({ user: SessionUser });
export type VerifyAnswer = Static<typeof VerifyAnswer>;

/** POST /api/auth/change-password: older tokens stop working, this fresh one keeps the session. */
export const PasswordChanged = WireObject({ success: Type.Boolean(), token: Type.String({ description: 'Bearer token (JWT)' }) });
export type PasswordChanged = Static<typeof PasswordChanged>;

/** POST /api/auth/logout: the session of the token sent ends (the account's other sessions go on). */
export const LoggedOut = WireObject({ success: Type.Boolean() });
export type LoggedOut = Static<typeof LoggedOut>;
