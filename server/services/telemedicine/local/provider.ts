import { CARE_ERRORS } from '../../../../src/domain/care';
import type { Database } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/httpErrors';
import type { TelemedicineProvider } from '../types';
import { exportAppointments, findAppointment, listAppointments } from './appointmentQueries';
import { professionalAvailability, toAvailabilitySlot } from './availability';
import { bookAppointment, cancelAppointment } from './booking';
import { exportReferrals, findReferral, listReferrals } from './referralQueries';
import { findSpecialty, listSpecialties } from './specialties';

export interface LocalProviderOptions {
  /** The clock that decides what is past (tests move it). */
  now?: () => Date;
  /** Video rooms are this URL plus a random name (ATTENDANCE_ROOM_BASE_URL). */
  roomBaseUrl?: string;
}

export const DEFAULT_ROOM_BASE_URL = 'https://meet.jit.si/PortalSaude-';

/**
 * Everything in our own database: availability comes from the professionals' weekly schedules
 * minus what is booked. Beneficiaries already live in our database, so registering, updating,
 * inactivating and reactivating them at "the provider" has nothing more to do.
 */
export function createLocalProvider(db: Database, options: LocalProviderOptions = {}): TelemedicineProvider {
  const now = options.now ?? (() => new Date());
  const roomBaseUrl = options.roomBaseUrl ?? DEFAULT_ROOM_BASE_URL;
  return {
    kind: 'local',
    listSpecialties: () => listSpecialties(db),
    async availability(query) {
      const specialty = await findSpecialty(db, query.specialtyUuid);
      if (!specialty) throw badRequest(CARE_ERRORS.unknownSpecialty, { specialtyUuid: CARE_ERRORS.unknownSpecialty });
      const slots = await professionalAvailability(db, {
        specialtyId: specialty.id,
        from: query.dateInitial,
        to: query.dateFinal,
        now: now(),
        beneficiaryId: query.beneficiary?.id,
      });
      return slots.map((slot) => toAvailabilitySlot(specialty, slot));
    },
    listAppointments: (filters, page) => listAppointments(db, filters, page),
    exportAppointments: (filters, sort) => exportAppointments(db, filters, sort),
    getAppointment: (uuid) => findAppointment(db, uuid),
    async bookAppointment(request, record) {
      const uuid = await bookAppointment(db, request, now(), roomBaseUrl, record);
      const appointment = await findAppointment(db, uuid);
      if (!appointment) throw notFound();
      return appointment;
    },
    cancelAppointment: (uuid, record) => cancelAppointment(db, uuid, now(), record),
    listReferrals: (filters, page) => listReferrals(db, filters, page),
    exportReferrals: (filters, sort) => exportReferrals(db, filters, sort),
    getReferral: (uuid) => findReferral(db, uuid),
    registerBeneficiary: async () => ({ providerUuid: null }),
    updateBeneficiary: async () => ({ providerUuid: null }),
    inactivateBeneficiary: async () => undefined,
    reactivateBeneficiary: async () => undefined,
  };
}
