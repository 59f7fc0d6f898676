import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EVERY_DAY, insertBeneficiary, insertProfessional, specialtyByName } from '../test/careFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs, sqlRows, uuidsPageByPage } from '../test/helpers';
import { countQueries } from '../test/queryCounter';
import { addDays, zonedParts, type IsoDate } from '../services/telemedicine/dates';
import { dayStart } from '../services/telemedicine/local/agendaConditions';

/**
 * Deep pages of the agenda: past the first thousand rows, a page before the middle is read forward
 * and one past it from the end, in the reverse order (pageOfCountedList); without a sort, the
 * coming appointments soonest first and then the past ones latest first, each part read from its
 * own end (agendaPage). 2,200 appointments of one patient, an hour apart on both sides of now and
 * never within half an hour of it (so 'now' moving during the test moves none between the parts),
 * make pages deep enough; the patient filter keeps the demo's appointments out.
 */
const APPOINTMENTS = 2_200;
const PAGE_SIZE = 100;
const PATIENT = 'Paciente Paginação Agenda';

let app: FastifyInstance;
let admin: string;
let patientId: number;

beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
  const patient = await insertBeneficiary(app.db, { name: PATIENT });
  patientId = patient.id;
  const professional = await insertProfessional(app.db, { specialtyNames: ['Generalista'], schedule: EVERY_DAY('00:00', '23:59') });
  const specialty = await specialtyByName(app.db, 'Generalista');
  // Statuses repeat every three rows, so a sort by status has long runs of ties, broken by the id.
  await app.db.execute(sql`
    insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
    select ${patient.id}, ${professional.id}, ${specialty.id},
      date_trunc('hour', now()) + (n - ${APPOINTMENTS / 2}) * interval '1 hour' + interval '30 minutes' + interval '1 minute',
      date_trunc('hour', now()) + (n - ${APPOINTMENTS / 2}) * interval '1 hour' + interval '50 minutes',
      case when n > ${APPOINTMENTS / 2} then 'SCHEDULED' else (array['FINISHED', 'UNFINISHED', 'DONE'])[1 + n % 3] end,
      'https://atendimento.exemplo/' || n
    from generate_series(1, ${APPOINTMENTS}) as n`);
});
afterAll(() => app.close());

/** Every listed appointment's uuid page after page, as the screen pages through them. */
const walk = (sort: string) =>
  uuidsPageByPage(
    app,
    admin,
    (page) => `/api/appointments?paciente=${encodeURIComponent(PATIENT)}&page=${page}&pageSize=${PAGE_SIZE}${sort}`,
    PAGE_SIZE,
  );

describe('GET /api/appointments, deep pages', () => {
  it.each([
    // The coming ones soonest first, then the past ones latest first.
    [
      'the agenda’s order (no sort)',
      '',
      sql`starts_at < now(), case when starts_at >= now() then starts_at end asc, starts_at desc, id desc`,
    ],
    ['by date, oldest first', '&sort=data:asc', sql`starts_at asc, id desc`],
    ['by date, newest first', '&sort=data:desc', sql`starts_at desc, id desc`],
    ['by status', '&sort=status:desc', sql`status desc, id desc`],
  ])('gives every appointment once, in order, from the first page to the last: %s', async (_case, sort, order) => {
    const expected = await sqlRows<{ uuid: string }>(
      app,
      sql`select uuid from appointments where beneficiary_id = ${patientId} and status <> 'CANCELED' order by ${order}`,
    );
    expect(expected).toHaveLength(APPOINTMENTS);
    expect(await walk(sort)).toEqual(expected.map((row) => row.uuid));
  });
});

