import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_STATUSES, REFERRAL_STATUSES, SPECIALTY_NAMES } from '../../src/domain/care';
import {
  appointments,
  beneficiaries,
  professionalSchedules,
  professionalSpecialties,
  professionals,
  referrals,
  specialties,
} from '../db/schema';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { PROFESSIONALS_WITHOUT_APPOINTMENTS } from './care';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(() => app.close());

describe('care demo seed', () => {
  it('has 40+ professionals across the 17 specialties, each with a schedule and documents', async () => {
    const roster = await app.db.select().from(professionals);
    expect(roster.length).toBeGreaterThanOrEqual(40);
    const covered = await app.db
      .selectDistinct({ name: specialties.name })
      .from(professionalSpecialties)
      .innerJoin(specialties, eq(specialties.id, professionalSpecialties.specialtyId));
    expect(covered.map((row) => row.name).sort()).toEqual([...SPECIALTY_NAMES].sort());
    const scheduled = await app.db.selectDistinct({ id: professionalSchedules.professionalId }).from(professionalSchedules);
    expect(scheduled).toHaveLength(roster.length);
    expect(roster.every((professional) => professional.copiaCrm && professional.termoAceite)).toBe(true);
    for (const key of new Set(
      roster.flatMap((professional) => [professional.fotoMedico, professional.comprovanteEspecialidade]).filter(Boolean),
    )) {
      expect(await app.uploads.read(key!)).toBeDefined();
    }
  });

  it('has appointments in every status over past and coming weeks, and referrals in every status', async () => {
    const now = Date.now();
    const all = await app.db.select().from(appointments);
    expect(new Set(all.map((appointment) => appointment.status))).toEqual(new Set(APPOINTMENT_STATUSES));
    expect(all.some((appointment) => appointment.startsAt.getTime() < now - 7 * 86_400_000)).toBe(true);
    expect(all.some((appointment) => appointment.startsAt.getTime() > now + 7 * 86_400_000)).toBe(true);
    expect(
      all.filter((appointment) => appointment.status === 'SCHEDULED').every((appointment) => appointment.startsAt.getTime() > now),
    ).toBe(true);

    const allReferrals = await app.db.select().from(referrals);
    expect(new Set(allReferrals.map((referral) => referral.status))).toEqual(new Set(REFERRAL_STATUSES));
    expect(allReferrals.every((referral) => referral.createdAt.getTime() <= now)).toBe(true);
    const linked = await app.db
      .select({ referral: referrals.status, appointment: appointments.status })
      .from(appointments)
      .innerJoin(referrals, eq(referrals.id, appointments.referralId))
      .where(isNotNull(appointments.referralId));
    expect(new Set(linked.map(({ referral }) => referral))).toEqual(new Set(['SCHEDULED', 'COMPLETED']));
    expect(
      linked.every(({ referral, appointment }) => (referral === 'SCHEDULED' ? appointment === 'SCHEDULED' : appointment === 'FINISHED')),
    ).toBe(true);
    const pendingOfInactive = await app.db
      .select({ id: referrals.id })
      .from(referrals)
      .innerJoin(beneficiaries, eq(beneficiaries.id, referrals.beneficiaryId))
      .where(eq(beneficiaries.isActive, false));
    const pendingIds = new Set(allReferrals.filter((referral) => referral.status === 'PENDING').map((referral) => referral.id));
    expect(pendingOfInactive.filter((row) => pendingIds.has(row.id))).toEqual([]);
  });
});

describe('care demo seed: professionals without appointments', () => {
  it('leaves a few specialists with no appointment nor referral, and one can be removed right away', async () => {
    const busy = new Set(
      [
        ...(await app.db.selectDistinct({ id: appointments.professionalId }).from(appointments)),
        ...(await app.db.selectDistinct({ id: referrals.professionalId }).from(referrals)),
      ].map((row) => row.id),
    );
    const idle = (await app.db.select({ id: professionals.id }).from(professionals)).filter((professional) => !busy.has(professional.id));
    expect(idle.length).toBeGreaterThanOrEqual(PROFESSIONALS_WITHOUT_APPOINTMENTS);

    const admin = await loginAsDemo(app, 'ADMINISTRADOR');
    const removed = await injectAs(app, admin, { method: 'DELETE', url: `/api/professionals/${idle[0].id}` });
    expect(removed.statusCode).toBe(200);
    expect((await injectAs(app, admin, { method: 'GET', url: `/api/professionals/${idle[0].id}` })).statusCode).toBe(404);
  });
});
