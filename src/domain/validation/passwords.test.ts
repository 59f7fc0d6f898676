import { AUTH_MESSAGES } from '../messages';
import { partnerSchema } from './channels';
import { changePasswordSchema, loginRequestSchema, loginSchema } from './login';
import { validationOutcome } from '../../test/validationOutcome';
import { profilePasswordSchema } from './profile';

/** The browser and the server share these rules: length 6 to 128, and a new password is not the current one. */

const errorsOf = async (schema: { validate: (value: unknown, options: object) => Promise<unknown> }, value: object) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('password rules shared with the server', () => {
  it.each([
    ['5 characters', 'ab-12', AUTH_MESSAGES.passwordMin],
    ['129 characters', 'x'.repeat(129), AUTH_MESSAGES.passwordMax],
  ])('refuse a new password of %s', async (_case, newPassword, message) => {
    expect(await errorsOf(changePasswordSchema, { currentPassword: 'atual-123', newPassword })).toEqual([message]);
    expect(
      await errorsOf(partnerSchema({ creating: true }), { nome: 'P', cnpj: '11444777000161', email: 'p@x.com.br', senha: newPassword }),
    ).toContain(message);
  });

  it('refuse the current password as the new one, in the profile form too', async () => {
    const same = { currentPassword: 'atual-123', newPassword: 'atual-123', confirmPassword: 'atual-123' };
    expect(await errorsOf(changePasswordSchema, same)).toEqual([AUTH_MESSAGES.passwordSameAsCurrent]);
    expect(await errorsOf(profilePasswordSchema, same)).toEqual([AUTH_MESSAGES.passwordSameAsCurrent]);
  });

  it('name a blank new password as missing first, not as too short', async () => {
    const [first] = await errorsOf(changePasswordSchema, { currentPassword: 'atual-123', newPassword: '' });
    expect(first).toBe(AUTH_MESSAGES.passwordRequired);
    const [firstOfProfile] = await errorsOf(profilePasswordSchema, { currentPassword: 'atual-123', newPassword: '', confirmPassword: '' });
    expect(firstOfProfile).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('accept 128 characters', async () => {
    expect(await errorsOf(changePasswordSchema, { currentPassword: 'atual-123', newPassword: 'x'.repeat(128) })).toEqual([]);
  });
});

describe('the login rules', () => {
  const login = { userType: 'PARCEIRO', email: ' ana@exemplo.com.br ', senha: 'segredo1' };

  it("take a user type of the spec's four, a valid e-mail (trimmed) and a password of 6 or more", () => {
    expect(validationOutcome(loginSchema, login)).toEqual({ value: { ...login, email: 'ana@exemplo.com.br' } });
    expect(validationOutcome(loginSchema, { userType: 'CLIENTE', email: 'ana', senha: '12345' })).toEqual({
      errors: { userType: AUTH_MESSAGES.userTypeRequired, email: AUTH_MESSAGES.emailInvalid, senha: AUTH_MESSAGES.passwordMin },
    });
    expect(validationOutcome(loginSchema, { userType: '', email: '  ', senha: '' })).toEqual({
      errors: { userType: AUTH_MESSAGES.userTypeRequired, email: AUTH_MESSAGES.emailRequired, senha: AUTH_MESSAGES.passwordRequired },
    });
  });

  it('ask the server only that each field is there: a wrong password of any length is a 401', () => {
    expect(validationOutcome(loginRequestSchema, { userType: 'X', email: ' x ', senha: '1' })).toEqual({
      value: { userType: 'X', email: 'x', senha: '1' },
    });
    expect(validationOutcome(loginRequestSchema, { email: ' ' })).toEqual({
      errors: { userType: AUTH_MESSAGES.userTypeRequired, email: AUTH_MESSAGES.emailRequired, senha: AUTH_MESSAGES.passwordRequired },
    });
  });

  it('name a missing or impossibly long current password', () => {
    expect(validationOutcome(changePasswordSchema, { currentPassword: '', newPassword: 'nova-123' })).toEqual({
      errors: { currentPassword: 'Senha atual é obrigatória' },
    });
    expect(validationOutcome(changePasswordSchema, { currentPassword: 'x'.repeat(129), newPassword: 'nova-123' })).toEqual({
      errors: { currentPassword: 'Senha atual incorreta.' },
    });
  });
});