// A few patients' page carries its exact total (a window count), at any offset and in any sort; a
// page past the last row has none to carry it, and counts.
describe('GET /api/appointments, a few patients’ total', () => {
  it.each([
    ['the agenda’s order', ''],
    ['by status', '&sort=status:desc'],
    ['by patient', '&sort=paciente:asc'],
  ])('is exact on the first page, a deep one and past the last: %s', async (_case, sort) => {
    const [{ listed }] = await sqlRows<{ listed: number }>(
      app,
      sql`select count(*)::int as listed from appointments where beneficiary_id = ${patientId} and status <> 'CANCELED'`,
    );
    const lastPage = Math.ceil(listed / PAGE_SIZE);
    for (const page of [1, lastPage - 1, lastPage, lastPage + 1]) {
      const response = await injectAs(app, admin, {
        method: 'GET',
        url: `/api/appointments?paciente=${encodeURIComponent(PATIENT)}&page=${page}&pageSize=${PAGE_SIZE}${sort}`,
      });
      const rows = response.json() as unknown[];
      expect({ page, total: Number(response.headers['x-total-count']), estimated: response.headers['x-total-estimated'] }).toEqual({
        page,
        total: listed,
        estimated: undefined,
      });
      expect(rows).toHaveLength(Math.max(0, Math.min(PAGE_SIZE, listed - (page - 1) * PAGE_SIZE)));
    }
  });
});

// The patient filter's few matches are looked up by the page's own statement (fewPatientsTable):
// the probe, the page and its total in one round trip, an empty page too (the patients' row tells
// how many matched). Past the last page it cannot tell the total: the patients are probed on their own.
describe('GET /api/appointments, a few patients probed by the page’s statement', () => {
  /** The statements a page of the patient filter sends to read the agenda (neither the session's nor the audit's). */
  async function agendaStatements(query: string) {
    const queries = countQueries(app);
    try {
      const response = await injectAs(app, admin, { method: 'GET', url: `/api/appointments?pageSize=${PAGE_SIZE}${query}` });
      expect(response.statusCode).toBe(200);
      const reads = queries.statements.filter((text) => /"appointments"|"beneficiaries"/.test(text) && !/"audit_log"/.test(text));
      return {
        rows: (response.json() as unknown[]).length,
        total: Number(response.headers['x-total-count']),
        probedInline: reads.filter((text) => text.includes('"few_patients"')).length,
        probedApart: reads.filter((text) => text.includes('with matching as materialized')).length,
        reads: reads.length,
      };
    } finally {
      queries.restore();
    }
  }
  const patient = `&paciente=${encodeURIComponent(PATIENT)}`;

  it.each([
    ['the first page', '&page=1'],
    ['a deep page', '&page=12'],
    ['a page sorted by status', '&page=3&sort=status:desc'],
  ])('reads %s, its total and the patients in one statement', async (_case, page) => {
    const [{ listed }] = await sqlRows<{ listed: number }>(
      app,
      sql`select count(*)::int as listed from appointments where beneficiary_id = ${patientId} and status <> 'CANCELED'`,
    );
    expect(await agendaStatements(`${page}${patient}`)).toEqual({
      rows: PAGE_SIZE,
      total: listed,
      probedInline: 1,
      probedApart: 0,
      reads: 1,
    });
  });

  it.each([
    ['a name nobody has', '&page=1&paciente=Ninguém%20Chamado%20Assim'],
    ['a name nobody has, past the first page', '&page=7&paciente=Ninguém%20Chamado%20Assim'],
    ['a patient without an appointment under the filters', `&page=1${patient}&status=CANCELED`],
  ])('tells an empty agenda for %s in one statement', async (_case, query) => {
    expect(await agendaStatements(query)).toEqual({ rows: 0, total: 0, probedInline: 1, probedApart: 0, reads: 1 });
  });

  it('probes the patients on their own past the last page, where no row tells how many it saw', async () => {
    const found = await agendaStatements(`&page=1000${patient}`);
    expect(found).toMatchObject({ rows: 0, probedInline: 1, probedApart: 1 });
    expect(found.total).toBeGreaterThan(APPOINTMENTS / 2);
  });

  it('probes the patients on their own for digits typed (a CPF’s few digits match thousands)', async () => {
    const [{ cpf }] = await sqlRows<{ cpf: string }>(app, sql`select cpf from beneficiaries where id = ${patientId}`);
    expect(await agendaStatements(`&page=1&paciente=${cpf}`)).toMatchObject({ rows: PAGE_SIZE, probedInline: 0, probedApart: 1 });
  });
});

