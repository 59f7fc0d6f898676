/** Texts and kinds of 'Configurações do Sistema' (route site) and 'Meu Perfil' (route configuracoes). */

/** How a parameter's value is checked; stored in `parameters.tipo`. */
export const PARAMETER_KINDS = ['url', 'number', 'email', 'text'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

export const PARAMETER_KIND_LABELS: Record<ParameterKind, string> = {
  url: 'URL',
  number: 'Número',
  email: 'E-mail',
  text: 'Texto',
};

/** A kind the portal does not know (a row edited by hand) is checked as plain text. */
export function parameterKindOf(tipo: string | null | undefined): ParameterKind {
  return (PARAMETER_KINDS as readonly string[]).includes(tipo ?? '') ? (tipo as ParameterKind) : 'text';
}

export const PARAMETER_VALUE_MAX_LENGTH = 2000;

export const PARAMETER_VALUE_MESSAGES = {
  required: 'Informe o valor do parâmetro.',
  notText: 'O valor do parâmetro deve ser um texto.',
  tooLong: `O valor deve ter no máximo ${PARAMETER_VALUE_MAX_LENGTH} caracteres.`,
  url: 'Informe uma URL válida, começando com http:// ou https://.',
  number: 'Informe um número válido (use ponto para decimais, ex.: 10 ou 2.5).',
  email: 'Informe um e-mail válido.',
} as const;

export const SETTINGS_TEXTS = {
  title: 'Configurações do Sistema',
  tableCaption: 'Parâmetros do sistema',
  columns: { id: 'ID', parameter: 'Parâmetro', value: 'Valor', actions: 'Ações' },
  save: 'Salvar',
  saving: 'Salvando...',
  history: 'Histórico',
  empty: 'Nenhum parâmetro cadastrado',
  updatedAt: 'Atualizado em',
  historyTitle: (parametro: string) => `Histórico de ${parametro}`,
  historyEmpty: 'Nenhuma alteração registrada para este parâmetro.',
  historyColumns: { when: 'Data/hora', who: 'Alterado por', oldValue: 'Valor anterior', newValue: 'Novo valor' },
  emptyValue: '(vazio)',
} as const;

export const SETTINGS_MESSAGES = {
  loadError: 'Erro ao carregar parâmetros',
  updateSuccess: 'Parâmetro atualizado com sucesso',
  updateError: 'Erro ao atualizar parâmetro',
  historyLoadError: 'Erro ao carregar histórico do parâmetro',
  notFound: 'Parâmetro não encontrado.',
} as const;

export const PROFILE_TEXTS = {
  title: 'Meu Perfil',
  userSection: 'Dados do usuário',
  passwordSection: 'Alterar senha',
  name: 'Nome',
  email: 'Email',
  currentPassword: 'Senha Atual',
  newPassword: 'Nova Senha',
  confirmPassword: 'Confirmar Nova Senha',
  submit: 'Alterar Senha',
  submitting: 'Alterando...',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  passwordHint: 'Mínimo de 6 caracteres.',
  retry: 'Tentar novamente',
  preferencesSection: 'Preferências',
  rememberLists: 'Listas lembram onde parei',
  rememberListsHint: 'Ao voltar a uma lista pelo menu, ela reabre com os mesmos filtros, ordem e página, até você sair do sistema.',
  darkMode: 'Modo escuro',
  darkModeHint: 'Também pelo botão no topo da tela. Vale para você neste navegador; cada usuário tem o seu.',
} as const;

export const PROFILE_MESSAGES = {
  loadError: 'Erro ao carregar dados do usuário',
  changeSuccess: 'Senha alterada com sucesso',
  changeError: 'Erro ao alterar senha',
  passwordsMismatch: 'As senhas novas não coincidem.',
} as const;
