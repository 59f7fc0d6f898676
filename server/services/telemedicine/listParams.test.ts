import { HttpError } from '../../lib/httpErrors';
import { appointmentFilters, appointmentPage, referralFilters, referralPage } from './listParams';

/** The agenda's and the referrals' list parameters (listParams.ts): paging, sort and filters, and a 400 for each bad one. */

/** The 400 a call answers, as the client reads it: message and per-field messages. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message, errors: error.errors };
  }
  throw new Error('accepted');
}

describe('paging and sort', () => {
  it('is the first page of 10 rows, unsorted, when the query says nothing', () => {
    expect(appointmentPage(undefined)).toEqual({ request: { offset: 0, limit: 10, sort: undefined } });
    expect(referralPage({ sort: '' })).toEqual({ request: { offset: 0, limit: 10, sort: undefined } });
  });

  it('skips the pages before the one asked, of the size asked', () => {
    expect(appointmentPage({ page: '3', pageSize: '25' }).request).toMatchObject({ offset: 50, limit: 25 });
  });

  it("sorts by one of the list's own columns, ascending unless told otherwise", () => {
    expect(appointmentPage({ sort: 'paciente' }).request.sort).toEqual({ column: 'paciente', direction: 'asc' });
    expect(appointmentPage({ sort: 'data:desc' }).request.sort).toEqual({ column: 'data', direction: 'desc' });
    expect(referralPage({ sort: 'cpf:asc' }).request.sort).toEqual({ column: 'cpf', direction: 'asc' });
  });

  it.each([
    ['a column of the other list', () => appointmentPage({ sort: 'cpf' })],
    ['a column of the other list', () => referralPage({ sort: 'paciente' })],
    ['an unknown direction', () => appointmentPage({ sort: 'data:up' })],
    ['an object member', () => referralPage({ sort: 'toString' })],
  ])('refuses a sort by %s', (_what, call) => {
    expect(refusal(call)).toEqual({ status: 400, message: 'Parâmetro sort inválido.', errors: undefined });
  });

  it('refuses a page or a page size that is not a whole number in range', () => {
    expect(refusal(() => appointmentPage({ page: '0' }))).toMatchObject({ status: 400, message: 'Parâmetro page inválido.' });
    expect(refusal(() => referralPage({ pageSize: '101' }))).toMatchObject({ status: 400, message: 'Parâmetro pageSize inválido.' });
  });
});

describe("the agenda's filters", () => {
  it('reads every filter, dates in either form, texts trimmed', () => {
    expect(
      appointmentFilters({
        dataInicial: '2026-05-01',
        dataFinal: '31/05/2026',
        paciente: ' Ana ',
        especialidade: 'Cardiologia',
        status: 'SCHEDULED',
        profissional: 'Dr. Bruno',
      }),
    ).toEqual({
      dateFrom: '2026-05-01',
      dateTo: '2026-05-31',
      patient: 'Ana',
      specialty: 'Cardiologia',
      status: 'SCHEDULED',
      professional: 'Dr. Bruno',
    });
  });

  it('leaves out the filters not given or left blank', () => {
    expect(appointmentFilters({ dataInicial: '', status: ' ', paciente: '' })).toEqual({
      dateFrom: undefined,
      dateTo: undefined,
      patient: undefined,
      specialty: undefined,
      status: undefined,
      professional: undefined,
    });
  });

  it.each([
    [{ dataInicial: '2026-02-30' }, 'Data inicial inválida.', 'dataInicial'],
    [{ dataFinal: 'amanhã' }, 'Data final inválida.', 'dataFinal'],
    [{ status: 'PENDING' }, 'Status inválido.', 'status'],
  ])('refuses %p with its message on the field', (query, message, field) => {
    expect(refusal(() => appointmentFilters(query))).toEqual({ status: 400, message, errors: { [field]: message } });
  });
});

describe("the referrals' filters", () => {
  it('reads the dates, the search and a referral status', () => {
    expect(referralFilters({ dataInicial: '01/05/2026', dataFinal: '2026-05-31', busca: ' 529.982 ', status: 'PENDING' })).toEqual({
      dateFrom: '2026-05-01',
      dateTo: '2026-05-31',
      search: '529.982',
      status: 'PENDING',
    });
  });

  it("refuses an appointment's status and a date that does not exist", () => {
    expect(refusal(() => referralFilters({ status: 'CANCELED' }))).toEqual({
      status: 400,
      message: 'Status inválido.',
      errors: { status: 'Status inválido.' },
    });
    expect(refusal(() => referralFilters({ dataInicial: '30/02/2026' }))).toEqual({
      status: 400,
      message: 'Data inicial inválida.',
      errors: { dataInicial: 'Data inicial inválida.' },
    });
    expect(refusal(() => referralFilters({ dataFinal: '32/01/2026' }))).toEqual({
      status: 400,
      message: 'Data final inválida.',
      errors: { dataFinal: 'Data final inválida.' },
    });
  });
});
