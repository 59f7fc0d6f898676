/** pt-BR display formats shared by every screen. */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56 */
export const formatBRL = (value: number | string | null | undefined): string => brl.format(Number(value ?? 0));

/** The months' names as the screens show them, January first (index = month - 1). */
export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * dd/mm/yyyy from an ISO date (yyyy-mm-dd) or timestamp, or from a date already in dd/mm/yyyy,
 * optionally with a time (the telemedicine provider's births and referral dates), which `new Date`
 * would read month first; '' for nothing, the input itself when unreadable.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const brazilianDate = /^(\d{2}\/\d{2}\/\d{4})(?: \d{2}:\d{2}(?::\d{2})?)?$/.exec(value);
    if (brazilianDate) return brazilianDate[1];
    const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (isoDate) return `${isoDate[3]}/${isoDate[2]}/${isoDate[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** dd/mm/yyyy hh:mm in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
