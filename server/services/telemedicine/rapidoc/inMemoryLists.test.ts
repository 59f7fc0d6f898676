import type { Appointment, Referral } from '../types';
import { pageAppointments, pageReferrals } from './inMemoryLists';
import { toAppointment, toReferral } from './mapping';

/**
 * The provider's whole lists filtered, sorted and paged in memory (inMemoryLists.ts), by the rules the
 * local agenda applies in SQL.
 */

const appointment = (uuid: string, date: string, from: string, more: Record<string, unknown> = {}): Appointment =>
  toAppointment({
    uuid,
    status: 'SCHEDULED',
    beneficiary: { name: 'Ana Souza', cpf: '52998224725' },
    specialty: { name: 'Cardiologia' },
    professional: { name: 'Dr. Bruno' },
    detail: { date, from, to: from },
    ...more,
  })!;

const uuids = (result: { items: Array<{ uuid: string }> }) => result.items.map((item) => item.uuid);
const ALL = { offset: 0 };
// 10 May 2026, 12:00 in São Paulo.
const NOW = new Date('2026-05-10T15:00:00Z');

describe('the agenda', () => {
  const agenda = [
    appointment('past-1', '09/05/2026', '10:00'),
    appointment('today-morning', '10/05/2026', '09:00'),
    appointment('today-noon', '10/05/2026', '12:00'),
    appointment('tomorrow', '11/05/2026', '08:00'),
    appointment('next-week', '17/05/2026', '08:00'),
    appointment('past-2', '01/04/2026', '10:00'),
  ];

  it('shows the coming appointments first, soonest on top, then the past ones, latest first', () => {
    expect(uuids(pageAppointments(agenda, {}, ALL, NOW))).toEqual([
      'today-noon',
      'tomorrow',
      'next-week',
      'today-morning',
      'past-1',
      'past-2',
    ]);
  });

  it('pages that order, with the total of every match', () => {
    expect(pageAppointments(agenda, {}, { offset: 2, limit: 2 }, NOW)).toMatchObject({ total: 6 });
    expect(uuids(pageAppointments(agenda, {}, { offset: 2, limit: 2 }, NOW))).toEqual(['next-week', 'today-morning']);
    expect(uuids(pageAppointments(agenda, {}, { offset: 5, limit: 10 }, NOW))).toEqual(['past-2']);
    expect(uuids(pageAppointments(agenda, {}, { offset: 0, limit: 0 }, NOW))).toEqual([]);
  });

  it('keeps the dates from and to, both included, and leaves out what has no readable date once a date is asked', () => {
    const list = [...agenda, appointment('no-date', 'em breve', '08:00')];
    expect(uuids(pageAppointments(list, { dateFrom: '2026-05-10', dateTo: '2026-05-11' }, ALL, NOW)).sort()).toEqual([
      'today-morning',
      'today-noon',
      'tomorrow',
    ]);
    expect(uuids(pageAppointments(list, { dateTo: '2026-04-30' }, ALL, NOW))).toEqual(['past-2']);
    expect(uuids(pageAppointments(list, { dateFrom: '2026-05-17' }, ALL, NOW))).toEqual(['next-week']);
    expect(pageAppointments(list, {}, ALL, NOW).total).toBe(7);
    // With no date to place it by, it goes with the past, after every dated one.
    expect(uuids(pageAppointments(list, {}, ALL, NOW)).at(-1)).toBe('no-date');
  });

  it("finds a patient by any part of the name in any case or accent, or by the CPF's digits however typed", () => {
    const list = [
      appointment('ana', '11/05/2026', '08:00'),
      appointment('joao', '11/05/2026', '09:00', { beneficiary: { name: 'JOÃO Lima', cpf: '11144477735' } }),
    ];
    expect(uuids(pageAppointments(list, { patient: 'joão' }, ALL, NOW))).toEqual(['joao']);
    expect(uuids(pageAppointments(list, { patient: 'joao lima' }, ALL, NOW))).toEqual(['joao']);
    expect(uuids(pageAppointments(list, { patient: 'souza' }, ALL, NOW))).toEqual(['ana']);
    expect(uuids(pageAppointments(list, { patient: '529.982' }, ALL, NOW))).toEqual(['ana']);
    expect(uuids(pageAppointments(list, { patient: '444777' }, ALL, NOW))).toEqual(['joao']);
    expect(uuids(pageAppointments(list, { patient: 'Maria' }, ALL, NOW))).toEqual([]);
  });

  it('takes the specialty exactly and the professional by any part of the name, accents aside', () => {
    const list = [
      appointment('cardio', '11/05/2026', '08:00'),
      appointment('pediatria', '11/05/2026', '09:00', { specialty: { name: 'Pediatria' }, professional: { name: 'Dra. Carla Dias' } }),
    ];
    expect(uuids(pageAppointments(list, { specialty: 'Pediatria' }, ALL, NOW))).toEqual(['pediatria']);
    expect(uuids(pageAppointments(list, { specialty: 'pediatria' }, ALL, NOW))).toEqual([]);
    expect(uuids(pageAppointments(list, { professional: 'carla' }, ALL, NOW))).toEqual(['pediatria']);
    expect(uuids(pageAppointments(list, { professional: 'CÁRLA DÍAS' }, ALL, NOW))).toEqual(['pediatria']);
  });

  it('leaves out the cancelled ones unless they are asked for, and keeps to the status asked', () => {
    const list = [appointment('scheduled', '11/05/2026', '08:00'), appointment('canceled', '11/05/2026', '09:00', { status: 'CANCELED' })];
    expect(uuids(pageAppointments(list, {}, ALL, NOW))).toEqual(['scheduled']);
    expect(uuids(pageAppointments(list, { status: 'CANCELED' }, ALL, NOW))).toEqual(['canceled']);
    expect(uuids(pageAppointments(list, { status: 'SCHEDULED' }, ALL, NOW))).toEqual(['scheduled']);
  });

  it.each([
    ['data', 'asc', ['b', 'a', 'c']],
    ['data', 'desc', ['c', 'a', 'b']],
    ['paciente', 'asc', ['b', 'c', 'a']],
    ['paciente', 'desc', ['a', 'c', 'b']],
    ['profissional', 'asc', ['c', 'a', 'b']],
    ['especialidade', 'asc', ['a', 'c', 'b']],
    ['status', 'desc', ['a', 'b', 'c']],
  ] as const)('sorts by %s %s', (column, direction, order) => {
    const list = [
      appointment('a', '10/05/2026', '14:00', {
        beneficiary: { name: 'Zélia' },
        professional: { name: 'Dr. Bruno' },
        specialty: { name: 'Cardiologia' },
        status: 'SCHEDULED',
      }),
      appointment('b', '09/05/2026', '14:00', {
        beneficiary: { name: 'álvaro' },
        professional: { name: 'Dr. Caio' },
        specialty: { name: 'Pediatria' },
        status: 'FINISHED',
      }),
      appointment('c', '10/05/2026', '15:00', {
        beneficiary: { name: 'Bia' },
        professional: { name: 'Dr. Abel' },
        specialty: { name: 'Dermatologia' },
        status: 'DONE',
      }),
    ];
    expect(uuids(pageAppointments(list, {}, { offset: 0, sort: { column, direction } }, NOW))).toEqual(order);
  });
});

