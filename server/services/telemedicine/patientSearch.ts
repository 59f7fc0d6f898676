import { or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '../../../src/domain/documents';
import { beneficiaries } from '../../db/schema';
import { containsPattern } from '../../lib/listQuery';
import { keyContains, type KeyCondition } from '../../lib/nameOrder';
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

/**
 * Beneficiaries whose name contains (any case or accent) or, when digits were typed, whose CPF
 * contains the text. `contains`: how the name is matched (keyContainsFromIndex for a probe of the matches).
 */
export const patientCondition = (given: OrPlaceholders<PatientPatterns>, contains: KeyCondition = keyContains): SQL | undefined =>
  or(
    contains(beneficiaries.nameKey, given.patientName),
    given.patientCpf === undefined ? undefined : sql`${beneficiaries.cpf} like ${given.patientCpf}`,
  );
