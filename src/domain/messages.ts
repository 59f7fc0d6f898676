/** The spec's Portuguese texts shared by several screens; each feature keeps its own in its domain file. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Credenciais inválidas.',
  loginFailed: 'Erro ao fazer login. Verifique suas credenciais.',
  loginSuccess: 'Login realizado com sucesso!',
  emailInvalid: 'Digite um email válido',
  emailRequired: 'Email é obrigatório',
  passwordMin: 'A senha deve ter no mínimo 6 caracteres',
  passwordRequired: 'Senha é obrigatória',
  userTypeRequired: 'Tipo de usuário é obrigatório',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
