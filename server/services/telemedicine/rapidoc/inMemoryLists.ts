import { onlyDigits } from '../../../../src/domain/documents';
import { parseBrDate } from '../../../../src/domain/dateRange';
import { zonedParts } from '../dates';
import type {
  Appointment,
  AppointmentFilters,
  AppointmentSortColumn,
  PageRequest,
  PageResult,
  Referral,
  ReferralFilters,
  ReferralSortColumn,
} from '../types';

/**
 * The provider answers whole lists without filters or paging, so the adapter filters, sorts and
 * pages them here with the same rules the `local` provider applies in SQL.
 */
/** Lower case without accents, as the names are compared in SQL (server/lib/nameOrder.ts). */
const folded = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
const contains = (haystack: string, needle: string) => folded(haystack).includes(folded(needle));

function matchesPatient(search: string, name: string, cpf: string): boolean {
  const digits = onlyDigits(search);
  return contains(name, search) || (!!digits && onlyDigits(cpf).includes(digits));
}

function page<T>(items: T[], request: PageRequest<string>): PageResult<T> {
  const end = request.limit === undefined ? undefined : request.offset + request.limit;
  return { items: items.slice(request.offset, end), total: items.length };
}

function sortBy<T>(items: T[], key: (item: T) => string, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => sign * key(a).localeCompare(key(b), 'pt-BR'));
}

/** dd/mm/yyyy + HH:mm → a sortable yyyy-mm-dd HH:mm. */
const appointmentKey = (appointment: Appointment) => `${parseBrDate(appointment.detail.date) ?? ''} ${appointment.detail.from}`;

export function pageAppointments(
  all: Appointment[],
  filters: AppointmentFilters,
  request: PageRequest<AppointmentSortColumn>,
  now: Date,
): PageResult<Appointment> {
  const matching = all.filter((appointment) => {
    const date = parseBrDate(appointment.detail.date);
    if (filters.dateFrom && (!date || date < filters.dateFrom)) return false;
    if (filters.dateTo && (!date || date > filters.dateTo)) return false;
    if (filters.patient && !matchesPatient(filters.patient, appointment.beneficiary.name, appointment.beneficiary.cpf)) return false;
    if (filters.specialty && appointment.specialty.name !== filters.specialty) return false;
    if (filters.status ? appointment.status !== filters.status : appointment.status === 'CANCELED') return false;
    if (filters.professional && !contains(appointment.professional.name, filters.professional)) return false;
    return true;
  });
  const keys: Record<AppointmentSortColumn, (appointment: Appointment) => string> = {
    data: appointmentKey,
    paciente: (appointment) => folded(appointment.beneficiary.name),
    profissional: (appointment) => folded(appointment.professional.name),
    especialidade: (appointment) => appointment.specialty.name,
    status: (appointment) => appointment.status,
  };
  if (request.sort) return page(sortBy(matching, keys[request.sort.column], request.sort.direction), request);
  // Coming appointments first (soonest on top), then the past, latest first: as the local agenda.
  const wall = zonedParts(now);
  const nowKey = `${wall.date} ${wall.time}`;
  const coming = sortBy(
    matching.filter((appointment) => appointmentKey(appointment) >= nowKey),
    appointmentKey,
    'asc',
  );
  const past = sortBy(
    matching.filter((appointment) => appointmentKey(appointment) < nowKey),
    appointmentKey,
    'desc',
  );
  return page([...coming, ...past], request);
}

export function pageReferrals(all: Referral[], filters: ReferralFilters, request: PageRequest<ReferralSortColumn>): PageResult<Referral> {
  const matching = all.filter((referral) => {
    const createdAt = new Date(referral.createdAt);
    const created = Number.isNaN(createdAt.getTime()) ? undefined : zonedParts(createdAt).date;
    if (filters.dateFrom && (!created || created < filters.dateFrom)) return false;
    if (filters.dateTo && (!created || created > filters.dateTo)) return false;
    if (filters.search && !matchesPatient(filters.search, referral.beneficiary.name, referral.beneficiary.cpf)) return false;
    if (filters.status && referral.status !== filters.status) return false;
    return true;
  });
  const keys: Record<ReferralSortColumn, (referral: Referral) => string> = {
    criadoEm: (referral) => referral.createdAt,
    beneficiario: (referral) => folded(referral.beneficiary.name),
    cpf: (referral) => referral.beneficiary.cpf,
    status: (referral) => referral.status,
  };
  const sort = request.sort ?? { column: 'criadoEm' as const, direction: 'desc' as const };
  return page(sortBy(matching, keys[sort.column], sort.direction), request);
}
