import type { FastifyInstance } from 'fastify';
import { appointments, beneficiaries } from '../db/schema';
import { createChain } from '../test/channelFixtures';
import { insertProfessional, specialtyByName, uniqueCpf } from '../test/careFixtures';
import { expectDeepPages } from '../test/deepPages';
import { insertPairedReferrals, letterTag, MORE_THAN_A_BATCH, pair, pairedName } from '../test/keysetExports';
import { startAdminPortal } from '../test/demoPortal';

/**
 * The agenda's and the referrals' pages past offset 1,000 (whose first pages show an estimated
 * total) are read from the nearer end: page 201, the last page and one past the end hold exactly the
 * rows each order puts there, with ties on the sorted column in pairs across the page boundaries.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app?.close());

type Row = { id: number; key: string | number };
/** By `key` in `direction`, ties by id, newest first: the lists' tie-break. */
const sorted = <R extends Row>(rows: R[], direction: 'asc' | 'desc') =>
  [...rows].sort((a, b) => (a.key === b.key ? b.id - a.id : (a.key < b.key ? -1 : 1) * (direction === 'asc' ? 1 : -1)));

/** MORE_THAN_A_BATCH patients named in equal pairs, under one reseller. */
async function insertPatients(tag: string) {
  const { partner, branch, reseller } = await createChain(app);
  return app.db
    .insert(beneficiaries)
    .values(
      Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
        partnerId: partner.id,
        branchId: branch.id,
        resellerId: reseller.id,
        name: pairedName(`Paciente ${tag}`, index),
        cpf: uniqueCpf(),
        birthday: '1980-01-01',
      })),
    )
    .returning();
}

describe('deep pages of the agenda and the referrals', () => {
  it('agenda: coming then past by default, and every sort', async () => {
    const tag = letterTag();
    const patients = await insertPatients(tag);
    // Two professionals of one name: the pairs that start together are one with each, and the name ties.
    const professionals = await Promise.all(
      [0, 1].map(() => insertProfessional(app.db, { name: `Dra ${tag}`, specialtyNames: ['Dermatologia'], schedule: [] })),
    );
    const specialty = await specialtyByName(app.db, 'Dermatologia');
    const now = Date.now();
    // Starts in equal pairs an hour apart, about half of them coming, none near 'now'.
    const startOf = (index: number) => now + (pair(index) - 252.5) * 3_600_000;
    const statuses = ['SCHEDULED', 'FINISHED'] as const;
    const inserted = await app.db
      .insert(appointments)
      .values(
        patients.map((patient, index) => ({
          beneficiaryId: patient.id,
          professionalId: professionals[index % 2].id,
          specialtyId: specialty.id,
          startsAt: new Date(startOf(index)),
          endsAt: new Date(startOf(index) + 1_800_000),
          status: statuses[index % 2],
          beneficiaryUrl: `https://atendimento.example/${index}`,
        })),
      )
      .returning({ id: appointments.id });
    const rows = inserted.map((row, index) => ({
      id: row.id,
      start: startOf(index),
      name: patients[index].name,
      status: statuses[index % 2],
    }));
    const url = `/api/appointments?paciente=${tag}`;
    const ids = (list: Row[]) => list.map((row) => row.id);
    const byStart = rows.map((row) => ({ id: row.id, key: row.start }));

    const coming = sorted(
      byStart.filter((row) => (row.key as number) >= now),
      'asc',
    );
    const past = sorted(
      byStart.filter((row) => (row.key as number) < now),
      'desc',
    );
    expect(coming.length).toBeGreaterThan(400);
    expect(past.length).toBeGreaterThan(400);
    await expectDeepPages(app, admin, url, ids([...coming, ...past]));
    await expectDeepPages(app, admin, `${url}&sort=data:asc`, ids(sorted(byStart, 'asc')));
    await expectDeepPages(app, admin, `${url}&sort=data:desc`, ids(sorted(byStart, 'desc')));
    const byName = rows.map((row) => ({ id: row.id, key: row.name.toLowerCase() }));
    await expectDeepPages(app, admin, `${url}&sort=paciente:asc`, ids(sorted(byName, 'asc')));
    await expectDeepPages(app, admin, `${url}&sort=paciente:desc`, ids(sorted(byName, 'desc')));
    // One professional's name and one specialty: every row ties, the id alone orders them.
    const tied = rows.map((row) => ({ id: row.id, key: 0 }));
    await expectDeepPages(app, admin, `${url}&sort=profissional:asc`, ids(sorted(tied, 'asc')));
    await expectDeepPages(app, admin, `${url}&sort=especialidade:desc`, ids(sorted(tied, 'desc')));
    const byStatus = rows.map((row) => ({ id: row.id, key: row.status }));
    await expectDeepPages(app, admin, `${url}&sort=status:asc`, ids(sorted(byStatus, 'asc')));
    await expectDeepPages(app, admin, `${url}&sort=status:desc`, ids(sorted(byStatus, 'desc')));
  });

  it('referrals: newest first by default, and every sort', async () => {
    const tag = letterTag();
    const patients = await insertPatients(tag);
    const inserted = await insertPairedReferrals(app.db, patients);
    const rows = inserted.map((row, index) => ({ ...row, index, patient: patients[index] }));
    const url = `/api/appointments/referrals?busca=${tag}`;
    const uuids = (list: Row[]) => list.map((row) => rows.find((candidate) => candidate.id === row.id)!.uuid);
    const byCreation = rows.map((row) => ({ id: row.id, key: pair(row.index) }));

    await expectDeepPages(app, admin, url, uuids(sorted(byCreation, 'desc')), 'uuid');
    await expectDeepPages(app, admin, `${url}&sort=criadoEm:asc`, uuids(sorted(byCreation, 'asc')), 'uuid');
    const byName = rows.map((row) => ({ id: row.id, key: row.patient.name.toLowerCase() }));
    await expectDeepPages(app, admin, `${url}&sort=beneficiario:desc`, uuids(sorted(byName, 'desc')), 'uuid');
    const byCpf = rows.map((row) => ({ id: row.id, key: row.patient.cpf }));
    await expectDeepPages(app, admin, `${url}&sort=cpf:asc`, uuids(sorted(byCpf, 'asc')), 'uuid');
    const byStatus = rows.map((row) => ({ id: row.id, key: row.status }));
    await expectDeepPages(app, admin, `${url}&sort=status:asc`, uuids(sorted(byStatus, 'asc')), 'uuid');
    await expectDeepPages(app, admin, `${url}&sort=status:desc`, uuids(sorted(byStatus, 'desc')), 'uuid');
  });
});
