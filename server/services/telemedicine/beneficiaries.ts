import { and, asc, desc, eq, or } from 'drizzle-orm';
import { CARE_ERRORS } from '../../../src/domain/care';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { badRequest } from '../../lib/httpErrors';
import { patientCondition, patientPatterns } from './patientSearch';
import type { BeneficiaryRef } from './types';
import { isUuid } from './uuid';

/**
 * The beneficiary a care request names, from our database: unknown → 400 'Paciente não encontrado.';
 * inactive → 400 (an inactive beneficiary cannot be scheduled).
 */
export async function activeBeneficiary(db: Database, uuid: string, field = 'beneficiaryUuid'): Promise<BeneficiaryRef> {
  // The provider's lists (referrals) name beneficiaries by the provider's uuid; ours by our own.
  const [row] = await db
    .select({ id: beneficiaries.id, uuid: beneficiaries.uuid, providerUuid: beneficiaries.providerUuid, isActive: beneficiaries.isActive })
    .from(beneficiaries)
    .where(or(isUuid(uuid) ? eq(beneficiaries.uuid, uuid.toLowerCase()) : undefined, eq(beneficiaries.providerUuid, uuid)))
    // The provider's uuid names the person, whose record under each partner carries it: an active one, if any.
    .orderBy(desc(beneficiaries.isActive), asc(beneficiaries.id))
    .limit(1);
  if (!row) throw badRequest(CARE_ERRORS.unknownPatient, { [field]: CARE_ERRORS.unknownPatient });
  if (!row.isActive) throw badRequest(CARE_ERRORS.inactivePatient, { [field]: CARE_ERRORS.inactivePatient });
  return { id: row.id, uuid: row.uuid, providerUuid: row.providerUuid };
}

export const PATIENT_SEARCH_LIMIT = 50;

/** Active beneficiaries whose name (any case or accent) or CPF contains the text, by name: the wizard's patient choices. */
export async function searchPatients(db: Database, text: string | undefined, limit = PATIENT_SEARCH_LIMIT) {
  const matches = text ? patientCondition(patientPatterns(text)) : undefined;
  return db
    .select({ uuid: beneficiaries.uuid, name: beneficiaries.name, cpf: beneficiaries.cpf })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.isActive, true), matches))
    .orderBy(asc(beneficiaries.nameKey), asc(beneficiaries.id))
    .limit(limit);
}
