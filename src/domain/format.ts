/** pt-BR display formats shared by every screen. */
import { saoPauloClock } from './calendar';

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
 * dd/mm/yyyy from an ISO date (yyyy-mm-dd) or an instant (its day in São Paulo), or from a date already in dd/mm/yyyy,
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
  const { year, month, day } = saoPauloClock(date);
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** dd/mm/yyyy hh:mm of an instant in São Paulo time, wherever the code runs. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const { year, month, day, hour, minute } = saoPauloClock(date);
  return `${pad(day)}/${pad(month)}/${year} ${pad(hour)}:${pad(minute)}`;
}

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 75.470: counts and totals grouped as pt-BR reads them. */
export const formatInteger = (value: number): string => integer.format(value);
