import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { appointments, beneficiaries, GROUP_NAME_WORD_STATISTICS, professionals, specialties } from '../../../db/schema';
import { commonWordShare, wordSharesOf, type WordShares } from '../../../lib/commonWords';
import { isAnyOf, matchesIfFew } from '../../../lib/fewMatches';
import { containsPattern } from '../../../lib/listQuery';
import { foldedOutOfSight, keyContains, keyContainsFromIndex } from '../../../lib/nameOrder';
import { rarestLettersPattern } from '../../../lib/rarestLetters';
import { placeholdersFor, type OrPlaceholders } from '../../../lib/preparedList';
import { addDays, zonedInstant, type IsoDate } from '../dates';
import { patientCondition, patientPatterns, type PatientPatterns } from '../patientSearch';
import type { AppointmentFilters } from '../types';

/*
 * The agenda's conditions, given their values (the CSV exports) or a prepared query's placeholders
 * (the lists' pages and counts, prepared once per shape, db/queryShapes.ts): one definition, so a
 * page, its count and its CSV agree. A values object holds a key only for a condition that is
 * present: its keys are the conditions' shape (conditionsShape). The patient's condition is
 * patientSearch.ts', shared with the referrals and the booking's patient picker.
 */

/**
 * A date filter's bound: the instant São Paulo's day `date` starts, as ISO text. Given as a Date, the
 * column encoded it so (its mapToDriverValue); a placeholder, or a value in a raw `sql` comparison,
 * goes to the driver as it is, which would format a Date its own way.
 */
export const dayStart = (date: IsoDate) => zonedInstant(date, '00:00').toISOString();

/**
 * The patient filter's few matches looked up inside the page's own statement (fewPatientsTable): the
 * pattern its name's trigram index is asked for, and the text as typed.
 */
export type FewPatientsProbe = { fewPatientsAsked: string; fewPatientsName: string };

/**
 * The agenda's filters as values; the patient's by the matches' ids, by their patterns, or by the
 * probe of its few matches that the page's statement runs first.
 */
export type AgendaValues = Partial<PatientPatterns> &
  Partial<FewPatientsProbe> & {
    startsFrom?: string;
    startsBefore?: string;
    patientIds?: number[];
    specialty?: string;
    status?: string;
    professionalName?: string;
  };

/**
 * Up to this many beneficiaries matching the patient filter, the agenda is read from their ids (one
 * array parameter): at a million beneficiaries a first name and surname match up to ~6,000, whose
 * agenda the subquery's walk in date order read in 90-150 ms, their ids in 40-70 ms.
 */
export const FEW_PATIENTS = 5000;

/**
 * The patients `text` matches. The matches are looked up first (matchesIfFew: from the name's trigram
 * index): when they are few, their ids are the condition, and PostgreSQL reads their appointments from
 * the beneficiary index (8 ms for a rare name); given the subquery instead, it cannot tell a rare name
 * from a common one and walked the agenda's date index through thousands of appointments to fill a
 * page (160 ms, bench/README.md). Many matches keep the subquery: a page of them comes soon in date
 * order. Undefined when nobody matches: the agenda is then empty.
 */
async function patientMatches(db: Database, text: string): Promise<Pick<AgendaValues, 'patientIds'> | PatientPatterns | undefined> {
  const patterns = patientPatterns(text);
  // The patients' names hold the words of the holders' group names: their statistics choose the letters.
  const asked = rarestLettersPattern(await wordSharesOf(db, GROUP_NAME_WORD_STATISTICS), text);
  const matched = await matchesIfFew(
    db,
    beneficiaries,
    beneficiaries.id,
    patientCondition(patterns, keyContainsFromIndex(asked)),
    FEW_PATIENTS,
  );
  if (matched.seen === 0) return undefined;
  return matched.few ? { patientIds: matched.few } : patterns;
}

/** The values of the agenda's filters but the patient's. */
function valuesBesidesPatient(filters: AppointmentFilters): AgendaValues {
  const values: AgendaValues = {};
  if (filters.dateFrom) values.startsFrom = dayStart(filters.dateFrom);
  if (filters.dateTo) values.startsBefore = dayStart(addDays(filters.dateTo, 1));
  if (filters.specialty) values.specialty = filters.specialty;
  if (filters.status) values.status = filters.status;
  if (filters.professional) values.professionalName = containsPattern(filters.professional);
  return values;
}

/** The values of the agenda's filters; undefined when the patient filter matches nobody (no appointment then). */
export async function agendaValues(db: Database, filters: AppointmentFilters): Promise<AgendaValues | undefined> {
  const values = valuesBesidesPatient(filters);
  if (filters.patient) {
    const patient = await patientMatches(db, filters.patient);
    if (!patient) return undefined;
    Object.assign(values, patient);
  }
  return values;
}