describe('the referrals', () => {
  const referral = (uuid: string, createdAt: string, more: Record<string, unknown> = {}): Referral =>
    toReferral({ uuid, createdAt, status: 'PENDING', beneficiary: { name: 'Ana Souza', cpf: '52998224725' }, ...more })!;

  const referrals = [
    referral('may-10-evening', '2026-05-11T01:30:00Z'),
    referral('may-11', '2026-05-11T12:00:00Z', { beneficiary: { name: 'Bia Lima', cpf: '11144477735' }, status: 'SCHEDULED' }),
    referral('may-9', '2026-05-09T12:00:00Z', { beneficiary: { name: 'Carla', cpf: '39053344705' } }),
  ];

  it('are listed newest first unless sorted otherwise, paged, with their total', () => {
    expect(uuids(pageReferrals(referrals, {}, ALL))).toEqual(['may-11', 'may-10-evening', 'may-9']);
    expect(pageReferrals(referrals, {}, { offset: 1, limit: 1 })).toMatchObject({ total: 3, items: [{ uuid: 'may-10-evening' }] });
    expect(uuids(pageReferrals(referrals, {}, { offset: 0, sort: { column: 'criadoEm', direction: 'asc' } }))).toEqual([
      'may-9',
      'may-10-evening',
      'may-11',
    ]);
  });

  it("filter by São Paulo's date of creation, both ends included, leaving out a creation that cannot be read", () => {
    const list = [...referrals, referral('undated', 'quando der')];
    expect(uuids(pageReferrals(list, { dateFrom: '2026-05-10', dateTo: '2026-05-10' }, ALL))).toEqual(['may-10-evening']);
    expect(uuids(pageReferrals(list, { dateFrom: '2026-05-10' }, ALL))).toEqual(['may-11', 'may-10-evening']);
    expect(uuids(pageReferrals(list, { dateTo: '2026-05-09' }, ALL))).toEqual(['may-9']);
    expect(pageReferrals(list, {}, ALL).total).toBe(4);
  });

  it('find a beneficiary by name or CPF, and keep to the status asked', () => {
    expect(uuids(pageReferrals(referrals, { search: 'LIMA' }, ALL))).toEqual(['may-11']);
    expect(uuids(pageReferrals(referrals, { search: '390.533' }, ALL))).toEqual(['may-9']);
    expect(uuids(pageReferrals(referrals, { status: 'SCHEDULED' }, ALL))).toEqual(['may-11']);
    expect(uuids(pageReferrals(referrals, { status: 'PENDING' }, ALL))).toEqual(['may-10-evening', 'may-9']);
  });

  it.each([
    ['beneficiario', 'asc', ['may-10-evening', 'may-11', 'may-9']],
    ['cpf', 'asc', ['may-11', 'may-9', 'may-10-evening']],
    ['status', 'desc', ['may-11', 'may-10-evening', 'may-9']],
  ] as const)('sort by %s %s', (column, direction, order) => {
    expect(uuids(pageReferrals(referrals, {}, { offset: 0, sort: { column, direction } }))).toEqual(order);
  });
});
