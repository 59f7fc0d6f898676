import { CARE_ERRORS } from '../../../../src/domain/care';
import { badGateway, badRequest, notFound } from '../../../lib/httpErrors';
import { parseBrDate } from '../../../../src/domain/dateRange';
import { toBrDate, zonedInstant } from '../dates';
import type { BeneficiaryRef, ProviderBeneficiary, Referral, TelemedicineProvider } from '../types';
import { isProviderId } from '../uuid';
import { createRapidocClient, type RapidocFailureLog, type RapidocSettings } from './client';
import { pageAppointments, pageReferrals } from './inMemoryLists';
import {
  beneficiaryIsActive,
  beneficiaryPayload,
  beneficiaryUuidIn,
  listIn,
  toAppointment,
  toReferral,
  toSlot,
  toSpecialty,
} from './mapping';

const defined = <T>(value: T | undefined): value is T => value !== undefined;

export interface RapidocProviderOptions extends RapidocSettings {
  logFailure?: RapidocFailureLog;
  now?: () => Date;
}

function providerUuidOf(beneficiary: BeneficiaryRef): string {
  if (!beneficiary.providerUuid) throw badRequest(CARE_ERRORS.patientNotAtProvider, { beneficiaryUuid: CARE_ERRORS.patientNotAtProvider });
  return beneficiary.providerUuid;
}

/** An identifier as one URL path segment; anything else never reaches the provider. */
function path(segment: string): string {
  if (!isProviderId(segment)) throw notFound();
  return encodeURIComponent(segment);
}