/**
 * Whether the page's own statement probes the patients `text` matches (agendaValuesProbingPatients):
 * not for digits typed (a few of a CPF's match thousands), nor for a word a common name holds
 * ('silva': thousands of patients, whose page comes sooner in date order).
 */
export const probedByThePage = (shares: WordShares, text: string) =>
  patientPatterns(text).patientCpf === undefined && commonWordShare(shares, text) === 0;

/**
 * The values of the agenda's filters with the patient filter's matches probed by the page's own
 * statement (fewPatientsTable), one round trip to the database instead of two; undefined without a
 * patient filter, or for one probedByThePage leaves to its own probe.
 */
export async function agendaValuesProbingPatients(db: Database, filters: AppointmentFilters): Promise<AgendaValues | undefined> {
  const text = filters.patient;
  if (!text) return undefined;
  const shares = await wordSharesOf(db, GROUP_NAME_WORD_STATISTICS);
  if (!probedByThePage(shares, text)) return undefined;
  return { ...valuesBesidesPatient(filters), fewPatientsAsked: rarestLettersPattern(shares, text), fewPatientsName: containsPattern(text) };
}

/** The name of the table fewPatientsTable makes, and of its one column. */
const FEW_PATIENTS_NAME = 'few_patients';
const FEW_PATIENTS_TABLE = sql.identifier(FEW_PATIENTS_NAME);
const FEW_PATIENTS_IDS = sql.identifier('ids');

/**
 * The patients a FewPatientsProbe matches, up to FEW_PATIENTS + 1 of them, as one row holding their
 * ids: a table for the statement's WITH, which agendaCondition's patient condition reads, and whose
 * ids' number (fewPatientsSeen) tells whether they were all (at most FEW_PATIENTS). The probe reads
 * the name's trigram index, as patientMatches' does; its patterns are foldedOutOfSight: in sight, the
 * statement was planned on every request (0.9 ms, more than its run), unseen it keeps the plan that
 * reads the trigram index and then the patients' appointments by their index (bench/README.md).
 */
export function fewPatientsTable(db: Database) {
  const given = placeholdersFor<FewPatientsProbe>({ fewPatientsAsked: '', fewPatientsName: '' });
  const contains = keyContainsFromIndex(foldedOutOfSight(given.fewPatientsAsked));
  const matching = contains(beneficiaries.nameKey, foldedOutOfSight(given.fewPatientsName));
  return db
    .$with(FEW_PATIENTS_NAME, { ids: sql<number[]>`${FEW_PATIENTS_IDS}` })
    .as(
      sql`select array(select ${beneficiaries.id} from ${beneficiaries} where ${matching} limit ${FEW_PATIENTS + 1}) as ${FEW_PATIENTS_IDS}`,
    );
}

/** How many patients fewPatientsTable holds: past FEW_PATIENTS, not all of them. */
export const fewPatientsSeen = sql<number>`(select cardinality(${FEW_PATIENTS_IDS}) from ${FEW_PATIENTS_TABLE})`;

/** The agenda's filters as one condition. Without a status, cancelled appointments are left out. */
export function agendaCondition(db: Database, given: OrPlaceholders<AgendaValues>): SQL | undefined {
  const idsOf = (table: typeof professionals | typeof specialties, condition: SQL | undefined) =>
    db.select({ id: table.id }).from(table).where(condition);
  const { patientName, patientCpf } = given;
  const patientsNamed = patientName === undefined ? undefined : { patientName, patientCpf };
  return and(
    given.startsFrom === undefined ? undefined : sql`${appointments.startsAt} >= ${given.startsFrom}`,
    given.startsBefore === undefined ? undefined : sql`${appointments.startsAt} < ${given.startsBefore}`,
    given.patientIds === undefined ? undefined : isAnyOf(appointments.beneficiaryId, given.patientIds),
    given.fewPatientsName === undefined
      ? undefined
      : sql`${appointments.beneficiaryId} = any((select ${FEW_PATIENTS_IDS} from ${FEW_PATIENTS_TABLE})::int[])`,
    patientsNamed &&
      inArray(appointments.beneficiaryId, db.select({ id: beneficiaries.id }).from(beneficiaries).where(patientCondition(patientsNamed))),
    given.specialty === undefined
      ? undefined
      : inArray(appointments.specialtyId, idsOf(specialties, eq(specialties.name, given.specialty))),
    given.status === undefined ? ne(appointments.status, 'CANCELED') : eq(appointments.status, given.status),
    given.professionalName === undefined
      ? undefined
      : inArray(appointments.professionalId, idsOf(professionals, keyContains(professionals.nomeKey, given.professionalName))),
  );
}
