import { asc, eq } from 'drizzle-orm';
import { SPECIALTY_NAMES } from '../../src/domain/care';
import type { Database } from '../db/client';
import {
  appointments,
  beneficiaries,
  professionalSchedules,
  professionalSpecialties,
  professionals,
  referrals,
  specialties,
} from '../db/schema';
import { addDays, todayIn } from '../services/telemedicine/dates';
import { freeSlots, type ProfessionalSlot, type WorkingSchedule } from '../services/telemedicine/local/slots';
import { PLACEHOLDER_KEYS } from '../services/uploads/placeholders';
import { createRandom, emailLocalPart, FIRST_NAMES, LAST_NAMES, type Random } from './random';

const BATCH = 200;
const DAY_MS = 86_400_000;

/** Specialties that carry an RQE (medical specialist registration). */
const NO_RQE = new Set(['Generalista', 'Psicologia', 'Nutrição']);
/** Specialists the demo leaves without appointments (removable at once). */
export const PROFESSIONALS_WITHOUT_APPOINTMENTS = 3;

/** A second specialty some professionals also practise. */
const RELATED: Record<string, string> = {
  Pediatria: 'Neuropediatria',
  Endocrinologia: 'Nutrologia',
  Psiquiatria: 'Psicologia',
  Geriatria: 'Generalista',
  Neurologia: 'Neuropediatria',
};
const CONSULTATION_MINUTES: Record<string, number> = { Psicologia: 50, Psiquiatria: 40, Nutrição: 40 };
const PLACES = [
  { city: 'São Paulo', state: 'SP', ddd: '11', cep: '01' },
  { city: 'Belo Horizonte', state: 'MG', ddd: '31', cep: '30' },
  { city: 'Recife', state: 'PE', ddd: '81', cep: '50' },
  { city: 'Curitiba', state: 'PR', ddd: '41', cep: '80' },
  { city: 'Rio de Janeiro', state: 'RJ', ddd: '21', cep: '20' },
];
const BANKS = ['Banco do Brasil', 'Itaú Unibanco', 'Bradesco', 'Caixa Econômica Federal', 'Santander', 'Nubank'];
const STREETS = ['Rua Augusta', 'Avenida Afonso Pena', 'Rua da Aurora', 'Rua XV de Novembro', 'Avenida Atlântica'];
const DISTRICTS = ['Centro', 'Jardins', 'Boa Viagem', 'Savassi', 'Batel', 'Copacabana'];
const CERTIFICATIONS = [
  'Título de especialista pela AMB',
  'Membro da sociedade brasileira da especialidade',
  'Pós-graduação em telemedicina',
];

interface SeededProfessional {
  id: number;
  specialtyIds: number[];
  schedule: WorkingSchedule;
  modality: string;
}

function weeklySchedule(random: Random): Array<{ diaSemana: number; inicio: string; fim: string }> {
  const days = [1, 2, 3, 4, 5].filter(() => random.chance(0.7));
  if (days.length < 2) days.push(...[2, 4].filter((day) => !days.includes(day)));
  const intervals = days.flatMap((diaSemana) => {
    const shape = random.int(0, 2);
    if (shape === 0) return [{ diaSemana, inicio: '08:00', fim: '12:00' }];
    if (shape === 1) return [{ diaSemana, inicio: '13:00', fim: '18:00' }];
    return [
      { diaSemana, inicio: '08:00', fim: '12:00' },
      { diaSemana, inicio: '14:00', fim: '18:00' },
    ];
  });
  if (random.chance(0.2)) intervals.push({ diaSemana: 6, inicio: '08:00', fim: '12:00' });
  return intervals;
}

