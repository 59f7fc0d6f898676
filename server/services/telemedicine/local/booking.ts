import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { CARE_ERRORS } from '../../../../src/domain/care';
import type { Database } from '../../../db/client';
import { appointments, professionals, referrals } from '../../../db/schema';
import { isConcurrencyFailure, violatedConstraint } from '../../../lib/constraintAnswers';
import { badRequest, conflict, notFound } from '../../../lib/httpErrors';
import { addDays, zonedInstant, zonedParts } from '../dates';
import type { BookingRequest, RecordWrite } from '../types';
import { isUuid } from '../uuid';
import { busyOf, patientBusyOf, schedulesOf } from './availability';
import { decodeSlotId } from './slotIds';
import { freeSlots } from './slots';
import { findSpecialty } from './specialties';

/** Where the patient and the professional meet: a private, unguessable video room per appointment. */
const attendanceLink = (roomBaseUrl: string) => `${roomBaseUrl}${randomBytes(16).toString('hex')}`;

/**
 * The professionals of the specialty whose schedule has this exact consultation and who have no
 * other appointment overlapping it, those with the fewest appointments that day first. Bookings
 * at exactly this start are deliberately not looked at: the unique index decides those, so two
 * simultaneous bookings race at the insert and never both pass.
 */
async function candidatesFor(db: Database, specialtyId: number, startsAt: Date, minutes: number, now: Date): Promise<number[]> {
  const { date } = zonedParts(startsAt);
  const schedules = await schedulesOf(db, specialtyId);
  const busy = await busyOf(
    db,
    schedules.map((schedule) => schedule.professionalId),
    zonedInstant(date, '00:00'),
    zonedInstant(addDays(date, 1), '00:00'),
  );
  const loadOf = new Map([...busy].map(([professionalId, taken]) => [professionalId, taken.length]));
  for (const [professionalId, taken] of busy) {
    busy.set(
      professionalId,
      taken.filter((appointment) => appointment.start.getTime() !== startsAt.getTime()),
    );
  }
  return freeSlots({ schedules, from: date, to: date, now, busy })
    .filter(
      (slot) => slot.startsAt.getTime() === startsAt.getTime() && slot.endsAt.getTime() - slot.startsAt.getTime() === minutes * 60_000,
    )
    .map((slot) => slot.professionalId)
    .sort((a, b) => (loadOf.get(a) ?? 0) - (loadOf.get(b) ?? 0) || a - b);
}

/** A referral the booking may use: the patient's own, pending, for the chosen specialty. */
async function usableReferral(db: Database, uuid: string, beneficiaryId: number, specialtyId: number) {
  const [referral] = isUuid(uuid) ? await db.select().from(referrals).where(eq(referrals.uuid, uuid.toLowerCase())) : [];
  if (!referral) throw badRequest(CARE_ERRORS.unknownReferral, { beneficiaryMedicalReferralUuid: CARE_ERRORS.unknownReferral });
  if (referral.beneficiaryId !== beneficiaryId) {
    throw badRequest(CARE_ERRORS.referralOfAnotherPatient, { beneficiaryMedicalReferralUuid: CARE_ERRORS.referralOfAnotherPatient });
  }
  if (referral.status !== 'PENDING') {
    throw badRequest(CARE_ERRORS.referralNotPending, { beneficiaryMedicalReferralUuid: CARE_ERRORS.referralNotPending });
  }
  if (referral.specialtyId !== specialtyId)
    throw badRequest(CARE_ERRORS.referralOtherSpecialty, { specialtyUuid: CARE_ERRORS.referralOtherSpecialty });
  return referral;
}

/**
 * Runs an insert in its own savepoint again when PostgreSQL broke a deadlock with it: two bookings
 * overlapping each other can each wait for the other's row in the exclusion constraint's index. The
 * retry waits for the booking that went through and then meets its constraint like any later one.
 */
async function retryingConcurrencyFailure<T>(insert: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (attempt >= attempts || !isConcurrencyFailure(error)) throw error;
    }
  }
}

/** Constraints that make one candidate professional unusable for this slot: the next one is tried. */
const PROFESSIONAL_UNAVAILABLE = ['appointments_professional_overlap', 'appointments_professional_on_roster'];

/**
 * Books a slot. Everything the client sent is checked again here, and the checks give the friendly
 * answers; the database decides between simultaneous bookings (a check-then-insert could not): the
 * exclusion constraints refuse a second overlapping appointment of one patient or one professional,
 * the referral's unique index a second use of it, and a trigger a professional removed meanwhile. So
 * each candidate professional is tried in its own savepoint and a lost race moves to the next one.
 * The audit row is written in the same transaction. Returns the new appointment's uuid.
 */
