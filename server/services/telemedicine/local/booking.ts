import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { CARE_ERRORS } from '../../../../src/domain/care';
import type { Database } from '../../../db/client';
import { appointments, professionals, referrals } from '../../../db/schema';
import { isConcurrencyFailure, violatedConstraint } from '../../../lib/constraintAnswers';
import { badRequest, conflict, notFound } from '../../../lib/httpErrors';
import { addDays, zonedInstant, zonedParts } from '../dates';
import type { BookingRequest, RecordWrite } from '../types';
import { isUuid } from '../uuid';
import { busyOf, patientBusyOf, schedulesOf } from './availability';
import { decodeSlotId, type SlotId } from './slotIds';
import { freeSlots } from './slots';
import { findSpecialty } from './specialties';

/** Where the patient and the professional meet: a private, unguessable video room per appointment. */
const attendanceLink = (roomBaseUrl: string) => `${roomBaseUrl}${randomBytes(16).toString('hex')}`;

/**
 * Whether the slot's professional still practises the specialty, has this exact consultation in
 * the schedule and has no other appointment overlapping it. Simultaneous bookings that all pass this
 * are decided by the database at the insert.
 */
async function professionalIsFree(db: Database, slot: SlotId, now: Date): Promise<boolean> {
  const { date } = zonedParts(slot.startsAt);
  const schedules = await schedulesOf(db, slot.specialtyId, [slot.professionalId]);
  if (!schedules.length) return false;
  const busy = await busyOf(db, [slot.professionalId], zonedInstant(date, '00:00'), zonedInstant(addDays(date, 1), '00:00'));
  return freeSlots({ schedules, from: date, to: date, now, busy }).some(
    (free) =>
      free.startsAt.getTime() === slot.startsAt.getTime() && free.endsAt.getTime() - free.startsAt.getTime() === slot.minutes * 60_000,
  );
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

/** Constraints that make the slot's professional unusable for it: someone else took the time first. */
const PROFESSIONAL_UNAVAILABLE = ['appointments_professional_overlap', 'appointments_professional_on_roster'];

/**
 * Books a slot with the professional its id names. Everything the client sent is checked again
 * here, and the checks give the friendly answers; the database decides between simultaneous bookings
 * (a check-then-insert could not): the exclusion constraints refuse a second overlapping appointment
 * of one patient or one professional, the referral's unique index a second use of it, and a trigger a
 * professional removed meanwhile; a lost race answers 409 'Horário indisponível'. The audit row is
 * written in the same transaction. Returns the new appointment's uuid.
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
  if (!(await professionalIsFree(db, slot, now))) throw conflict(CARE_ERRORS.slotTaken);
  const professionalId = slot.professionalId;

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
    const [professional] = await tx
      .select({ modality: professionals.modalidadeAtendimento })
      .from(professionals)
      .where(eq(professionals.id, professionalId));
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
              type: professional?.modality === 'Presencial' ? 'PRESENTIAL' : 'ONLINE',
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
      if (constraint && PROFESSIONAL_UNAVAILABLE.includes(constraint)) throw conflict(CARE_ERRORS.slotTaken);
      throw error;
    }
  });
}

/**
 * Cancels a scheduled appointment that has not started yet: the slot is free again and its referral
 * pending again. Whether it is scheduled and still ahead is decided by the UPDATE itself, so a
 * simultaneous change of the row (another cancel, the consultation being finished) cannot slip between
 * a check and the write. An appointment whose start has passed keeps its referral: cancelling it would
 * let the referral be booked a second time.
 */
export async function cancelAppointment(db: Database, uuid: string, now: Date, record: RecordWrite): Promise<void> {
  if (!isUuid(uuid)) throw notFound();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [canceled] = await tx
      .update(appointments)
      .set({ status: 'CANCELED', canceledAt: new Date() })
      .where(and(eq(appointments.uuid, uuid.toLowerCase()), eq(appointments.status, 'SCHEDULED'), gt(appointments.startsAt, now)))
      .returning({ referralId: appointments.referralId });
    if (!canceled) {
      const [existing] = await tx
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.uuid, uuid.toLowerCase()));
      if (!existing) throw notFound();
      throw conflict(existing.status === 'SCHEDULED' ? CARE_ERRORS.startedCancel : CARE_ERRORS.onlyScheduledCancel);
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