async function seedProfessionals(db: Database, random: Random, specialtyIdOf: Map<string, number>): Promise<SeededProfessional[]> {
  // Two per specialty, and more where demand is highest.
  const primaries = [
    ...SPECIALTY_NAMES,
    ...SPECIALTY_NAMES,
    'Generalista',
    'Generalista',
    'Generalista',
    'Pediatria',
    'Psicologia',
    'Psicologia',
    'Ginecologia e Obstetrícia',
    'Dermatologia',
    'Cardiologia',
    'Psiquiatria',
  ];
  const usedCpfs = new Set<string>();
  const seeded: SeededProfessional[] = [];
  for (const [index, primary] of primaries.entries()) {
    const female = random.chance(0.55);
    const firstNames = FIRST_NAMES.slice(female ? 0 : 18, female ? 18 : FIRST_NAMES.length);
    const name = `${random.pick(firstNames)} ${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;
    let cpf = random.cpf();
    while (usedCpfs.has(cpf)) cpf = random.cpf();
    usedCpfs.add(cpf);
    const place = random.pick(PLACES);
    const names = [primary, ...(RELATED[primary] && random.chance(0.5) ? [RELATED[primary]] : [])];
    const modality = random.pick(['Online', 'Online', 'Online e Presencial', 'Presencial']);
    const specialist = !NO_RQE.has(primary);
    const [row] = await db
      .insert(professionals)
      .values({
        nomeCompleto: name,
        cpf,
        dataNascimento: `${random.int(1962, 1994)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
        sexo: female ? 'Feminino' : 'Masculino',
        crm: String(random.int(20000, 199999)),
        crmEstado: place.state,
        rqe: specialist && random.chance(0.8) ? String(random.int(10000, 99999)) : null,
        outrasCertificacoes: random.chance(0.4) ? random.pick(CERTIFICATIONS) : null,
        email: `${emailLocalPart(name)}.${index + 1}@medicos-demo.com.br`,
        telefoneCelular: `${place.ddd}9${random.digits(8)}`,
        telefoneComercial: random.chance(0.5) ? `${place.ddd}3${random.digits(7)}` : null,
        rua: random.pick(STREETS),
        numeroComplemento: `${random.int(10, 3000)}${random.chance(0.4) ? `, sala ${random.int(101, 1210)}` : ''}`,
        bairro: random.pick(DISTRICTS),
        cidade: place.city,
        estado: place.state,
        cep: `${place.cep}${random.digits(6)}`,
        banco: random.pick(BANKS),
        agencia: String(random.int(1000, 9999)),
        contaCorrente: `${random.digits(6)}-${random.int(0, 9)}`,
        tipoConta: random.chance(0.85) ? 'Corrente' : 'Poupança',
        pix: random.chance(0.7) ? `${emailLocalPart(name)}@pix.com.br` : cpf,
        modalidadeAtendimento: modality,
        idiomasFalados: random.chance(0.3) ? 'Português, Inglês' : random.chance(0.15) ? 'Português, Espanhol' : 'Português',
        tempoMedioConsulta: CONSULTATION_MINUTES[primary] ?? random.pick([20, 30, 30, 30, 40]),
        fotoMedico: random.chance(0.85) ? PLACEHOLDER_KEYS.photo : null,
        copiaCrm: PLACEHOLDER_KEYS.crm,
        comprovanteEspecialidade: specialist && random.chance(0.75) ? PLACEHOLDER_KEYS.specialtyProof : null,
        termoAceite: PLACEHOLDER_KEYS.acceptanceTerm,
      })
      .returning({ id: professionals.id, minutes: professionals.tempoMedioConsulta });
    const specialtyIds = names.map((specialty) => specialtyIdOf.get(specialty)!);
    await db.insert(professionalSpecialties).values(specialtyIds.map((specialtyId) => ({ professionalId: row.id, specialtyId })));
    const intervals = weeklySchedule(random);
    await db.insert(professionalSchedules).values(intervals.map((interval) => ({ professionalId: row.id, ...interval })));
    seeded.push({
      id: row.id,
      specialtyIds,
      modality,
      schedule: {
        professionalId: row.id,
        consultationMinutes: row.minutes,
        intervals: intervals.map((interval) => ({ weekday: interval.diaSemana, start: interval.inicio, end: interval.fim })),
      },
    });
  }
  return seeded;
}