export async function bookAppointment(
  db: Database,
  request: BookingRequest,
  now: Date,
  roomBaseUrl: string,
  record: RecordWrite,
): Promise<string> {
  const specialty = await findSpecialty(db, request.specialtyUuid);
  if (!specialty) throw badRequest(CARE_ERRORS.unknownSpecialty, { specialtyUuid: CARE_ERRORS.unknownSpecialty });
  const slot = decodeSlotId(request.availabilityUuid);
  if (!slot) throw badRequest(CARE_ERRORS.invalidSlot, { availabilityUuid: CARE_ERRORS.invalidSlot });
  if (slot.specialtyId !== specialty.id)
    throw badRequest(CARE_ERRORS.otherSpecialtySlot, { availabilityUuid: CARE_ERRORS.otherSpecialtySlot });
  if (slot.startsAt <= now) throw badRequest(CARE_ERRORS.pastSlot, { availabilityUuid: CARE_ERRORS.pastSlot });
  const endsAt = new Date(slot.startsAt.getTime() + slot.minutes * 60_000);
  const beneficiaryId = request.beneficiary.id;
  const referral = request.referralUuid ? await usableReferral(db, request.referralUuid, beneficiaryId, specialty.id) : undefined;

  if ((await patientBusyOf(db, beneficiaryId, slot.startsAt, endsAt)).length) throw conflict(CARE_ERRORS.patientBusy);
  const candidates = await candidatesFor(db, specialty.id, slot.startsAt, slot.minutes, now);
  if (!candidates.length) throw conflict(CARE_ERRORS.slotTaken);

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (referral) {
      const taken = await tx
        .update(referrals)
        .set({ status: 'SCHEDULED', updatedAt: new Date() })
        .where(and(eq(referrals.id, referral.id), eq(referrals.status, 'PENDING')))
        .returning({ id: referrals.id });
      if (!taken.length) throw conflict(CARE_ERRORS.referralNotPending);
    }
    const modalities = await tx
      .select({ id: professionals.id, modality: professionals.modalidadeAtendimento })
      .from(professionals)
      .where(inArray(professionals.id, candidates));
    const modalityOf = new Map(modalities.map((row) => [row.id, row.modality]));
    for (const professionalId of candidates) {
      try {
        const [created] = await retryingConcurrencyFailure(() =>
          tx.transaction((savepoint) =>
            savepoint
              .insert(appointments)
              .values({
                beneficiaryId,
                professionalId,
                specialtyId: specialty.id,
                referralId: referral?.id,
                startsAt: slot.startsAt,
                endsAt,
                type: modalityOf.get(professionalId) === 'Presencial' ? 'PRESENTIAL' : 'ONLINE',
                approveAdditionalPayment: request.approveAdditionalPayment,
                beneficiaryUrl: attendanceLink(roomBaseUrl),
              })
              .returning({ uuid: appointments.uuid }),
          ),
        );
        await record(created.uuid, tx);
        return created.uuid;
      } catch (error) {
        const constraint = violatedConstraint(error)?.constraint;
        if (constraint && PROFESSIONAL_UNAVAILABLE.includes(constraint)) continue;
        throw error;
      }
    }
    throw conflict(CARE_ERRORS.slotTaken);
  });
}

/** Cancels a scheduled appointment: the slot is free again and its referral pending again. */
export async function cancelAppointment(db: Database, uuid: string, record: RecordWrite): Promise<void> {
  if (!isUuid(uuid)) throw notFound();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [canceled] = await tx
      .update(appointments)
      .set({ status: 'CANCELED', canceledAt: new Date() })
      .where(and(eq(appointments.uuid, uuid.toLowerCase()), eq(appointments.status, 'SCHEDULED')))
      .returning({ referralId: appointments.referralId });
    if (!canceled) {
      const [existing] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.uuid, uuid.toLowerCase()));
      throw existing ? conflict(CARE_ERRORS.onlyScheduledCancel) : notFound();
    }
    if (canceled.referralId) {
      await tx
        .update(referrals)
        .set({ status: 'PENDING', updatedAt: new Date() })
        .where(and(eq(referrals.id, canceled.referralId), eq(referrals.status, 'SCHEDULED')));
    }
    await record(uuid.toLowerCase(), tx);
  });
}
