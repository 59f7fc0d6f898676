/** The audit trail ('Auditoria'): what is recorded and how the screen names it. */

import type { AuditAction, AuditEntity } from './auditKinds';

export { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from './auditKinds';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  view: 'Visualização',
  create: 'Cadastro',
  update: 'Edição',
  status: 'Alteração de status',
  delete: 'Exclusão',
  export: 'Exportação',
};

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  beneficiary: 'Beneficiário',
  professional: 'Profissional',
  appointment: 'Agendamento',
  referral: 'Encaminhamento',
  partner: 'Parceiro',
  branch: 'Filial',
  reseller: 'Revendedor',
  parameter: 'Parâmetro',
};

export const USER_TYPE_LABELS: Record<string, string> = {
  ADMINISTRADOR: 'Administrador',
  PARCEIRO: 'Parceiro',
  FILIAL: 'Filial',
  REVENDEDOR: 'Revendedor',
  CHECKOUT: 'Checkout público',
  GATEWAY: 'Gateway de pagamento',
  SISTEMA: 'Sistema',
};

/** Where a beneficiary's data was seen, as the summary of its 'view' row. */
export const AUDIT_VIEW_SOURCES = {
  agenda: 'Agenda de Consultas',
  appointment: 'Detalhes da Consulta',
  referrals: 'Lista de Encaminhamentos',
} as const;

/** Rows are kept at least this long (LGPD accountability); older ones are purged. */
export const AUDIT_RETENTION_MONTHS = 6;

/** The audit trail's rows as the API answers them: one definition, shared with the server. */
export type { AuditEntryView, BeneficiaryAuditEntry } from './wire/audit';

export const AUDIT_FILTER_NAMES = ['from', 'to', 'user', 'userType', 'action', 'entity'] as const;
export type AuditFilterName = (typeof AUDIT_FILTER_NAMES)[number];

export const AUDIT_TEXTS = {
  title: 'Auditoria',
  subtitle: 'Quem viu ou alterou dados do portal, quando e de onde. Registros mantidos por pelo menos 6 meses.',
  columns: {
    when: 'Data/Hora',
    user: 'Usuário',
    userType: 'Tipo',
    action: 'Ação',
    entity: 'Registro',
    summary: 'Detalhes',
    address: 'Endereço IP',
  },
  filters: {
    from: 'De',
    to: 'Até',
    user: 'Usuário',
    userType: 'Tipo de usuário',
    action: 'Ação',
    entity: 'Registro',
    all: 'Todos',
  },
  empty: 'Nenhum registro de auditoria.',
  loadError: 'Erro ao carregar a auditoria.',
  exportCsv: 'Exportar CSV',
  exportError: 'Erro ao exportar a auditoria.',
  csvFilename: 'auditoria.csv',
  beneficiaryHistoryTitle: 'Acessos e alterações recentes',
  beneficiaryHistoryEmpty: 'Nenhum acesso registrado.',
  beneficiaryHistoryError: 'Não foi possível carregar o histórico de acessos.',
  invalidDate: (name: string) => `Parâmetro ${name} inválido.`,
  invalidPeriod: 'A data inicial deve ser anterior à data final.',
} as const;

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity;
}
