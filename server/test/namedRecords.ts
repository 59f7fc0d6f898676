import type { Database } from '../db/client';
import { appointments, branches, partners, resellers } from '../db/schema';
import { insertBeneficiary, insertProfessional, insertReferral, specialtyByName } from './careFixtures';
import { freshCnpj, freshCpf, unique } from './channelFixtures';

/*
 * Records named as a test of the name orders and filters needs them (nameOrder.test.ts,
 * nameFilters.test.ts): inserted directly, only listed, never signed in as.
 */

/** The records are only listed: none signs in. */
const passwordHash = 'x';

/** A partner, a branch under it and a reseller under both, each called `nome`. */
export async function insertNamedChannel(db: Database, nome: string) {
  const [partner] = await db
    .insert(partners)
    .values({ nome, cnpj: freshCnpj(), email: `${unique()}@p.com`, passwordHash })
    .returning();
  const [branch] = await db
    .insert(branches)
    .values({ partnerId: partner.id, titulo: nome, email: `${unique()}@f.com`, passwordHash })
    .returning();
  const [reseller] = await db
    .insert(resellers)
    .values({ partnerId: partner.id, branchId: branch.id, nome, cpf: freshCpf(), email: `${unique()}@r.com`, passwordHash })
    .returning();
  return { partner, branch, reseller };
}

/**
 * A patient and a professional (urologist) called `name`, an appointment between them at `startsAt`,
 * and a referral of the patient.
 */
export async function insertNamedCare(db: Database, name: string, startsAt: Date) {
  const specialty = await specialtyByName(db, 'Urologia');
  const patient = await insertBeneficiary(db, { name });
  const professional = await insertProfessional(db, { name, specialtyNames: ['Urologia'], schedule: [] });
  await db.insert(appointments).values({
    beneficiaryId: patient.id,
    professionalId: professional.id,
    specialtyId: specialty.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 1_800_000),
    beneficiaryUrl: 'https://x',
  });
  await insertReferral(db, { beneficiaryId: patient.id, specialtyName: 'Urologia' });
}
