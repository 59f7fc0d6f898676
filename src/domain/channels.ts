/**
 * Sales channels: partners (parceiros), their branches (filiais) and the branches' resellers
 * (revendedores). Records as the API answers them (spec section 3) and every text the three
 * screens show (spec sections 2 and 8).
 */

import { RECORD_VERSION_INVALID } from './recordVersion';

// The records as the API answers them: their schemas live with the API's answers.
export type { Branch, BranchOption, Partner, PartnerOption, PartnerView, Reseller } from './wire/channels';

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
  /** The record's version as it was read (`versao` of the answers): an update of a record changed since is refused (409). */
  versao?: number;
}

export interface BranchInput {
  id_parceiro?: number;
  titulo: string;
  apelido?: string | null;
  endereco?: string | null;
  email: string;
  senha?: string;
  ativo?: boolean;
  /** The record's version as it was read (`versao` of the answers): an update of a record changed since is refused (409). */
  versao?: number;
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
  /** The record's version as it was read (`versao` of the answers): an update of a record changed since is refused (409). */
  versao?: number;
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
  partnerRequired: 'Parceiro é obrigatório',
  branchRequired: 'Filial é obrigatória',
  titleRequired: 'Título é obrigatório',
  logoTooLarge: 'A imagem deve ter no máximo 5MB',
  logoType: 'O logotipo deve ser uma imagem PNG, JPG ou GIF',
  versionInvalid: RECORD_VERSION_INVALID,
} as const;

export const EMAIL_TAKEN = 'E-mail já cadastrado';
/** A reseller or branch moved to another partner whose beneficiaries already include one of the same CPF. */
export const MOVE_CPF_TAKEN = 'O parceiro de destino já tem um beneficiário com o CPF de um dos beneficiários desta conta.';
/** A CNPJ identifies one partner. */
export const CNPJ_TAKEN = 'CNPJ já cadastrado para outro parceiro';
/** A request read a branch or partner just before another request moved or removed it. */
export const CHANNEL_CHANGED = 'A filial ou o parceiro escolhido acabou de mudar. Confira os dados e tente novamente.';

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
  /** What inactivating does, said the same on every screen that offers it (the server enforces each part). */
  inactivationEffect: string;
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

/*
 * What inactivating does (one wording, 'inativar'/'inativado', everywhere; the spec's own toasts
 * 'Parceiro ativado/desativado com sucesso!' stay as the spec writes them). The server enforces it:
 * sign-in answers that the account is inactive and open sessions end. A sales link keeps selling (a
 * buyer is not turned away for an old link), but its sales are no longer credited to anyone
 * (server/services/payments/resellerLink.ts).
 */
const KEPT_IN_REPORTS = 'As vendas e os beneficiários já registrados continuam nos relatórios.';
const PARTNER_INACTIVATION = `Inativado, o parceiro, suas filiais e seus revendedores perdem o acesso ao sistema (as sessões abertas são encerradas), e as vendas feitas pelos links de vendas dos seus revendedores passam a ser registradas sem revendedor. ${KEPT_IN_REPORTS}`;
const BRANCH_INACTIVATION = `Inativada, a filial e seus revendedores perdem o acesso ao sistema (as sessões abertas são encerradas), e as vendas feitas pelos links de vendas dos seus revendedores passam a ser registradas sem revendedor. ${KEPT_IN_REPORTS}`;
const RESELLER_INACTIVATION = `Inativado, o revendedor perde o acesso ao sistema (as sessões abertas são encerradas), e as vendas feitas pelo seu link de vendas passam a ser registradas sem revendedor. ${KEPT_IN_REPORTS}`;

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
  inactivateQuestion: (name) => `Tem certeza que deseja inativar o parceiro ${name}? ${PARTNER_INACTIVATION}`,
  inactivationEffect: PARTNER_INACTIVATION,
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
  inactivateQuestion: (name) => `Tem certeza que deseja inativar a filial ${name}? ${BRANCH_INACTIVATION}`,
  inactivationEffect: BRANCH_INACTIVATION,
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
  inactivateQuestion: (name) => `Tem certeza que deseja inativar o revendedor ${name}? ${RESELLER_INACTIVATION}`,
  inactivationEffect: RESELLER_INACTIVATION,
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
  partnerHasBeneficiaries:
    'Não é possível remover o parceiro: ele possui beneficiários cadastrados. Inative o parceiro para bloquear o acesso.',
  branchHasResellers:
    'Não é possível remover a filial: ela possui revendedores cadastrados. Remova os revendedores antes ou inative a filial.',
  branchHasBeneficiaries: 'Não é possível remover a filial: ela possui beneficiários cadastrados. Inative a filial para bloquear o acesso.',
  resellerHasSales: 'Não é possível remover o revendedor: ele possui vendas registradas. Inative o revendedor para bloquear o acesso.',
  resellerHasBeneficiaries:
    'Não é possível remover o revendedor: ele possui beneficiários vinculados. Inative o revendedor para bloquear o acesso.',
  resellerHasPaymentInProgress:
    'Não é possível remover o revendedor agora: um pagamento pelo link de vendas dele está em andamento. Tente novamente em alguns minutos.',
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
