import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CARE_ERRORS } from '../../src/domain/care';
import { appointments, auditLog, referrals } from '../db/schema';
import { addDays, todayIn, weekdayOf, zonedInstant } from '../services/telemedicine/dates';
import { encodeSlotId } from '../services/telemedicine/local/slotIds';
import { insertBeneficiary, insertProfessional, insertReferral, specialtyByName } from '../test/careFixtures';
import { startDemoPortal } from '../test/demoPortal';
import { injectAs } from '../test/helpers';

/**
 * Cancelling an appointment booked from a referral while other requests cancel it too, on PostgreSQL
 * only (PGlite runs every query on one connection, so it never sees these races): whether the
 * appointment is still scheduled and still ahead is decided by the cancel's own UPDATE, so exactly
 * one request cancels it, puts its referral back to pending and writes the audit row.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(
  async () =>
    ({
      app,
      tokens: { ADMINISTRADOR: admin },
    } = await startDemoPortal()),
  90_000,
);
afterAll(() => app?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('simultaneous cancels of one appointment', () => {
  it('let exactly one through: the referral is pending once, one audit row, the others answer 409', async () => {
    const day = addDays(todayIn(new Date()), 12);
    const specialty = await specialtyByName(app.db, 'Psicologia');
    const professional = await insertProfessional(app.db, {
      specialtyNames: ['Psicologia'],
      schedule: [{ weekday: weekdayOf(day), start: '01:00', end: '01:30' }],
    });
    const patient = await insertBeneficiary(app.db);
    const referral = await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Psicologia' });
    const availabilityUuid = encodeSlotId({
      professionalId: professional.id,
      specialtyId: specialty.id,
      startsAt: zonedInstant(day, '01:00'),
      minutes: 30,
    });
    const booked = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/appointments',
      payload: {
        beneficiaryUuid: patient.uuid,
        specialtyUuid: specialty.uuid,
        availabilityUuid,
        beneficiaryMedicalReferralUuid: referral.uuid,
      },
    });
    expect(booked.statusCode).toBe(201);
    const uuid = booked.json().uuid as string;

    // One millisecond apart, so that some request lands between another's read and write.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        await pause(index);
        return injectAs(app, admin, { method: 'DELETE', url: `/api/appointments/${uuid}` });
      }),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().message).toBe(CARE_ERRORS.onlyScheduledCancel);
    }
    const [row] = await app.db.select().from(appointments).where(eq(appointments.uuid, uuid));
    expect(row.status).toBe('CANCELED');
    const [taken] = await app.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(taken.status).toBe('PENDING');
    const cancellations = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, uuid), eq(auditLog.action, 'status')));
    expect(cancellations).toHaveLength(1);
  });
});
