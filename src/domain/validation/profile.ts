import { string } from './yup';
import { PROFILE_MESSAGES } from '../settings';
import { changePasswordSchema } from './login';

/**
 * 'Meu Perfil' password form: the server's rules for POST /api/auth/change-password (current
 * password, new password of at least 6 characters) plus the confirmation, which never leaves the page.
 * A blank confirmation of a typed password is a mismatch too.
 */
export const profilePasswordSchema = changePasswordSchema.shape({
  confirmPassword: string().test(
    'matches-new-password',
    PROFILE_MESSAGES.passwordsMismatch,
    (value, context) => (value ?? '') === ((context.parent as { newPassword?: string }).newPassword ?? ''),
  ),
});
