import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments } from '../../../db/schema';
import { CLOCK_ONLY, createTestApp } from '../../../test/helpers';
import { EVERY_DAY, insertBeneficiary, insertProfessional, specialtyByName } from '../../../test/careFixtures';
import { exportAppointments, listAppointments } from './appointmentQueries';

/**
 * The agenda's CSV export reads the agenda in batches (issue 26): a batch must continue after the
 * last row written, whatever happened meanwhile. With OFFSET batches ordered around a 'now' taken
 * again for each batch, a cancellation shifted the rows (one skipped) and an appointment passing
 * 'now' moved from the coming part to the past one (one repeated).
 */

const HALF_HOUR = 30 * 60_000;
const name = 'Dra. Exportação Estável';

let app: FastifyInstance;
/** When the fixture was made, and its appointments' uuids in the agenda's order (coming soonest first, then the past latest first). */
let now: number;
let agenda: string[];

beforeAll(async () => {
  app = await createTestApp();
  const professional = await insertProfessional(app.db, { name, specialtyNames: ['Urologia'], schedule: EVERY_DAY('00:00', '23:59') });
  const specialty = await specialtyByName(app.db, 'Urologia');
  const patient = await insertBeneficiary(app.db);
  now = Date.now();
  // 600 coming half hours (the soonest 20 minutes from now) and 600 past ones, more than two batches each.
  const coming = Array.from({ length: 600 }, (_, index) => new Date(now + 20 * 60_000 + index * HALF_HOUR));
  const past = Array.from({ length: 600 }, (_, index) => new Date(now - HALF_HOUR - index * HALF_HOUR));
  const rows = await app.db
    .insert(appointments)
    .values(
      [...coming, ...past].map((startsAt) => ({
        beneficiaryId: patient.id,
        professionalId: professional.id,
        specialtyId: specialty.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HALF_HOUR),
        status: startsAt.getTime() > now ? 'SCHEDULED' : 'FINISHED',
        beneficiaryUrl: 'https://meet.example/sala',
      })),
    )
    .returning({ uuid: appointments.uuid });
  agenda = rows.map((row) => row.uuid);
});
afterAll(() => app.close());
afterEach(() => jest.useRealTimers());

it('writes every appointment once, in the agenda’s order, while appointments are cancelled and time passes', async () => {
  jest.useFakeTimers({ now, doNotFake: CLOCK_ONLY });
  const written: string[] = [];
  for await (const batch of exportAppointments(app.db, { professional: name }, undefined)) {
    written.push(...batch.map((appointment) => appointment.uuid));
    if (written.length === 500) {
      // Between two batches: one appointment already written is cancelled, and the soonest coming
      // one starts (an hour passes).
      await app.db.update(appointments).set({ status: 'CANCELED' }).where(eq(appointments.uuid, written[10]));
      jest.setSystemTime(now + 60 * 60_000);
    }
  }
  expect(written).toHaveLength(agenda.length);
  expect(written).toEqual(agenda);
});

it.each([
  ['data', 'asc'],
  ['data', 'desc'],
  ['paciente', 'asc'],
  ['profissional', 'desc'],
  ['especialidade', 'asc'],
  ['status', 'desc'],
] as const)('writes the agenda sorted by %s %s in the list’s order, ties included', async (column, direction) => {
  const sort = { column, direction };
  const listed = (await listAppointments(app.db, { professional: name }, { offset: 0, sort })).items.map((item) => item.uuid);
  const written: string[] = [];
  for await (const batch of exportAppointments(app.db, { professional: name }, sort)) written.push(...batch.map((item) => item.uuid));
  expect(listed.length).toBeGreaterThan(1100);
  expect(written).toEqual(listed);
});

it('gives the event loop a turn between batches (PGlite answers in the same thread)', async () => {
  let turned = false;
  // Scheduled as the export starts: on PGlite, without a turn between batches, it would run only once the export ended.
  setImmediate(() => (turned = true));
  const turnedAtEachBatch: boolean[] = [];
  for await (const batch of exportAppointments(app.db, { professional: name }, { column: 'data', direction: 'asc' })) {
    expect(batch.length).toBeGreaterThan(0);
    turnedAtEachBatch.push(turned);
  }
  // Three batches of 500 and fewer: from the second on, the turn has come.
  expect(turnedAtEachBatch.length).toBeGreaterThanOrEqual(3);
  expect(turnedAtEachBatch.slice(1).every(Boolean)).toBe(true);
});