// Up to 5,000 patients matching the filter are read by id, more through the subquery (patientIn):
// a filter matching more must not keep to the patients it read first.
describe('GET /api/appointments, a patient filter matching more than 5,000 beneficiaries', () => {
  it('lists the appointments of every match, the first and the last one inserted too', async () => {
    await app.db.execute(sql`
      insert into beneficiaries (name, cpf)
      select 'Paciente Muito Comum ' || n, lpad((73000000000 + n)::text, 11, '0') from generate_series(1, 5100) as n`);
    const [{ first, last }] = await sqlRows<{ first: number; last: number }>(
      app,
      sql`select min(id) as first, max(id) as last from beneficiaries where name like 'Paciente Muito Comum %'`,
    );
    // The first match's appointment a year on, the last one's a day later: the page holds both, soonest first.
    const rows = await sqlRows<{ uuid: string }>(
      app,
      sql`insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
          select patient.id, professional_id, specialty_id, starts_at + patient.later, ends_at + patient.later, 'SCHEDULED', 'https://atendimento.exemplo/comum'
          from (select ${first}::int as id, interval '1 year' as later union all select ${last}::int, interval '1 year 1 day') as patient,
            (select * from appointments where beneficiary_id = ${patientId} order by starts_at desc limit 1) as model
          order by patient.later
          returning uuid`,
    );
    const response = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/appointments?paciente=${encodeURIComponent('Muito Comum')}&page=1&pageSize=10`,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ uuid: string }>).map((row) => row.uuid)).toEqual(rows.map((row) => row.uuid));
    expect(response.headers['x-total-count']).toBe('2');
  });
});

// Without filters, or by status alone, the total is the database's own count per status (migration
// 0028): exact at any size, and no statement counts the appointments.
describe('GET /api/appointments, totals from the maintained counts', () => {
  const everyListed = (status?: string) =>
    sqlRows<{ uuid: string }>(
      app,
      sql`select uuid from appointments where ${status === undefined ? sql`status <> 'CANCELED'` : sql`status = ${status}`}
          order by starts_at < now(), case when starts_at >= now() then starts_at end asc, starts_at desc, id desc`,
    );

  async function firstPage(query: string) {
    const queries = countQueries(app);
    try {
      const response = await injectAs(app, admin, { method: 'GET', url: `/api/appointments?page=1&pageSize=${PAGE_SIZE}${query}` });
      expect(response.statusCode).toBe(200);
      return {
        total: Number(response.headers['x-total-count']),
        estimated: response.headers['x-total-estimated'],
        countsAppointments: queries.statements.some((statement) => /count\(\*\)|^explain/.test(statement)),
        readsMaintainedCounts: queries.statements.filter((statement) => /"appointment_counts"/.test(statement)).length,
      };
    } finally {
      queries.restore();
    }
  }

  it.each([
    ['without filters', '', undefined],
    ['by status', '&status=SCHEDULED', 'SCHEDULED'],
    ['by the cancelled status, left out otherwise', '&status=CANCELED', 'CANCELED'],
  ])('gives the exact total %s, counting nothing', async (_case, query, status) => {
    const expected = await everyListed(status);
    expect(await firstPage(query)).toEqual({
      total: expected.length,
      estimated: undefined,
      countsAppointments: false,
      readsMaintainedCounts: 1,
    });
  });

  it('counts the rows under any other filter, beside the status too', async () => {
    const [{ finished }] = await sqlRows<{ finished: number }>(
      app,
      sql`select count(*)::int as finished from appointments where beneficiary_id = ${patientId} and status = 'FINISHED'`,
    );
    expect(finished).toBeGreaterThan(0);
    const filtered = await firstPage(`&status=FINISHED&paciente=${encodeURIComponent(PATIENT)}`);
    expect(filtered).toEqual({ total: finished, estimated: undefined, countsAppointments: true, readsMaintainedCounts: 0 });
  });

  it('gives every appointment once, in order, from the first page to the last, without filters', async () => {
    const expected = await everyListed();
    expect(expected.length).toBeGreaterThan(APPOINTMENTS);
    const listed = await uuidsPageByPage(app, admin, (page) => `/api/appointments?page=${page}&pageSize=${PAGE_SIZE}`, PAGE_SIZE);
    expect(listed).toEqual(expected.map((row) => row.uuid));
  });

  it('follows a booking and a cancellation', async () => {
    const before = (await firstPage('')).total;
    const [{ id }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
          select beneficiary_id, professional_id, specialty_id, starts_at + interval '5 years', ends_at + interval '5 years', 'SCHEDULED', beneficiary_url
          from appointments where beneficiary_id = ${patientId} order by id limit 1
          returning id`,
    );
    expect((await firstPage('')).total).toBe(before + 1);
    await app.db.execute(sql`update appointments set status = 'CANCELED', canceled_at = now() where id = ${id}`);
    expect(await firstPage('')).toMatchObject({ total: before, estimated: undefined });
    expect((await firstPage('&status=CANCELED')).total).toBe((await everyListed('CANCELED')).length);
  });
});

