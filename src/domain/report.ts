/** The sales report: texts, the answer of GET /api/reports/sales and the month choices. */
import { MONTH_NAMES } from './format';
import { REPORT_FILTERS } from './listFilters';
import type { UserType } from './userTypes';

export const REPORT_TEXTS = {
  title: 'Relatório de Vendas',
  countCard: 'Total de Vendas',
  totalCard: 'Valor Total',
  last30Card: 'Últimos 30 dias',
  last7Card: 'Últimos 7 dias',
  byPartnerTitle: 'Vendas por Parceiro',
  salesTitle: 'Vendas',
  chartTitle: 'Evolução das vendas (últimos 12 meses)',
  totalFooter: 'Total:',
  empty: 'Nenhuma venda registrada',
  /** The sales whose link named no active reseller: the buyer was served, no one is credited. */
  withoutReseller: 'Sem revendedor',
  withoutResellerCount: (count: number) =>
    `${new Intl.NumberFormat('pt-BR').format(count)} ${count === 1 ? 'venda' : 'vendas'} sem revendedor`,
  showWithoutReseller: 'Ver vendas sem revendedor',
  exportCsv: 'Exportar CSV',
} as const;

/** What the 12-month chart draws: each month's sales value or its number of sales. */
export type ChartMetric = 'total' | 'count';
export const CHART_METRICS: ReadonlyArray<{ value: ChartMetric; label: string }> = [
  { value: 'total', label: 'Valor' },
  { value: 'count', label: 'Quantidade' },
];
export const CHART_METRIC_GROUP_LABEL = 'O gráfico mostra';

export const REPORT_MESSAGES = {
  loadError: 'Erro ao carregar relatório de vendas',
  exportError: 'Erro ao exportar relatório de vendas',
} as const;

export const REPORT_COLUMNS = {
  reseller: 'Revendedor',
  branch: 'Filial',
  partner: 'Parceiro',
  type: 'Tipo',
  paymentMethod: 'Forma de pagamento',
  value: 'Valor',
  dateTime: 'Data/Hora',
  salesCount: 'Quantidade de Vendas',
  totalValue: 'Valor Total',
} as const;

/** 'Relatório de Vendas do Parceiro' / 'da Filial' / plain for everyone else. */
export function reportTitle(userType: UserType | null | undefined): string {
  if (userType === 'PARCEIRO') return `${REPORT_TEXTS.title} do Parceiro`;
  if (userType === 'FILIAL') return `${REPORT_TEXTS.title} da Filial`;
  return REPORT_TEXTS.title;
}

/** The report's filters (URL and API query parameters); partner, branch and reseller are ids. */
export { REPORT_FILTERS };
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

export const REPORT_FILTER_LABELS: Record<ReportFilterName, string> = {
  partner: 'Parceiro',
  branch: 'Filial',
  reseller: 'Revendedor',
  tipo: 'Tipo',
  forma_pagamento: 'Forma de pagamento',
  month: 'Mês',
};

export { reportFiltersFor, reportVisibility } from './reportVisibility';

/** Months, windows and day boundaries of the report are those of the business: São Paulo time. */
export const REPORT_TIME_ZONE = 'America/Sao_Paulo';
export const REPORT_MONTHS = 12;

const yearMonthIn = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** The last 12 months (oldest first, the current one last) as yyyy-mm, in São Paulo time. */
export function lastMonths(now: Date = new Date(), count = REPORT_MONTHS): string[] {
  const parts = Object.fromEntries(yearMonthIn.formatToParts(now).map((part) => [part.type, part.value]));
  const current = Number(parts.year) * 12 + Number(parts.month) - 1;
  return Array.from({ length: count }, (_, index) => {
    const months = current - (count - 1 - index);
    return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
  });
}

export const isYearMonth = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** 'Novembro/2026' for 2026-11 (the month choices show month-year). */
export const monthLabel = (yearMonth: string) => `${MONTH_NAMES[Number(yearMonth.slice(5, 7)) - 1]}/${yearMonth.slice(0, 4)}`;

/** 'nov/26' for 2026-11, under the chart's bars. */
export const shortMonthLabel = (yearMonth: string) =>
  `${MONTH_NAMES[Number(yearMonth.slice(5, 7)) - 1].slice(0, 3).toLowerCase()}/${yearMonth.slice(2, 4)}`;

/** The month filter's choices: the last 12 months, newest first. */
export const monthChoices = (now: Date = new Date()) =>
  lastMonths(now)
    .reverse()
    .map((value) => ({ value, label: monthLabel(value) }));

/** The reseller filter's value for the sales without a reseller (administrators only). */
export const WITHOUT_RESELLER = 'sem-revendedor';

/** Showing them: they belong to no partner or branch, so those filters go too (with them nothing would match). */
export const SHOW_WITHOUT_RESELLER = { partner: undefined, branch: undefined, reseller: WITHOUT_RESELLER } as const;

/** GET /api/reports/sales: the report's answer and its parts. */
export type { MonthlySales, PartnerSales, SaleRow, SalesReport, SalesSummary } from './wire/report';