type NewAppointment = typeof appointments.$inferInsert & { startsAt: Date };

const attendanceLink = (random: Random) =>
  `https://meet.jit.si/PortalSaude-${Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('')}`;

function pastStatus(random: Random): string {
  const roll = random.next();
  return roll < 0.6 ? 'FINISHED' : roll < 0.78 ? 'UNFINISHED' : roll < 0.92 ? 'CANCELED' : 'DONE';
}

/**
 * Appointments over the past four weeks and the coming three, on the professionals' real slots (so
 * availability leaves them out): the past ones finished, unfinished, cancelled or done, the coming
 * ones scheduled (a few cancelled).
 */
function plannedAppointments(
  random: Random,
  roster: SeededProfessional[],
  patients: Array<{ id: number; isActive: boolean }>,
  now: Date,
  idle: ReadonlySet<number>,
) {
  const today = todayIn(now);
  const from = addDays(today, -28);
  const to = addDays(today, 21);
  const active = patients.filter((patient) => patient.isActive);
  // A patient's appointments never overlap (migration 0011 refuses it), whatever their professionals' consultation lengths.
  const takenByPatient = new Map<number, ProfessionalSlot[]>();
  const overlapsTaken = (patientId: number, slot: ProfessionalSlot) =>
    (takenByPatient.get(patientId) ?? []).some((taken) => taken.startsAt < slot.endsAt && slot.startsAt < taken.endsAt);
  const planned: NewAppointment[] = [];
  for (const professional of roster) {
    const slots = freeSlots({ schedules: [professional.schedule], from, to, now: new Date(0), busy: new Map() });
    const wanted = random.int(5, 11);
    const picked = new Set<ProfessionalSlot>();
    for (let attempt = 0; picked.size < wanted && attempt < wanted * 4 && slots.length; attempt++) picked.add(random.pick(slots));
    for (const slot of picked) {
      const past = slot.startsAt <= now;
      const patient = random.pick(past ? patients : active);
      if (overlapsTaken(patient.id, slot)) continue;
      const status = past ? pastStatus(random) : random.chance(0.88) ? 'SCHEDULED' : 'CANCELED';
      const appointment: NewAppointment = {
        beneficiaryId: patient.id,
        professionalId: professional.id,
        specialtyId: random.pick(professional.specialtyIds),
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        status,
        type:
          professional.modality === 'Presencial' || (professional.modality !== 'Online' && random.chance(0.4)) ? 'PRESENTIAL' : 'ONLINE',
        approveAdditionalPayment: random.chance(0.5),
        beneficiaryUrl: attendanceLink(random),
        createdAt: new Date(Math.min(now.getTime(), slot.startsAt.getTime() - random.int(1, 10) * DAY_MS)),
        canceledAt: status === 'CANCELED' ? new Date(Math.min(now.getTime(), slot.startsAt.getTime() - DAY_MS)) : null,
      };
      // Drawn all the same, so the other professionals' appointments stay those of the same seed.
      if (idle.has(professional.id)) continue;
      takenByPatient.set(patient.id, [...(takenByPatient.get(patient.id) ?? []), slot]);
      planned.push(appointment);
    }
  }
  return planned;
}

async function insertInBatches<T extends object>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/**
 * The care demo: 40+ professionals across the 17 specialties with weekly schedules and placeholder
 * documents (a few of them without any appointment), appointments in every status over past and coming weeks, and referrals in every
 * status (scheduled ones behind a coming appointment, completed ones behind a finished one,
 * pending ones of active patients ready to be booked). Runs after the beneficiaries' seed.
 */
