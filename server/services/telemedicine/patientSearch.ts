import { or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '../../../src/domain/documents';
import { beneficiaries } from '../../db/schema';
import { containsPattern } from '../../lib/listQuery';
import { keyContains } from '../../lib/nameOrder';
import type { OrPlaceholders } from '../../lib/preparedList';

/*
 * The patient filter, one definition for every place a patient is searched: the agenda, the
 * referrals and the booking's patient picker (beneficiaries.ts).
 */

/** The patient filter: the name's pattern and, when digits were typed, the CPF's. */
export type PatientPatterns = {
  patientName: string;
  patientCpf?: string;
};

export function patientPatterns(text: string): PatientPatterns {
  const digits = onlyDigits(text);
  return digits ? { patientName: containsPattern(text), patientCpf: containsPattern(digits) } : { patientName: containsPattern(text) };
}

/** Beneficiaries whose name contains (any case or accent) or, when digits were typed, whose CPF contains the text. */
export const patientCondition = (given: OrPlaceholders<PatientPatterns>): SQL | undefined =>
  or(
    keyContains(beneficiaries.nameKey, given.patientName),
    given.patientCpf === undefined ? undefined : sql`${beneficiaries.cpf} like ${given.patientCpf}`,
  );