// A week wholly past has no coming appointments, one wholly ahead no past ones: agendaPage reads
// (and counts) only the part the dates leave rows in, and the page is the same. A few patients'
// agenda is sorted in one query instead, in the same order, whatever the dates.
describe('GET /api/appointments, a date filter on one side of now', () => {
  const today = zonedParts(new Date()).date;
  let patientUuids: Set<string>;
  beforeAll(async () => {
    const rows = await sqlRows<{ uuid: string }>(app, sql`select uuid from appointments where beneficiary_id = ${patientId}`);
    patientUuids = new Set(rows.map((row) => row.uuid));
  });
  const comingPart = /"starts_at" >= \$\d+::timestamptz/;
  const pastPart = /"starts_at" < \$\d+::timestamptz/;

  async function listed(from: IsoDate, to: IsoDate) {
    const queries = countQueries(app);
    try {
      const uuids = await uuidsPageByPage(
        app,
        admin,
        (page) => `/api/appointments?dataInicial=${from}&dataFinal=${to}&page=${page}&pageSize=${PAGE_SIZE}`,
        PAGE_SIZE,
      );
      return {
        uuids,
        readsComing: queries.statements.some((statement) => comingPart.test(statement)),
        readsPast: queries.statements.some((statement) => pastPart.test(statement)),
      };
    } finally {
      queries.restore();
    }
  }

  const expectedBetween = async (from: IsoDate, to: IsoDate) =>
    (
      await sqlRows<{ uuid: string }>(
        app,
        sql`select uuid from appointments
            where status <> 'CANCELED'
              and starts_at >= ${dayStart(from)}::timestamptz and starts_at < ${dayStart(addDays(to, 1))}::timestamptz
            order by starts_at < now(), case when starts_at >= now() then starts_at end asc, starts_at desc, id desc`,
      )
    ).map((row) => row.uuid);

  it.each([
    ['wholly past', -12, -3, { readsComing: false, readsPast: true }],
    ['wholly ahead', 3, 12, { readsComing: true, readsPast: false }],
    ['around today', -3, 3, { readsComing: true, readsPast: true }],
  ])('lists a week %s from the parts that hold it', async (_case, fromDays, toDays, reads) => {
    const [from, to] = [addDays(today, fromDays), addDays(today, toDays)];
    const expected = await expectedBetween(from, to);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(await listed(from, to)).toEqual({ uuids: expected, ...reads });
  });

  it('reads a page of a few patients’ agenda around today in one query', async () => {
    const [from, to] = [addDays(today, -1), addDays(today, 1)];
    const expected = (await expectedBetween(from, to)).filter((uuid) => patientUuids.has(uuid));
    expect(expected.length).toBeGreaterThan(10);
    const queries = countQueries(app);
    try {
      const response = await injectAs(app, admin, {
        method: 'GET',
        url: `/api/appointments?paciente=${encodeURIComponent(PATIENT)}&dataInicial=${from}&dataFinal=${to}&page=1&pageSize=${PAGE_SIZE}`,
      });
      expect((response.json() as Array<{ uuid: string }>).map((row) => row.uuid)).toEqual(expected);
      expect(Number(response.headers['x-total-count'])).toBe(expected.length);
      // The page and its total: one statement reads the appointments.
      expect(queries.statements.filter((statement) => /from "appointments"/.test(statement))).toHaveLength(1);
    } finally {
      queries.restore();
    }
  });
});
