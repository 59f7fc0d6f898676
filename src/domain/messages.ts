import type { UserType } from './userTypes';

/** The spec's Portuguese texts shared by several screens; each feature keeps its own in its domain file. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Credenciais inválidas.',
  loginFailed: 'Erro ao fazer login. Verifique suas credenciais.',
  loginSuccess: 'Login realizado com sucesso!',
  emailInvalid: 'Digite um email válido',
  emailRequired: 'Email é obrigatório',
  passwordMin: 'A senha deve ter no mínimo 6 caracteres',
  passwordMax: 'A senha deve ter no máximo 128 caracteres',
  passwordCommon: 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.',
  passwordSameAsCurrent: 'A nova senha deve ser diferente da senha atual.',
  passwordRequired: 'Senha é obrigatória',
  userTypeRequired: 'Tipo de usuário é obrigatório',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.',
  tooManyPasswordAttempts: 'Muitas tentativas com a senha atual incorreta. Aguarde 15 minutos e tente novamente.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  /** Two changes at once (two tabs, two clicks): the other one won, and ended this session. */
  passwordChangedMeanwhile: 'A senha acabou de ser alterada por outra solicitação. Entre novamente com a nova senha.',
} as const;

/** Who can reactivate an account of each type: the level above it (or another administrator). */
const REACTIVATED_BY: Record<UserType, string> = {
  REVENDEDOR: 'a sua filial ou o seu parceiro',
  FILIAL: 'o seu parceiro',
  PARCEIRO: 'o administrador do portal',
  ADMINISTRADOR: 'outro administrador do portal',
};

/** The right password for an inactive account (or one beneath an inactive branch or partner). */
export const accountInactiveMessage = (userType: UserType) =>
  `Sua conta está inativa. Fale com ${REACTIVATED_BY[userType]} para reativá-la.`;

/** A signed-in session ended because the account (or its branch or partner) was inactivated. */
export const sessionEndedInactiveMessage = (userType: UserType) =>
  `Sua sessão foi encerrada porque a sua conta foi inativada. Fale com ${REACTIVATED_BY[userType]} para reativá-la.`;

export const PASSWORD_MIN_LENGTH = 6;
/** Longer passwords are refused before any hashing: argon2 over megabytes would cost every request. */
export const PASSWORD_MAX_LENGTH = 128;
