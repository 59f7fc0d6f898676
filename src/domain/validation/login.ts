import { object, string } from 'yup';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../messages';
import { USER_TYPES } from '../userTypes';

/** The login form's rules; the server applies the same schema to POST /api/auth/login. */
export const loginSchema = object({
  userType: string()
    .required(AUTH_MESSAGES.userTypeRequired)
    .oneOf([...USER_TYPES], AUTH_MESSAGES.userTypeRequired),
  email: string().trim().required(AUTH_MESSAGES.emailRequired).email(AUTH_MESSAGES.emailInvalid),
  senha: string().required(AUTH_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin),
});

export const changePasswordSchema = object({
  currentPassword: string().required('Senha atual é obrigatória'),
  newPassword: string().required(AUTH_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin),
});

/** What the server requires of a login request; a wrong password of any length is just 401. */
export const loginRequestSchema = object({
  userType: string().required(AUTH_MESSAGES.userTypeRequired),
  email: string().trim().required(AUTH_MESSAGES.emailRequired),
  senha: string().required(AUTH_MESSAGES.passwordRequired),
});