/** The Rapidoc TEMA API v2 behind the provider interface (contract: docs/upstream-services.md). */
export function createRapidocProvider(options: RapidocProviderOptions): TelemedicineProvider {
  const call = createRapidocClient(options, options.logFailure);
  const now = options.now ?? (() => new Date());

  const allAppointments = async () =>
    listIn(await call('GET', '/appointments'), 'appointments')
      .map(toAppointment)
      .filter(defined);

  const allReferrals = async (): Promise<Referral[]> =>
    listIn(await call('GET', '/beneficiary-medical-referrals'), 'referrals', 'beneficiaryMedicalReferrals')
      .map(toReferral)
      .filter(defined);

  async function checkReferral(referralUuid: string, beneficiaryUuid: string, specialtyUuid: string) {
    const referral = (await allReferrals()).find((candidate) => candidate.uuid === referralUuid);
    const field = 'beneficiaryMedicalReferralUuid';
    if (!referral) throw badRequest(CARE_ERRORS.unknownReferral, { [field]: CARE_ERRORS.unknownReferral });
    if (referral.beneficiary.uuid !== beneficiaryUuid) {
      throw badRequest(CARE_ERRORS.referralOfAnotherPatient, { [field]: CARE_ERRORS.referralOfAnotherPatient });
    }
    if (referral.status !== 'PENDING') throw badRequest(CARE_ERRORS.referralNotPending, { [field]: CARE_ERRORS.referralNotPending });
    if (referral.specialty && referral.specialty.uuid !== specialtyUuid) {
      throw badRequest(CARE_ERRORS.referralOtherSpecialty, { specialtyUuid: CARE_ERRORS.referralOtherSpecialty });
    }
  }

  async function findByCpf(cpf: string) {
    const found = await call('GET', `/beneficiaries/${path(cpf)}`, { missingAsUndefined: true });
    const uuid = found ? beneficiaryUuidIn(found) : null;
    return uuid ? { uuid, active: beneficiaryIsActive(found) } : undefined;
  }

  const provider: TelemedicineProvider = {
    kind: 'rapidoc',
    async listSpecialties() {
      return listIn(await call('GET', '/specialties'), 'specialties')
        .map(toSpecialty)
        .filter(defined);
    },
    async availability(query) {
      const params = new URLSearchParams({
        specialtyUuid: query.specialtyUuid,
        dateInitial: toBrDate(query.dateInitial),
        dateFinal: toBrDate(query.dateFinal),
      });
      if (query.beneficiary) params.set('beneficiaryUuid', providerUuidOf(query.beneficiary));
      const answer = listIn(await call('GET', `/specialty-availability?${params}`), 'availability', 'availabilities');
      // The slots name their specialty only sometimes: the one asked for, by its name in the provider's list.
      const named = answer.every((raw) => toSpecialty((raw as { specialty?: unknown } | null)?.specialty))
        ? undefined
        : (await provider.listSpecialties()).find((specialty) => specialty.uuid === query.specialtyUuid);
      const asked = named ?? { uuid: query.specialtyUuid, name: '' };
      const slots = answer.map((raw) => toSlot(raw, asked)).filter(defined);
      const current = now();
      // Never offer a time that has already started, whatever the provider says.
      return slots
        .map((slot) => ({ slot, startsAt: zonedInstant(parseBrDate(slot.date) ?? '1900-01-01', slot.from) }))
        .filter(({ startsAt }) => startsAt > current)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .map(({ slot }) => slot);
    },
    async listAppointments(filters, page) {
      return pageAppointments(await allAppointments(), filters, page, now());
    },
    async *exportAppointments(filters, sort) {
      // One answer of the provider, ordered against one 'now': nothing moves while the rows are written.
      yield pageAppointments(await allAppointments(), filters, { offset: 0, sort }, now()).items;
    },
    async getAppointment(uuid) {
      return toAppointment(await call('GET', `/appointments/${path(uuid)}`, { missingAsUndefined: true }));
    },
    async bookAppointment(request, record) {
      const beneficiaryUuid = providerUuidOf(request.beneficiary);
      if (request.referralUuid) await checkReferral(request.referralUuid, beneficiaryUuid, request.specialtyUuid);
      const body = {
        beneficiaryUuid,
        availabilityUuid: request.availabilityUuid,
        specialtyUuid: request.specialtyUuid,
        ...(request.referralUuid
          ? { beneficiaryMedicalReferralUuid: request.referralUuid }
          : { approveAdditionalPayment: request.approveAdditionalPayment }),
      };
      const answer = await call('POST', '/appointments', { body });
      const created = toAppointment(answer) ?? toAppointment((answer as { appointment?: unknown } | undefined)?.appointment);
      if (!created) throw badGateway(CARE_ERRORS.providerUnavailable);
      await record(created.uuid);
      // Some answers carry only the uuid: read the whole appointment back.
      return created.detail.date ? created : ((await provider.getAppointment(created.uuid)) ?? created);
    },
    async cancelAppointment(uuid, record) {
      await call('DELETE', `/appointments/${path(uuid)}`);
      await record(uuid);
    },
    async listReferrals(filters, page) {
      return pageReferrals(await allReferrals(), filters, page);
    },
    async *exportReferrals(filters, sort) {
      // One answer of the provider: the whole list is in memory already.
      yield pageReferrals(await allReferrals(), filters, { offset: 0, sort }).items;
    },
    async getReferral(uuid) {
      return (await allReferrals()).find((referral) => referral.uuid === uuid);
    },
    async registerBeneficiary(beneficiary: ProviderBeneficiary) {
      // The provider keeps inactivated beneficiaries: look the CPF up first and bring it back.
      const existing = await findByCpf(beneficiary.cpf);
      if (existing) {
        if (!existing.active) await call('PUT', `/beneficiaries/${path(existing.uuid)}/reactivate`);
        await call('PUT', `/beneficiaries/${path(existing.uuid)}`, { body: beneficiaryPayload(beneficiary) });
        return { providerUuid: existing.uuid };
      }
      const answer = await call('POST', '/beneficiaries', { body: [beneficiaryPayload(beneficiary)] });
      const providerUuid = beneficiaryUuidIn(answer);
      if (!providerUuid) throw badGateway(CARE_ERRORS.providerUnavailable);
      return { providerUuid };
    },
    async updateBeneficiary(beneficiary) {
      if (!beneficiary.providerUuid) return provider.registerBeneficiary(beneficiary);
      await call('PUT', `/beneficiaries/${path(beneficiary.providerUuid)}`, { body: beneficiaryPayload(beneficiary) });
      return { providerUuid: beneficiary.providerUuid };
    },
    async inactivateBeneficiary(beneficiary) {
      await call('DELETE', `/beneficiaries/${path(providerUuidOf(beneficiary))}`);
    },
    async reactivateBeneficiary(beneficiary) {
      await call('PUT', `/beneficiaries/${path(providerUuidOf(beneficiary))}/reactivate`);
    },
  };
  return provider;
}
