/**
 * Sales channels: partners (parceiros), their branches (filiais) and the branches' resellers
 * (revendedores). Records as the API answers them (spec section 3) and every text the three
 * screens show (spec sections 2 and 8).
 */

export interface Partner {
  id: number;
  nome: string;
  /** 14 digits. */
  cnpj: string;
  email: string;
  agencia: string | null;
  conta: string | null;
  digito: string | null;
  pix: string | null;
  ativo: boolean;
  /** URL of the logo image (cacheable, public), or null without a logo. */
  logotipo: string | null;
  data_registro: string;
}

export interface Branch {
  id: number;
  id_parceiro: number;
  titulo: string;
  apelido: string | null;
  endereco: string | null;
  email: string;
  ativo: boolean;
  data_registro: string;
  parceiro: { nome: string };
}

export interface Reseller {
  id: number;
  id_parceiro: number;
  id_filial: number;
  nome: string;
  /** 11 digits. */
  cpf: string;
  cargo: string | null;
  email: string;
  pix: string | null;
  ativo: boolean;
  data_registro: string;
  parceiro_nome: string;
  filial_titulo: string;
}

/** What a create or update sends; `senha` blank on edit keeps the password. */
export interface PartnerInput {
  nome: string;
  cnpj: string;
  email: string;
  senha?: string;
  agencia?: string | null;
  conta?: string | null;
  digito?: string | null;
  pix?: string | null;
  ativo?: boolean;
  /** A data URL replaces the logo, null removes it; the logo's own URL (or nothing) keeps it. */
  logotipo?: string | null;
}

export interface BranchInput {
  id_parceiro?: number;
  titulo: string;
  apelido?: string | null;
  endereco?: string | null;
  email: string;
  senha?: string;
  ativo?: boolean;
}

export interface ResellerInput {
  id_parceiro?: number;
  id_filial?: number;
  nome: string;
  cpf: string;
  cargo?: string | null;
  email: string;
  pix?: string | null;
  senha?: string;
  ativo?: boolean;
}

/** The filters of each list, as URL and API query names. */
export { BRANCH_FILTERS, PARTNER_FILTERS, RESELLER_FILTERS } from './listFilters';

export const STATUS_LABELS = { active: 'Ativo', inactive: 'Inativo' } as const;
export const statusLabel = (ativo: boolean) => (ativo ? STATUS_LABELS.active : STATUS_LABELS.inactive);

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_HINT = 'PNG, JPG ou GIF até 5MB';

/** Validation messages shared by the forms and the server. */
export const CHANNEL_VALIDATION = {
  nameRequired: 'Nome é obrigatório',
  cnpjRequired: 'CNPJ é obrigatório',
  cnpjInvalid: 'CNPJ inválido',
  cpfRequired: 'CPF é obrigatório',
  cpfInvalid: 'CPF inválido',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  passwordRequired: 'Senha é obrigatória',
  passwordMin: 'A senha deve ter no mínimo 6 caracteres',
  partnerRequired: 'Parceiro é obrigatório',
  branchRequired: 'Filial é obrigatória',
  titleRequired: 'Título é obrigatório',
  logoTooLarge: 'A imagem deve ter no máximo 5MB',
  logoType: 'O logotipo deve ser uma imagem PNG, JPG ou GIF',
  tooLong: (max: number) => `Máximo de ${max} caracteres`,
} as const;

export const EMAIL_TAKEN = 'E-mail já cadastrado';

interface EntityTexts {
  title: string;
  newButton: string;
  createTitle: string;
  editTitle: string;
  detailsTitle: string;
  emptyText: string;
  deleteTitle: string;
  deleteQuestion: (name: string) => string;
  inactivateTitle: string;
  inactivateQuestion: (name: string) => string;
  csvFilename: string;
  messages: {
    created: string;
    updated: string;
    createError: string;
    updateError: string;
    loadError: string;
    removed: string;
    removeError: string;
    activated: string;
    deactivated: string;
    statusError: string;
  };
}

const deleteQuestion = (article: string, noun: string) => (name: string) =>
  `Tem certeza que deseja remover ${article} ${noun} ${name}? Esta ação não pode ser desfeita.`;

export const PARTNER_TEXTS: EntityTexts = {
  title: 'Lista de Parceiros',
  newButton: 'Novo Parceiro',
  createTitle: 'Cadastrar Parceiro',
  editTitle: 'Editar Parceiro',
  detailsTitle: 'Detalhes do Parceiro',
  emptyText: 'Nenhum parceiro cadastrado',
  deleteTitle: 'Remover parceiro',
  deleteQuestion: deleteQuestion('o', 'parceiro'),
  inactivateTitle: 'Inativar parceiro',
  inactivateQuestion: (name) =>
    `Tem certeza que deseja inativar o parceiro ${name}? O parceiro, suas filiais e seus revendedores perderão o acesso ao sistema e os links de venda deixarão de funcionar.`,
  csvFilename: 'parceiros.csv',
  messages: {
    created: 'Parceiro cadastrado com sucesso!',
    updated: 'Parceiro atualizado com sucesso!',
    createError: 'Erro ao cadastrar parceiro',
    updateError: 'Erro ao atualizar parceiro',
    loadError: 'Erro ao carregar lista de parceiros',
    removed: 'Parceiro removido com sucesso!',
    removeError: 'Erro ao remover parceiro',
    activated: 'Parceiro ativado com sucesso!',
    deactivated: 'Parceiro desativado com sucesso!',
    statusError: 'Erro ao alterar status do parceiro',
  },
};

