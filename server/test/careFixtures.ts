import { eq } from 'drizzle-orm';
import { cpfCheckDigits } from '../../src/domain/documents';
import type { Database } from '../db/client';
import { beneficiaries, professionalSchedules, professionalSpecialties, professionals, referrals, specialties } from '../db/schema';

/** Records the care tests need, written straight to the database. */

// One random start per process keeps clear of the seed's numbers; counting up from it never repeats
// (a fresh random part per call did, once a test made more than a thousand).
const start = Math.floor(Math.random() * 500_000_000);
let sequence = 0;
const nextNumber = () => start + ++sequence;

/** A valid CPF that no other fixture of this process uses. */
export function uniqueCpf(): string {
  const base = String(100_000_000 + nextNumber()).slice(-9);
  return base + cpfCheckDigits(base);
}

export async function insertBeneficiary(db: Database, values: Partial<typeof beneficiaries.$inferInsert> = {}) {
  const [row] = await db
    .insert(beneficiaries)
    .values({
      name: `Paciente ${nextNumber()}`,
      cpf: uniqueCpf(),
      birthday: '1990-05-20',
      phone: '11987654321',
      email: 'paciente@teste.com.br',
      ...values,
    })
    .returning();
  return row;
}

export async function specialtyByName(db: Database, name: string) {
  const [row] = await db.select().from(specialties).where(eq(specialties.name, name));
  return row;
}

interface ProfessionalFixture {
  name?: string;
  specialtyNames: string[];
  /** weekday 0–6, HH:mm */
  schedule: Array<{ weekday: number; start: string; end: string }>;
  minutes?: number;
  modality?: string;
}

export async function insertProfessional(db: Database, fixture: ProfessionalFixture) {
  const [row] = await db
    .insert(professionals)
    .values({
      nomeCompleto: fixture.name ?? `Dra. Teste ${nextNumber()}`,
      cpf: uniqueCpf(),
      crm: String(nextNumber()),
      crmEstado: 'SP',
      email: `medico${nextNumber()}@teste.com.br`,
      tempoMedioConsulta: fixture.minutes ?? 30,
      modalidadeAtendimento: fixture.modality ?? 'Online',
    })
    .returning();
  for (const name of fixture.specialtyNames) {
    const specialty = await specialtyByName(db, name);
    await db.insert(professionalSpecialties).values({ professionalId: row.id, specialtyId: specialty.id });
  }
  if (fixture.schedule.length) {
    await db.insert(professionalSchedules).values(
      fixture.schedule.map((interval) => ({
        professionalId: row.id,
        diaSemana: interval.weekday,
        inicio: interval.start,
        fim: interval.end,
      })),
    );
  }
  return row;
}

export async function insertReferral(
  db: Database,
  values: { beneficiaryId: number; specialtyName: string; status?: string; arquivo?: string },
) {
  const specialty = await specialtyByName(db, values.specialtyName);
  const [row] = await db
    .insert(referrals)
    .values({ beneficiaryId: values.beneficiaryId, specialtyId: specialty.id, status: values.status ?? 'PENDING', arquivo: values.arquivo })
    .returning();
  return row;
}

export const EVERY_DAY = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
