import { cpfCheckDigits, formatCpf } from '../../src/domain/documents';
import type { AppointmentStatus } from '../../src/domain/care';
import { lastMonths } from '../../src/domain/report';
import { DEMO_PASSWORD } from '../../server/seed/accounts';
import { FIRST_NAMES, LAST_NAMES } from '../../server/seed/random';
import type { EndpointSpec } from './measure';

/**
 * The endpoints measured, each request a cache miss as real use makes it (issue 20): a random page
 * between 1 and 200, or a random filter value the screens offer, drawn per request. The deep and the
 * last page of the beneficiaries are asked as such. Ids, names and months come from the seeded data,
 * so filters match rows.
 */
export const LOGIN = { email: 'admin@demo.com.br', senha: DEMO_PASSWORD, userType: 'ADMINISTRADOR' };

/** The seed's holder count is 75,000: page 5,000 of 10 is deep in it, the example. */
export const DEEP_PAGE = 5_000;
const RANDOM_PAGES = 200;

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const page = (max = RANDOM_PAGES) => `page=${randomInt(1, max)}&pageSize=10`;
const encoded = (text: string) => encodeURIComponent(text);
/** "Ana Silva": a first name and a surname, as a user types a name (a few hundred matches at the large size). */
const personName = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
/** The audit trail's actions other than 'view', each a few in a hundred of its rows (the large seed). */
const RARER_AUDIT_ACTIONS = ['create', 'update', 'status', 'delete', 'export'];
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const PAST_STATUSES: AppointmentStatus[] = ['FINISHED', 'UNFINISHED', 'CANCELED', 'DONE'];

interface Channel {
  id: number;
  branchId: number;
  partnerId: number;
}

export interface SeededValues {
  /** Every reseller with its branch and partner (the report's filter choices). */
  resellers: Channel[];
  /** The number of holders the list reports (estimated at the large size). */
  holderTotal: number;
}

export function endpointSpecs({ resellers, holderTotal }: SeededValues): EndpointSpec[] {
  const partnerIds = [...new Set(resellers.map((reseller) => reseller.partnerId))];
  const branchIds = [...new Set(resellers.map((reseller) => reseller.branchId))];
  const months = lastMonths(new Date());
  const lastHolderPage = Math.max(1, Math.ceil(holderTotal / 10));
  // Milliseconds, not seconds: later passes and runs on the same database start past the CPFs an
  // earlier one created, so no create fails as a duplicate.
  let cpfSeed = Date.now() % 90_000_000;
  const freshCpf = () => {
    const base = String(900_000_000 + (cpfSeed++ % 99_999_999));
    return formatCpf(base + cpfCheckDigits(base));
  };
  // A week of the seeded agenda (about nine months back to a month ahead of the seed) with a status it
  // holds, as staff look: the coming weeks' scheduled appointments, a past week's by how they ended.
  // (A week drawn across a year with SCHEDULED alone found no rows six times in seven.)
  const statusAndWeek = () => {
    const startDay = randomInt(-180, 21);
    const start = Date.now() + startDay * 86_400_000;
    const status = startDay >= 0 ? 'SCHEDULED' : pick(PAST_STATUSES);
    return `status=${status}&dataInicial=${isoDay(start)}&dataFinal=${isoDay(start + 7 * 86_400_000)}`;
  };
  const read = (name: string, path: () => string): EndpointSpec => ({ name, kind: 'read', method: 'GET', path });
  return [
    {
      name: 'ceiling: minimal route (pk select)',
      kind: 'baseline',
      method: 'GET',
      path: () => `/bench/minimal?id=${randomInt(1, 100_000)}`,
      anonymous: true,
    },
    read('beneficiaries, page 1-200', () => `/api/beneficiaries?${page()}`),
    read(`beneficiaries, page ${DEEP_PAGE.toLocaleString('en')}`, () => `/api/beneficiaries?page=${DEEP_PAGE}&pageSize=10`),
    read('beneficiaries, last page', () => `/api/beneficiaries?page=${lastHolderPage}&pageSize=10`),
    read('beneficiaries, name filter', () => `/api/beneficiaries?page=1&pageSize=10&name=${encoded(personName())}`),
    read('beneficiaries, surname filter, by CPF', () => `/api/beneficiaries?${page(5)}&sort=cpf&name=${encoded(pick(LAST_NAMES))}`),
    read('beneficiaries, partner, page 1-200', () => `/api/beneficiaries?${page()}&partner=${pick(partnerIds)}`),
    read('beneficiaries, reseller', () => `/api/beneficiaries?page=1&pageSize=10&reseller=${pick(resellers).id}`),
    read('professionals, page 1-50', () => `/api/professionals?${page(50)}`),
    read('professionals, name filter', () => `/api/professionals?page=1&pageSize=10&nome=${encoded(pick(LAST_NAMES))}`),
    read('appointments, page 1-200', () => `/api/appointments?${page()}`),
    read('appointments, status + week', () => `/api/appointments?page=1&pageSize=10&${statusAndWeek()}`),
    read('appointments, patient name', () => `/api/appointments?page=1&pageSize=10&paciente=${encoded(personName())}`),
    read('referrals, page 1-200', () => `/api/appointments/referrals?${page()}`),
    read('resellers, page 1-200', () => `/api/resellers?${page()}`),
    read('resellers, name filter', () => `/api/resellers?page=1&pageSize=10&nome=${encoded(personName())}`),
    read('resellers, CPF filter', () => `/api/resellers?page=1&pageSize=10&cpf=${randomInt(100, 999)}`),
    read('branches, page 1-20', () => `/api/branches?${page(20)}`),
    read('sales report, page 1-200', () => `/api/reports/sales?${page()}`),
    read('sales report, partner + month', () => `/api/reports/sales?page=1&pageSize=10&partner=${pick(partnerIds)}&month=${pick(months)}`),
    read('sales report, branch, page 1-20', () => `/api/reports/sales?${page(20)}&branch=${pick(branchIds)}`),
    read(
      'sales report, reseller + plan',
      () => `/api/reports/sales?page=1&pageSize=10&reseller=${pick(resellers).id}&tipo=plano_individual`,
    ),
    read('audit trail, page 1-200', () => `/api/audit?${page()}`),
    read('audit trail, user filter', () => `/api/audit?page=1&pageSize=10&user=${encoded(personName())}`),
    read('audit trail, action filter', () => `/api/audit?page=1&pageSize=10&action=${pick(RARER_AUDIT_ACTIONS)}`),
    { name: 'login', kind: 'login', method: 'POST', path: '/api/auth/login', body: LOGIN, anonymous: true },
    {
      name: 'beneficiary create',
      kind: 'write',
      method: 'POST',
      path: '/api/beneficiaries',
      body: () => ({
        name: 'Beneficiária Benchmark',
        cpf: freshCpf(),
        birthday: '1988-04-12',
        beneficiaryType: 'titular',
        holder: '',
        phone: '(11) 98765-4321',
        email: 'bench@exemplo.com.br',
        zipCode: '01310-100',
        address: 'Avenida Paulista, 1000',
        city: 'São Paulo',
        state: 'SP',
        paymentType: 'S',
        serviceType: 'GP',
        general: '',
      }),
    },
  ];
}