export const BRANCH_TEXTS: EntityTexts = {
  title: 'Lista de Filiais',
  newButton: 'Nova Filial',
  createTitle: 'Cadastrar Filial',
  editTitle: 'Editar Filial',
  detailsTitle: 'Detalhes da Filial',
  emptyText: 'Nenhuma filial cadastrada',
  deleteTitle: 'Remover filial',
  deleteQuestion: deleteQuestion('a', 'filial'),
  inactivateTitle: 'Inativar filial',
  inactivateQuestion: (name) =>
    `Tem certeza que deseja inativar a filial ${name}? A filial e seus revendedores perderão o acesso ao sistema e os links de venda deixarão de funcionar.`,
  csvFilename: 'filiais.csv',
  messages: {
    created: 'Filial cadastrada com sucesso!',
    updated: 'Filial atualizada com sucesso!',
    createError: 'Erro ao cadastrar filial',
    updateError: 'Erro ao atualizar filial',
    loadError: 'Erro ao carregar lista de filiais',
    removed: 'Filial removida com sucesso!',
    removeError: 'Erro ao remover filial',
    activated: 'Filial ativada com sucesso!',
    deactivated: 'Filial desativada com sucesso!',
    statusError: 'Erro ao alterar status da filial',
  },
};

export const RESELLER_TEXTS: EntityTexts = {
  title: 'Lista de Revendedores',
  newButton: 'Novo Revendedor',
  createTitle: 'Cadastrar Revendedor',
  editTitle: 'Editar Revendedor',
  detailsTitle: 'Detalhes do Revendedor',
  emptyText: 'Nenhum revendedor cadastrado',
  deleteTitle: 'Remover revendedor',
  deleteQuestion: deleteQuestion('o', 'revendedor'),
  inactivateTitle: 'Inativar revendedor',
  inactivateQuestion: (name) =>
    `Tem certeza que deseja inativar o revendedor ${name}? Ele perderá o acesso ao sistema e seu link de vendas deixará de funcionar.`,
  csvFilename: 'revendedores.csv',
  messages: {
    created: 'Revendedor cadastrado com sucesso!',
    updated: 'Revendedor atualizado com sucesso!',
    createError: 'Erro ao cadastrar revendedor',
    updateError: 'Erro ao atualizar revendedor',
    loadError: 'Erro ao carregar lista de revendedores',
    removed: 'Revendedor removido com sucesso!',
    removeError: 'Erro ao remover revendedor',
    activated: 'Revendedor ativado com sucesso!',
    deactivated: 'Revendedor desativado com sucesso!',
    statusError: 'Erro ao alterar status do revendedor',
  },
};

/** Why a record cannot be removed (409). */
export const DELETE_BLOCKED = {
  partnerHasBranches: 'Não é possível remover o parceiro: ele possui filiais cadastradas. Remova as filiais antes ou inative o parceiro.',
  branchHasResellers:
    'Não é possível remover a filial: ela possui revendedores cadastrados. Remova os revendedores antes ou inative a filial.',
  resellerHasSales: 'Não é possível remover o revendedor: ele possui vendas registradas. Inative o revendedor para bloquear o acesso.',
  resellerHasBeneficiaries:
    'Não é possível remover o revendedor: ele possui beneficiários vinculados. Inative o revendedor para bloquear o acesso.',
} as const;

/** Form labels, shared by the forms, the details dialogs and their tests. */
export const CHANNEL_LABELS = {
  logo: 'Logotipo',
  nome: 'Nome',
  cnpj: 'CNPJ',
  cpf: 'CPF',
  email: 'Email',
  senha: 'Senha',
  senhaEditHint: 'Deixe em branco para manter a senha atual',
  agencia: 'Agência',
  conta: 'Conta',
  digito: 'Dígito',
  pix: 'PIX',
  ativo: 'Ativo',
  status: 'Status',
  dataRegistro: 'Data de Registro',
  parceiro: 'Parceiro',
  filial: 'Filial',
  titulo: 'Título',
  apelido: 'Apelido',
  endereco: 'Endereço',
  cargo: 'Cargo',
  choosePartner: 'Selecione o parceiro',
  chooseBranch: 'Selecione a filial',
  choosePartnerFirst: 'Selecione um parceiro primeiro',
  inactiveOption: (name: string) => `${name} (inativo)`,
  inactiveBranchOption: (name: string) => `${name} (inativa)`,
} as const;

/** Buttons of the three screens. */
export const CHANNEL_ACTIONS = {
  create: 'Cadastrar',
  save: 'Salvar Alterações',
  remove: 'Remover',
  inactivate: 'Inativar',
  exportCsv: 'Exportar CSV',
  exportError: 'Erro ao exportar CSV',
  pickLogo: 'Selecionar imagem',
  replaceLogo: 'Trocar imagem',
  removeLogo: 'Remover imagem',
} as const;

/**
 * The toast for a failed save: the server's own Portuguese message when it refused the request
 * (400 validation, 404, 409 'E-mail já cadastrado'), the screen's generic message otherwise
 * (server error, network down).
 */
export function failureMessage(error: unknown, fallback: string): string {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { message?: unknown } };
  const refused = typeof status === 'number' && status >= 400 && status < 500;
  return refused && typeof data?.message === 'string' && data.message ? data.message : fallback;
}