export async function seedCare(db: Database, now: Date = new Date()): Promise<void> {
  // Its own sequence, so seeds elsewhere never change these records.
  const random = createRandom(5_2026);
  const specialtyRows = await db.select({ id: specialties.id, name: specialties.name }).from(specialties);
  const specialtyIdOf = new Map(specialtyRows.map((row) => [row.name, row.id]));
  const roster = await seedProfessionals(db, random, specialtyIdOf);

  const patients = await db
    .select({ id: beneficiaries.id, isActive: beneficiaries.isActive })
    .from(beneficiaries)
    .orderBy(asc(beneficiaries.id));
  if (!patients.some((patient) => patient.isActive)) return;

  // A few specialists (never a generalist: they sign the referrals) have no appointment at all, so
  // removing a professional can be tried on the demo.
  const generalistaId = specialtyIdOf.get('Generalista')!;
  const idle = new Set(
    roster
      .filter((professional) => !professional.specialtyIds.includes(generalistaId))
      .slice(-PROFESSIONALS_WITHOUT_APPOINTMENTS)
      .map((professional) => professional.id),
  );
  const planned = plannedAppointments(random, roster, patients, now, idle);
  await insertInBatches(planned, (batch) => db.insert(appointments).values(batch));

  const generalists = roster.filter((professional) => professional.specialtyIds.includes(specialtyIdOf.get('Generalista')!));
  const specialistIds = specialtyRows.filter((row) => row.name !== 'Generalista').map((row) => row.id);
  const referrer = () => random.pick(generalists).id;
  const createdBefore = (instant: Date, maxDays: number) =>
    new Date(instant.getTime() - random.int(1, maxDays) * DAY_MS - random.int(0, DAY_MS / 2));

  const linked = await db
    .select({
      id: appointments.id,
      beneficiaryId: appointments.beneficiaryId,
      specialtyId: appointments.specialtyId,
      status: appointments.status,
      startsAt: appointments.startsAt,
    })
    .from(appointments);
  const scheduled = linked.filter(
    (appointment) => appointment.status === 'SCHEDULED' && appointment.specialtyId !== specialtyIdOf.get('Generalista'),
  );
  const finished = linked.filter(
    (appointment) => appointment.status === 'FINISHED' && appointment.specialtyId !== specialtyIdOf.get('Generalista'),
  );

  const behind = async (appointment: (typeof linked)[number], status: 'SCHEDULED' | 'COMPLETED') => {
    const [referral] = await db
      .insert(referrals)
      .values({
        beneficiaryId: appointment.beneficiaryId,
        specialtyId: appointment.specialtyId,
        professionalId: referrer(),
        status,
        arquivo: PLACEHOLDER_KEYS.referral,
        // Referred before the appointment was booked, and never after today.
        createdAt: createdBefore(new Date(Math.min(appointment.startsAt.getTime(), now.getTime())), 20),
      })
      .returning({ id: referrals.id });
    await db.update(appointments).set({ referralId: referral.id }).where(eq(appointments.id, appointment.id));
  };
  for (const appointment of scheduled.slice(0, 10)) await behind(appointment, 'SCHEDULED');
  for (const appointment of finished.slice(0, 10)) await behind(appointment, 'COMPLETED');

  const active = patients.filter((patient) => patient.isActive);
  const loose = [
    ...Array.from({ length: 14 }, () => ({ status: 'PENDING', patient: random.pick(active) })),
    ...Array.from({ length: 6 }, () => ({ status: 'NON_SCHEDULABLE', patient: random.pick(patients) })),
  ];
  await db.insert(referrals).values(
    loose.map(({ status, patient }) => ({
      beneficiaryId: patient.id,
      specialtyId: random.pick(specialistIds),
      professionalId: referrer(),
      status,
      arquivo: PLACEHOLDER_KEYS.referral,
      createdAt: createdBefore(now, status === 'PENDING' ? 30 : 90),
    })),
  );
}
