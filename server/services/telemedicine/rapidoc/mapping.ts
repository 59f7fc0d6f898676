import { parseBrDate } from '../../../../src/domain/dateRange';
import { parseDateParam, toBrDate, zonedParts } from '../dates';
import type { Appointment, AvailabilitySlot, ProviderBeneficiary, Referral, Specialty } from '../types';

/**
 * Defensive readers of the provider's answers: a missing or oddly typed field becomes null or a
 * default instead of an exception, and an item without its uuid is dropped.
 */
type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => !!value && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

const record = (value: unknown): Raw => (isRecord(value) ? value : {});

/** The list in an answer: a bare array, or the first array under one of the usual keys. */
export function listIn(data: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data)) return [];
  for (const key of [...keys, 'data', 'items', 'content', 'results']) {
    if (Array.isArray(data[key])) return data[key] as unknown[];
  }
  return [];
}

/** An ISO timestamp that names its offset: '2026-05-11T01:30:00Z', '…-03:00', '…-0300', '…-03'. */
const TIMESTAMP_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ]((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * São Paulo's wall date and time of a timestamp that names its offset: an instant, whatever zone the
 * provider wrote it in ('2026-05-11T01:30:00Z' is 10/05/2026 22:30 in São Paulo). Undefined for
 * anything else: a time without an offset is São Paulo's wall clock already, read as sent.
 */
function saoPauloWall(raw: string): { date: string; time: string } | undefined {
  const match = TIMESTAMP_WITH_OFFSET.exec(raw);
  if (!match || !parseDateParam(match[1])) return undefined;
  const digits = match[3].toUpperCase().replace(':', '');
  const offset = digits === 'Z' ? 'Z' : `${digits.slice(0, 3)}:${digits.slice(3) || '00'}`;
  const instant = new Date(`${match[1]}T${match[2]}${offset}`);
  return Number.isNaN(instant.getTime()) ? undefined : zonedParts(instant);
}

/** A timestamp at midnight UTC: how a bare date is often serialised, a day rather than an instant. */
const MIDNIGHT_UTC = /T00:00(:00(\.0+)?)?Z$/i;

/**
 * dd/mm/yyyy whatever the provider sent (dd/mm/yyyy, yyyy-mm-dd or an ISO timestamp): São Paulo's
 * day of a timestamp with an offset ('2026-05-11T01:30:00Z' is the 10th), the day as written
 * otherwise, and of a midnight-UTC one (a bare date serialised: '2026-05-10T00:00:00Z' is the 10th).
 */
function brDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  if (parseBrDate(raw)) return raw;
  const zoned = MIDNIGHT_UTC.test(raw) ? undefined : saoPauloWall(raw);
  const iso = parseDateParam(zoned?.date ?? raw.slice(0, 10));
  return iso ? toBrDate(iso) : raw;
}

/** HH:mm from 'HH:mm', 'HH:mm:ss' or an ISO timestamp (on São Paulo's clock when it names its offset). */
function hourMinute(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const zoned = saoPauloWall(raw);
  if (zoned) return zoned.time;
  const match = /(\d{2}):(\d{2})/.exec(raw.includes('T') ? raw.split('T')[1] : raw);
  return match ? `${match[1]}:${match[2]}` : null;
}

/**
 * The day of a consultation: São Paulo's day of its start when the start is a timestamp with an
 * offset (01:30 UTC on the 11th begins at 22:30 on the 10th, whatever day the date field names),
 * otherwise the date field's (brDate).
 */
function startDay(date: unknown, from: unknown): string | null {
  const start = text(from);
  const zoned = start ? saoPauloWall(start) : undefined;
  return brDate(zoned?.date ?? date);
}

export function toSpecialty(value: unknown): Specialty | undefined {
  const raw = record(value);
  const uuid = text(raw.uuid);
  const name = text(raw.name) ?? text(raw.description);
  return uuid && name ? { uuid, name } : undefined;
}

/**
 * A slot of the availability answer. The contract only promises uuid, date, from and to; who attends
 * and the specialty are read when the provider sends them (`professional{name}` or `professionalName`,
 * `specialty{uuid,name}`), otherwise the professional is null and the specialty the one asked for.
 */
export function toSlot(value: unknown, askedSpecialty: Specialty): AvailabilitySlot | undefined {
  const raw = record(value);
  const uuid = text(raw.uuid);
  const date = startDay(raw.date, raw.from);
  const from = hourMinute(raw.from);
  const to = hourMinute(raw.to);
  const professional = text(record(raw.professional).name) ?? text(raw.professionalName);
  return uuid && date && from && to
    ? {
        uuid,
        date,
        from,
        to,
        professional: professional ? { name: professional } : null,
        specialty: toSpecialty(raw.specialty) ?? askedSpecialty,
      }
    : undefined;
}

const presential = (raw: Raw) =>
  raw.presential === true || raw.isPresential === true || /presen/i.test(text(raw.type) ?? text(raw.modality) ?? '')
    ? 'PRESENTIAL'
    : 'ONLINE';

export function toAppointment(value: unknown): Appointment | undefined {
  const raw = record(value);
  const uuid = text(raw.uuid);
  if (!uuid) return undefined;
  const beneficiary = record(raw.beneficiary);
  const specialty = record(raw.specialty);
  const professional = record(raw.professional);
  const detail = record(raw.detail);
  const specialties = Array.isArray(professional.specialties) ? professional.specialties : [];
  return {
    uuid,
    status: text(raw.status)?.toUpperCase() ?? 'SCHEDULED',
    type: presential(raw),
    beneficiary: {
      uuid: text(beneficiary.uuid) ?? '',
      name: text(beneficiary.name) ?? '',
      cpf: text(beneficiary.cpf) ?? '',
      birth: text(beneficiary.birth) ?? text(beneficiary.birthday),
      phone: text(beneficiary.phone),
      email: text(beneficiary.email),
    },
    specialty: { uuid: text(specialty.uuid) ?? '', name: text(specialty.name) ?? '' },
    professional: {
      name: text(professional.name) ?? '',
      specialties: specialties
        .map((item) => (typeof item === 'string' ? item : text(record(item).name)))
        .filter((name): name is string => !!name)
        .map((name) => ({ name })),
    },
    detail: {
      date: startDay(detail.date ?? raw.date, detail.from ?? raw.from) ?? '',
      from: hourMinute(detail.from ?? raw.from) ?? '',
      to: hourMinute(detail.to ?? raw.to) ?? '',
    },
    beneficiaryUrl: text(raw.beneficiaryUrl) ?? text(raw.url),
    referralUuid: text(raw.beneficiaryMedicalReferralUuid) ?? text(record(raw.beneficiaryMedicalReferral).uuid),
  };
}

/** createdAt as an ISO instant when it can be read (dd/mm/yyyy with an optional time in São Paulo, or ISO). */
function instant(value: unknown): string {
  const raw = text(value);
  if (!raw) return '';
  const br = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(raw);
  const date = new Date(br ? `${br[3]}-${br[2]}-${br[1]}T${br[4] ?? '00'}:${br[5] ?? '00'}:${br[6] ?? '00'}-03:00` : raw);
  return Number.isNaN(date.getTime()) ? raw : date.toISOString();
}

export function toReferral(value: unknown): Referral | undefined {
  const raw = record(value);
  const uuid = text(raw.uuid);
  if (!uuid) return undefined;
  const beneficiary = record(raw.beneficiary);
  const professional = text(record(raw.professional).name);
  const partner = text(record(raw.partner).name);
  return {
    uuid,
    createdAt: instant(raw.createdAt),
    status: text(raw.status)?.toUpperCase() ?? 'PENDING',
    beneficiary: { uuid: text(beneficiary.uuid) ?? '', name: text(beneficiary.name) ?? '', cpf: text(beneficiary.cpf) ?? '' },
    specialty: toSpecialty(raw.specialty) ?? null,
    professional: professional ? { name: professional } : null,
    partner: partner ? { name: partner } : null,
    urlPath: text(raw.urlPath),
  };
}

/** The uuid of a registered beneficiary wherever the provider put it. */
export function beneficiaryUuidIn(data: unknown): string | null {
  const raw = record(data);
  const candidates = [
    listIn(raw.beneficiaries)[0],
    raw.beneficiary,
    Array.isArray(data) ? data[0] : undefined,
    listIn(data, 'beneficiaries')[0],
    raw,
  ];
  for (const candidate of candidates) {
    const uuid = text(record(candidate).uuid);
    if (uuid) return uuid;
  }
  return null;
}

/** Whether a looked-up beneficiary is active (absent flag: active). */
export const beneficiaryIsActive = (data: unknown) => record(record(data).beneficiary ?? data).isActive !== false;

/** A beneficiary as the provider's POST/PUT /beneficiaries expects it. */
export function beneficiaryPayload(beneficiary: ProviderBeneficiary) {
  return {
    name: beneficiary.name,
    cpf: beneficiary.cpf,
    birthday: beneficiary.birthday,
    phone: beneficiary.phone,
    email: beneficiary.email,
    zipCode: beneficiary.zipCode,
    address: beneficiary.address,
    city: beneficiary.city,
    state: beneficiary.state,
    paymentType: beneficiary.paymentType,
    serviceType: beneficiary.serviceType,
    ...(beneficiary.holderCpf ? { holder: beneficiary.holderCpf } : {}),
  };
}
