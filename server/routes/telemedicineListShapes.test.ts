import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nameOrder } from '../lib/nameOrder';
import { EVERY_DAY, insertProfessional, specialtyByName } from '../test/careFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * The agenda's and the referrals' queries are prepared once per shape (db/queryShapes.ts): a shape
 * naming too little (a filter's presence, the sort, the direction a page is read in, its offset)
 * would give a request the SQL text an earlier request prepared. Here every filter, sort and page
 * runs in a row on one app, each answer checked against a query written apart: the filters as SQL
 * of their own, the order as the paging tests state it. 2,200 appointments (a third of them coming,
 * none within three hours of now) and 2,200 referrals make pages read from the end.
 */

const PAGE_SIZE = 100;
/** The first page, one at an offset, one in the first half past the coming appointments, and two read from the end. */
const PAGES = [1, 2, 8, 12, 22];
const PATIENTS = [
  { name: 'Forma Alfa', cpf: '27182818284' },
  { name: 'Forma Beta', cpf: '31415926535' },
  { name: 'Forma Gama', cpf: '16180339887' },
  { name: 'Forma Delta', cpf: '70710678118' },
];

/** One of the patients in turn, for the n-th row of a generate_series. */
const patientInTurn = sql`(select id from beneficiaries where name = (array[${sql.join(
  PATIENTS.map((patient) => sql`${patient.name}`),
  sql`, `,
)}])[1 + n % ${sql.raw(String(PATIENTS.length))}])`;

let app: FastifyInstance;
let admin: string;
const DAY = 86_400_000;
/** São Paulo's calendar date `days` from today; the instant it starts, or the next day starts (UTC-3, no daylight saving since 2019). */
const dayFromToday = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() + days * DAY);
const startOf = (date: string) => new Date(`${date}T00:00:00-03:00`).toISOString();
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00-03:00`) + DAY).toISOString();

beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
  const [one, two] = [
    await insertProfessional(app.db, { name: 'Dra. Forma Um', specialtyNames: ['Generalista'], schedule: EVERY_DAY('00:00', '23:59') }),
    await insertProfessional(app.db, { name: 'Dr. Forma Dois', specialtyNames: ['Urologia'], schedule: EVERY_DAY('00:00', '23:59') }),
  ];
  const [general, urology] = [await specialtyByName(app.db, 'Generalista'), await specialtyByName(app.db, 'Urologia')];
  for (const patient of PATIENTS) await app.db.execute(sql`insert into beneficiaries (name, cpf) values (${patient.name}, ${patient.cpf})`);
  // More than 5,000 beneficiaries named 'Forma', or with a 0 in the CPF: the patient filter's subquery.
  await app.db.execute(sql`
    insert into beneficiaries (name, cpf)
    select 'Comum Forma ' || n, lpad((83000000000 + n)::text, 11, '0') from generate_series(1, 5100) as n`);
  // An hour apart, a patient of four and a professional of two in turn; every fifth cancelled.
  await app.db.execute(sql`
    insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
    select ${patientInTurn},
      case when n % 2 = 0 then ${one.id}::int else ${two.id}::int end,
      case when n % 3 = 0 then ${general.id}::int else ${urology.id}::int end,
      starts, starts + interval '20 minutes',
      case when n % 5 = 0 then 'CANCELED' when starts > now() then 'SCHEDULED' else (array['FINISHED', 'UNFINISHED', 'DONE'])[1 + n % 3] end,
      'https://atendimento.exemplo/' || n
    from generate_series(1, 2200) as n,
      lateral (select now() + (n - 1400) * interval '1 hour' + case when n > 1400 then interval '3 hours' else interval '-3 hours' end as starts) as at`);
  await app.db.execute(sql`
    insert into referrals (beneficiary_id, specialty_id, status, created_at)
    select ${patientInTurn},
      ${general.id}::int, (array['PENDING', 'COMPLETED', 'NON_SCHEDULABLE', 'SCHEDULED'])[1 + n % 4], now() - n * interval '37 minutes'
    from generate_series(1, 2200) as n`);
});
afterAll(() => app.close());

/** A list's filter: the query string, and the rows it keeps written as SQL apart. */
interface Filter {
  query: Record<string, string>;
  where: SQL;
}

/** The patients whose name contains `name`, or whose CPF contains `digits`. */
const patients = (name: string, digits?: string) =>
  sql`(select id from beneficiaries where name ilike ${`%${name}%`}${digits ? sql` or cpf like ${`%${digits}%`}` : sql``})`;

/**
 * Each page of each filter and sort, in a row: the rows and, when the list says it is exact, the
 * total must be the independent query's. Answers a list of what differed.
 */
async function mismatches(
  path: string,
  filters: Filter[],
  sorts: Array<{ sort: string; order: SQL }>,
  expected: (where: SQL, order: SQL) => SQL,
): Promise<string[]> {
  const found: string[] = [];
  for (const { sort, order } of sorts) {
    for (const filter of filters) {
      const all = (await sqlRows<{ uuid: string }>(app, expected(filter.where, order))).map((row) => row.uuid);
      for (const page of PAGES) {
        const url = `${path}?${new URLSearchParams(filter.query).toString()}${sort ? `&sort=${sort}` : ''}&page=${page}&pageSize=${PAGE_SIZE}`;
        const response = await injectAs(app, admin, { method: 'GET', url });
        if (response.statusCode !== 200) {
          found.push(`${url}: ${response.statusCode} ${response.body}`);
          continue;
        }
        const rows = (response.json() as Array<{ uuid: string }>).map((row) => row.uuid);
        if (JSON.stringify(rows) !== JSON.stringify(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE))) found.push(`${url}: other rows`);
        const total = Number(response.headers['x-total-count']);
        const estimated = response.headers['x-total-estimated'] === 'true';
        // Exact up to a thousand rows, estimated beyond (boundedCount).
        if (estimated ? all.length <= 1000 : total !== all.length)
          found.push(`${url}: total ${total}${estimated ? ' estimated' : ''}, not ${all.length}`);
      }
    }
  }
  return found;
}

describe('GET /api/appointments, one filter, sort and page after another', () => {
  const from = dayFromToday(-10);
  const to = dayFromToday(10);
  const filters: Filter[] = [
    { query: {}, where: sql`a.status <> 'CANCELED'` },
    { query: { status: 'FINISHED' }, where: sql`a.status = 'FINISHED'` },
    { query: { dataInicial: from }, where: sql`a.status <> 'CANCELED' and a.starts_at >= ${startOf(from)}::timestamptz` },
    { query: { dataFinal: to }, where: sql`a.status <> 'CANCELED' and a.starts_at < ${nextDay(to)}::timestamptz` },
    {
      query: { dataInicial: from, dataFinal: to },
      where: sql`a.status <> 'CANCELED' and a.starts_at >= ${startOf(from)}::timestamptz and a.starts_at < ${nextDay(to)}::timestamptz`,
    },
    // A few patients are read by their ids; over 5,000 through a subquery, by name, or by name or CPF.
    { query: { paciente: 'Forma Alfa' }, where: sql`a.status <> 'CANCELED' and a.beneficiary_id in ${patients('Forma Alfa')}` },
    { query: { paciente: 'Forma' }, where: sql`a.status <> 'CANCELED' and a.beneficiary_id in ${patients('Forma')}` },
    { query: { paciente: '0' }, where: sql`a.status <> 'CANCELED' and a.beneficiary_id in ${patients('0', '0')}` },
    { query: { especialidade: 'Urologia' }, where: sql`a.status <> 'CANCELED' and s.name = 'Urologia'` },
    { query: { profissional: 'Forma Um' }, where: sql`a.status <> 'CANCELED' and p.nome_completo ilike '%Forma Um%'` },
    {
      query: { paciente: 'Forma', status: 'DONE', dataFinal: to, especialidade: 'Generalista', profissional: 'Forma' },
      where: sql`a.status = 'DONE' and a.beneficiary_id in ${patients('Forma')} and a.starts_at < ${nextDay(to)}::timestamptz
        and s.name = 'Generalista' and p.nome_completo ilike '%Forma%'`,
    },
  ];
  const sorts = [
    // The coming ones soonest first, then the past ones latest first.
    { sort: '', order: sql`a.starts_at < now(), case when a.starts_at >= now() then a.starts_at end asc, a.starts_at desc, a.id desc` },
    { sort: 'data:asc', order: sql`a.starts_at asc, a.id desc` },
    { sort: 'data:desc', order: sql`a.starts_at desc, a.id desc` },
    { sort: 'paciente:asc', order: sql`b.name_key asc, a.id desc` },
    { sort: 'profissional:desc', order: sql`${nameOrder(sql`p.nome_completo`)} desc, a.id desc` },
    { sort: 'especialidade:asc', order: sql`s.name asc, a.id desc` },
    { sort: 'status:desc', order: sql`a.status desc, a.id desc` },
  ];
  const expected = (where: SQL, order: SQL) => sql`
    select a.uuid from appointments a
    join beneficiaries b on b.id = a.beneficiary_id
    join professionals p on p.id = a.professional_id
    join specialties s on s.id = a.specialty_id
    where ${where} order by ${order}`;

  it('answers all of a filter’s rows, then its pages, each as alone', async () => {
    // Every row (no page) first: a page's text would answer it too, a LIMIT of null being none.
    const all = await app.telemedicine.listAppointments({ patient: 'Forma' }, { offset: 0 });
    const expectedAll = await sqlRows<{ uuid: string }>(app, expected(filters[6].where, sorts[0].order));
    expect(all.items.map((item) => item.uuid)).toEqual(expectedAll.map((row) => row.uuid));
    expect(await mismatches('/api/appointments', filters.slice(6, 7), sorts.slice(0, 1), expected)).toEqual([]);
  });

  it('answers each filter, sort and page as it would alone', async () => {
    expect(await mismatches('/api/appointments', filters, sorts, expected)).toEqual([]);
  });
});

describe('GET /api/appointments/referrals, one filter, sort and page after another', () => {
  const from = dayFromToday(-40);
  const to = dayFromToday(-20);
  const filters: Filter[] = [
    { query: {}, where: sql`true` },
    { query: { status: 'PENDING' }, where: sql`r.status = 'PENDING'` },
    { query: { dataInicial: from }, where: sql`r.created_at >= ${startOf(from)}::timestamptz` },
    { query: { dataFinal: to }, where: sql`r.created_at < ${nextDay(to)}::timestamptz` },
    { query: { busca: 'Forma Alfa' }, where: sql`r.beneficiary_id in ${patients('Forma Alfa')}` },
    { query: { busca: '0' }, where: sql`r.beneficiary_id in ${patients('0', '0')}` },
    {
      query: { busca: 'Forma', status: 'COMPLETED', dataInicial: from, dataFinal: to },
      where: sql`r.beneficiary_id in ${patients('Forma')} and r.status = 'COMPLETED'
        and r.created_at >= ${startOf(from)}::timestamptz and r.created_at < ${nextDay(to)}::timestamptz`,
    },
  ];
  const sorts = [
    { sort: '', order: sql`r.created_at desc, r.id desc` },
    { sort: 'criadoEm:asc', order: sql`r.created_at asc, r.id desc` },
    { sort: 'beneficiario:asc', order: sql`b.name_key asc, r.id desc` },
    { sort: 'cpf:desc', order: sql`b.cpf desc, r.id desc` },
    { sort: 'status:asc', order: sql`r.status asc, r.id desc` },
    { sort: 'status:desc', order: sql`r.status desc, r.id desc` },
  ];
  const expected = (where: SQL, order: SQL) => sql`
    select r.uuid from referrals r join beneficiaries b on b.id = r.beneficiary_id where ${where} order by ${order}`;

  it('joins the patients to the ids it counts only for a search or a sort that reads them', async () => {
    // Filters no other test here gives (each query's text is prepared on its first use), matching
    // fewer than a thousand referrals: counted on every request (a larger total's estimate is kept a while).
    const url = (sort: string) => `/api/appointments/referrals?status=PENDING&dataFinal=${dayFromToday(0)}${sort}&page=1&pageSize=10`;
    await injectAs(app, admin, { method: 'GET', url: url('&sort=cpf:asc') });
    const sent = countQueries(app);
    try {
      await injectAs(app, admin, { method: 'GET', url: url('') });
    } finally {
      sent.restore();
    }
    const counts = sent.statements.filter((text) => text.includes('"capped"'));
    expect(counts).toHaveLength(1);
    expect(counts[0]).not.toContain('"beneficiaries"');
  });

  it('answers all of the rows, then the pages, each as alone', async () => {
    const all = await app.telemedicine.listReferrals({}, { offset: 0 });
    const expectedAll = await sqlRows<{ uuid: string }>(app, expected(filters[0].where, sorts[0].order));
    expect(all.items.map((item) => item.uuid)).toEqual(expectedAll.map((row) => row.uuid));
    expect(await mismatches('/api/appointments/referrals', filters.slice(0, 1), sorts.slice(0, 1), expected)).toEqual([]);
  });

  it('answers each filter, sort and page as it would alone', async () => {
    expect(await mismatches('/api/appointments/referrals', filters, sorts, expected)).toEqual([]);
  });
});
