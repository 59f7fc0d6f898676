/** Beneficiaries: the spec's texts, messages, code labels and the record as the API sends it. */
import { BENEFICIARY_FILTERS } from './listFilters';
import { tooLongMessage } from './fieldMessages';

export const BENEFICIARY_TEXTS = {
  planTypesReadOnly: 'Tipos de pagamento e de serviço seguem o plano pago: somente um administrador pode alterá-los.',
  listTitle: 'Lista de Beneficiários',
  newButton: 'Novo Beneficiário',
  createTitle: 'Cadastrar Beneficiário',
  // The spec's button text, typo included.
  createSubmit: 'Cadastrar Beneficário',
  createSubmitting: 'Cadastrando...',
  detailsTitle: 'Detalhes do Beneficiário',
  editTitle: 'Editar Beneficiário',
  editSubmit: 'Salvar Alterações',
  salesLinkButton: 'Seu link de vendas',
  openSalesPageButton: 'Abrir página de vendas',
  exportCsv: 'Exportar CSV',
  empty: 'Nenhum beneficiário cadastrado',
  holderLabel: 'Titular',
  dependentLabel: 'Dependente',
  noReseller: 'Sem revendedor',
  activateTitle: 'Ativar beneficiário',
  inactivateTitle: 'Inativar beneficiário',
  activate: 'Ativar',
  inactivate: 'Inativar',
} as const;

export const BENEFICIARY_FIELD_LABELS = {
  beneficiaryType: 'Tipo de Beneficiário',
  holder: 'CPF do Titular',
  name: 'Nome Completo',
  cpf: 'CPF',
  birthday: 'Data de Nascimento',
  phone: 'Telefone',
  email: 'Email',
  zipCode: 'CEP',
  city: 'Cidade',
  state: 'Estado',
  address: 'Endereço',
  paymentType: 'Tipo de Pagamento',
  serviceType: 'Tipo de Serviço',
  reseller: 'Revendedor',
  branch: 'Filial',
  partner: 'Parceiro',
  status: 'Status',
} as const;

/** Spec section 8 plus the validation messages of section 5 (and the CPF check digits). */
export const BENEFICIARY_MESSAGES = {
  loadError: 'Erro ao carregar lista de beneficiários',
  created: 'Beneficiário cadastrado com sucesso!',
  createError: 'Erro ao cadastrar beneficiário',
  sendError: 'Erro ao enviar os dados!',
  updated: 'Beneficiário atualizado com sucesso!',
  updateError: 'Erro ao atualizar os dados!',
  statusUpdated: 'Status atualizado com sucesso!',
  statusError: 'Erro ao atualizar status do beneficiário',
  fetchError: 'Erro ao buscar beneficiário',
  linkCopied: 'Link copiado com sucesso!',
  linkCopyError: 'Não foi possível copiar o link. Copie-o manualmente: ',
  exportError: 'Erro ao exportar beneficiários',
  cpfTaken: 'CPF já cadastrado',
  planTypesAdminOnly: 'Os tipos de pagamento e de serviço seguem o plano pago: somente um administrador pode alterá-los.',
  holderAmbiguous: 'Este CPF é titular em mais de um parceiro: cadastre o dependente por um usuário do parceiro do titular.',
  holderNotFound: 'Titular não encontrado',
  holderInactive: 'O titular está inativo: ative o titular antes de cadastrar ou ativar dependentes.',
  resellerCannotCreate: 'Revendedores cadastram beneficiários pela página de vendas.',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: tooLongMessage('Nome', 150),
  cpfRequired: 'CPF é obrigatório',
  cpfInvalid: 'CPF inválido',
  birthdayRequired: 'Data de nascimento é obrigatória',
  birthdayInvalid: 'Data de nascimento inválida',
  typeRequired: 'Tipo de beneficiário é obrigatório',
  holderRequired: 'CPF do titular é obrigatório',
  holderInvalid: 'CPF do titular inválido',
  holderSameAsCpf: 'O CPF do titular deve ser diferente do CPF do dependente',
  createEmailInvalid: 'E-mail inválido',
  editEmailInvalid: 'Email inválido',
  phoneInvalid: 'Telefone inválido',
  zipCodeInvalid: 'CEP inválido',
  stateInvalid: 'Estado deve ser a sigla de uma das 27 UFs',
  paymentTypeInvalid: 'Tipo de pagamento inválido',
  serviceTypeInvalid: 'Tipo de serviço inválido',
  invalidValue: 'Valor inválido',
} as const;

export const BENEFICIARY_TYPES = ['titular', 'dependente'] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];

export const PAYMENT_TYPES = [
  { value: 'S', label: 'Recorrente' },
  { value: 'A', label: 'Consulta' },
] as const;
export const SERVICE_TYPES = [
  { value: 'G', label: 'Clínico' },
  { value: 'P', label: 'Psicologia' },
  { value: 'GP', label: 'Clínico + Psicologia' },
  { value: 'GS', label: 'Clínico + Especialista' },
  { value: 'GSP', label: 'Clínico + Especialistas + Psicologia' },
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]['value'];
export type ServiceType = (typeof SERVICE_TYPES)[number]['value'];
export const PAYMENT_TYPE_CODES: readonly string[] = PAYMENT_TYPES.map((type) => type.value);
export const SERVICE_TYPE_CODES: readonly string[] = SERVICE_TYPES.map((type) => type.value);
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'S';
export const DEFAULT_SERVICE_TYPE: ServiceType = 'G';

export const UNKNOWN_CODE_LABEL = 'Desconhecido';

const labelOf = (types: ReadonlyArray<{ value: string; label: string }>, code: string | null | undefined) =>
  types.find((type) => type.value === code)?.label ?? UNKNOWN_CODE_LABEL;

/** 'Recorrente' for S, 'Consulta' for A, 'Desconhecido' otherwise. */
export const paymentTypeLabel = (code: string | null | undefined) => labelOf(PAYMENT_TYPES, code);
/** 'Clínico', 'Psicologia', … for the service codes, 'Desconhecido' otherwise. */
export const serviceTypeLabel = (code: string | null | undefined) => labelOf(SERVICE_TYPES, code);

/** The status confirmation: the spec's question, followed by the name. */
export const statusQuestion = (isActive: boolean) => `Tem certeza que deseja ${isActive ? 'inativar' : 'ativar'} este beneficiário?`;

/** A reseller's personal sales link: the public checkout carrying its id. */
export const salesLink = (origin: string, resellerId: number | string) => `${origin}/checkout?rev=${resellerId}`;

/** A beneficiary as the API answers it, and the answers of its writes. */
export type { Beneficiary, BeneficiarySaveAnswer, BeneficiaryStatusAnswer } from './wire/beneficiaries';

/** The list filters, as URL and API query parameters (ids for the channel). */
export { BENEFICIARY_FILTERS };
export type BeneficiaryFilterName = (typeof BENEFICIARY_FILTERS)[number];

export const BENEFICIARY_FILTER_LABELS: Record<BeneficiaryFilterName, string> = {
  name: 'Nome do Beneficiário',
  reseller: 'Revendedor',
  branch: 'Filial',
  partner: 'Parceiro',
};
