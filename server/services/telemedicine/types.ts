import type { AppointmentStatus, ReferralStatus } from '../../../src/domain/care';
import type { Appointment, Referral } from '../../../src/domain/wire/care';
import type { AvailabilitySlot, Specialty } from '../../../src/domain/wire/specialties';
import type { Database } from '../../db/client';
import type { IsoDate } from './dates';

/**
 * The telemedicine provider: specialties, availability, appointments, referrals and the
 * beneficiaries registered at it. `local` keeps everything in our database; `rapidoc` calls the
 * provider's HTTP API. Routes validate the request and our own records, then call one of these.
 */
export interface TelemedicineProvider {
  readonly kind: 'local' | 'rapidoc';
  listSpecialties(): Promise<Specialty[]>;
  availability(query: AvailabilityQuery): Promise<AvailabilitySlot[]>;
  listAppointments(filters: AppointmentFilters, page: PageRequest<AppointmentSortColumn>): Promise<PageResult<Appointment>>;
  /**
   * The whole filtered agenda in the list's order, for the CSV export, read so that an appointment
   * passing 'now' or a booking made while it runs neither repeats nor skips another row.
   */
  exportAppointments(filters: AppointmentFilters, sort: PageRequest<AppointmentSortColumn>['sort']): AsyncIterable<readonly Appointment[]>;
  getAppointment(uuid: string): Promise<Appointment | undefined>;
  /** Books a slot; answers 409 'Horário indisponível' when someone else took it first. */
  bookAppointment(request: BookingRequest, record: RecordWrite): Promise<Appointment>;
  /**
   * Cancels (frees the slot); a referral behind it becomes pending again. The local provider refuses
   * (409) an appointment that is not scheduled or has already started.
   */
  cancelAppointment(uuid: string, record: RecordWrite): Promise<void>;
  listReferrals(filters: ReferralFilters, page: PageRequest<ReferralSortColumn>): Promise<PageResult<Referral>>;
  /** The whole filtered referral list in the list's order, for the CSV export, never re-reading the rows already sent. */
  exportReferrals(filters: ReferralFilters, sort: PageRequest<ReferralSortColumn>['sort']): AsyncIterable<readonly Referral[]>;
  getReferral(uuid: string): Promise<Referral | undefined>;
  /** Registers a beneficiary at the provider (reactivating it when the provider already knows its CPF). */
  registerBeneficiary(beneficiary: ProviderBeneficiary): Promise<{ providerUuid: string | null }>;
  /** Sends the changed record (registering it first when the provider does not know it yet). */
  updateBeneficiary(beneficiary: ProviderBeneficiary): Promise<{ providerUuid: string | null }>;
  inactivateBeneficiary(beneficiary: ProviderBeneficiary): Promise<void>;
  reactivateBeneficiary(beneficiary: ProviderBeneficiary): Promise<void>;
}

/**
 * Records a booking or a cancellation in the audit trail: inside the write's own transaction when the
 * write is in our database (`local`: both are kept or neither), once the provider accepted it otherwise.
 */
export type RecordWrite = (appointmentUuid: string, transaction?: Database) => Promise<void>;

/** What the providers answer, in the API's shapes (one definition with the browser's, src/domain/wire). */
export type { Appointment, AvailabilitySlot, Referral, Specialty };

/** A beneficiary as our database holds it, with its id at the provider when there is one. */
export interface BeneficiaryRef {
  id: number;
  uuid: string;
  providerUuid: string | null;
}

/** What the provider needs to register or update a beneficiary. */
export interface ProviderBeneficiary extends BeneficiaryRef {
  name: string;
  cpf: string;
  /** yyyy-mm-dd */
  birthday: string | null;
  phone: string | null;
  email: string | null;
  zipCode: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  paymentType: string;
  serviceType: string;
  /** The holder's CPF, for a dependent. */
  holderCpf: string | null;
  isActive: boolean;
}

export interface AvailabilityQuery {
  specialtyUuid: string;
  dateInitial: IsoDate;
  dateFinal: IsoDate;
  beneficiary?: BeneficiaryRef;
}

export interface BookingRequest {
  beneficiary: BeneficiaryRef;
  specialtyUuid: string;
  availabilityUuid: string;
  /** From a referral (type 2); otherwise a standalone appointment (type 1). */
  referralUuid?: string;
  /** The consent to a standalone appointment's extra charge, as given (the route books none without it); false from a referral. */
  approveAdditionalPayment: boolean;
}

export interface AppointmentFilters {
  dateFrom?: IsoDate;
  dateTo?: IsoDate;
  /** Patient name or CPF, contains. */
  patient?: string;
  /** Specialty name, exact. */
  specialty?: string;
  /** Without a status, cancelled appointments are left out (cancelling removes one from the agenda). */
  status?: AppointmentStatus;
  /** Professional name, contains. */
  professional?: string;
}

export interface ReferralFilters {
  dateFrom?: IsoDate;
  dateTo?: IsoDate;
  /** Patient name or CPF, contains. */
  search?: string;
  status?: ReferralStatus;
}

export const APPOINTMENT_SORT_COLUMNS = ['data', 'paciente', 'profissional', 'especialidade', 'status'] as const;
export type AppointmentSortColumn = (typeof APPOINTMENT_SORT_COLUMNS)[number];
export const REFERRAL_SORT_COLUMNS = ['criadoEm', 'beneficiario', 'cpf', 'status'] as const;
export type ReferralSortColumn = (typeof REFERRAL_SORT_COLUMNS)[number];

export interface PageRequest<C extends string> {
  offset: number;
  /** Undefined: every matching row. */
  limit?: number;
  sort?: { column: C; direction: 'asc' | 'desc' };
}

export interface PageResult<T> {
  items: T[];
  total: number;
  /** The total is an estimate (a large list; see boundedCount), shown as "cerca de". */
  totalEstimated?: boolean;
}
