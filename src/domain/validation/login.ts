import { object, ref, string, type StringSchema } from './yup';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../messages';
import { USER_TYPES } from '../userTypes';

/** The login form's rules; the server applies the same schema to POST /api/auth/login. */
export const loginSchema = object({
  userType: string()
    .required(AUTH_MESSAGES.userTypeRequired)
    .oneOf([...USER_TYPES], AUTH_MESSAGES.userTypeRequired),
  email: string().trim().required(AUTH_MESSAGES.emailRequired).email(AUTH_MESSAGES.emailInvalid),
  senha: string().required(AUTH_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin),
});

/** The length a password being set must have (the common-passwords list is checked by the server only). */
const withPasswordLength = <S extends StringSchema<string | undefined>>(schema: S): S =>
  schema.min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax);

/** A password being set, when it may be left blank (an edit keeps the current one). */
export const newPasswordRule = () => withPasswordLength(string());

/** A password being set that must be given: "required" comes first, so a blank field is named missing, not too short. */
export const requiredNewPasswordRule = (message: string) => withPasswordLength(string().required(message));

export const changePasswordSchema = object({
  // No password is longer than the maximum: a longer "current password" is wrong, and never hashed.
  currentPassword: string().required('Senha atual é obrigatória').max(PASSWORD_MAX_LENGTH, 'Senha atual incorreta.'),
  newPassword: requiredNewPasswordRule(AUTH_MESSAGES.passwordRequired).notOneOf(
    [ref('currentPassword')],
    AUTH_MESSAGES.passwordSameAsCurrent,
  ),
});

/** What the server requires of a login request; a wrong password of any length is just 401. */
export const loginRequestSchema = object({
  userType: string().required(AUTH_MESSAGES.userTypeRequired),
  email: string().trim().required(AUTH_MESSAGES.emailRequired),
  senha: string().required(AUTH_MESSAGES.passwordRequired),
});
