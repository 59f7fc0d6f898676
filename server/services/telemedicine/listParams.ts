import { isAppointmentStatus, isReferralStatus } from '../../../src/domain/care';
import { badRequest } from '../../lib/httpErrors';
import { parseListQuery, textFilter } from '../../lib/listQuery';
import { parseDateParam } from './dates';
import {
  APPOINTMENT_SORT_COLUMNS,
  REFERRAL_SORT_COLUMNS,
  type AppointmentFilters,
  type AppointmentSortColumn,
  type PageRequest,
  type ReferralFilters,
  type ReferralSortColumn,
} from './types';

type RawQuery = Record<string, unknown>;

/**
 * Paging and sort of a provider list: `page`/`pageSize` as every list (no `page`: the first page),
 * `sort=column:asc|desc` among the provider's sortable columns. Bad values are a 400.
 */
export function parsePageRequest<C extends string>(query: unknown, columns: readonly C[]): { request: PageRequest<C> } {
  const raw = (query ?? {}) as RawQuery;
  const list = parseListQuery({ page: raw.page, pageSize: raw.pageSize }, {}, []);
  let sort: PageRequest<C>['sort'];
  if (typeof raw.sort === 'string' && raw.sort) {
    const [column, direction = 'asc'] = raw.sort.split(':');
    if (!(columns as readonly string[]).includes(column) || (direction !== 'asc' && direction !== 'desc')) {
      throw badRequest('Parâmetro sort inválido.');
    }
    sort = { column: column as C, direction };
  }
  return { request: { offset: list.offset, limit: list.pageSize, sort } };
}

function dateFilter(query: unknown, name: string, message: string) {
  const value = textFilter(query, name);
  if (value === undefined) return undefined;
  const date = parseDateParam(value);
  if (!date) throw badRequest(message, { [name]: message });
  return date;
}

function statusFilter<S extends string>(query: unknown, guard: (value: unknown) => value is S): S | undefined {
  const value = textFilter(query, 'status');
  if (value === undefined) return undefined;
  if (!guard(value)) throw badRequest('Status inválido.', { status: 'Status inválido.' });
  return value;
}

/** The agenda's filters: dataInicial, dataFinal (yyyy-mm-dd or dd/mm/yyyy), paciente, especialidade, status, profissional. */
export function appointmentFilters(query: unknown): AppointmentFilters {
  return {
    dateFrom: dateFilter(query, 'dataInicial', 'Data inicial inválida.'),
    dateTo: dateFilter(query, 'dataFinal', 'Data final inválida.'),
    patient: textFilter(query, 'paciente'),
    specialty: textFilter(query, 'especialidade'),
    status: statusFilter(query, isAppointmentStatus),
    professional: textFilter(query, 'profissional'),
  };
}

/** The referral list's filters: dataInicial, dataFinal, busca (name or CPF), status. */
export function referralFilters(query: unknown): ReferralFilters {
  return {
    dateFrom: dateFilter(query, 'dataInicial', 'Data inicial inválida.'),
    dateTo: dateFilter(query, 'dataFinal', 'Data final inválida.'),
    search: textFilter(query, 'busca'),
    status: statusFilter(query, isReferralStatus),
  };
}

export const appointmentPage = (query: unknown) => parsePageRequest<AppointmentSortColumn>(query, APPOINTMENT_SORT_COLUMNS);
export const referralPage = (query: unknown) => parsePageRequest<ReferralSortColumn>(query, REFERRAL_SORT_COLUMNS);
