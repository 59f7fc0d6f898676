/**
 * Each list's filters, as URL and API query parameter names, in the order the screens read them.
 * Apart from the domain modules so the screen registry (app/screens.ts, in the first load) can name
 * a list's filters for its first page preload without pulling the screens' texts into the first load.
 */
export const BENEFICIARY_FILTERS = ['name', 'reseller', 'branch', 'partner'] as const;
export const PROFESSIONAL_FILTERS = ['nome', 'cpf', 'email'] as const;
export const APPOINTMENT_FILTERS = ['dataInicial', 'dataFinal', 'paciente', 'especialidade', 'status', 'profissional'] as const;
export const REFERRAL_FILTERS = ['dataInicial', 'dataFinal', 'busca', 'status'] as const;
export const PARTNER_FILTERS = ['nome', 'cnpj', 'email'] as const;
export const BRANCH_FILTERS = ['titulo', 'parceiro', 'email'] as const;
export const RESELLER_FILTERS = ['nome', 'parceiro', 'filial', 'cpf'] as const;
/** The report's filters; partner, branch and reseller are ids. */
export const REPORT_FILTERS = ['partner', 'branch', 'reseller', 'tipo', 'forma_pagamento', 'month'] as const;
