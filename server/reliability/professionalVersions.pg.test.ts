import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SPECIALTY_NAMES } from '../../src/domain/care';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import { RECORD_CHANGED } from '../../src/domain/recordVersion';
import { parameterChanges, parameters, professionalSpecialties, professionals, specialties } from '../db/schema';
import { DEMO_PASSWORD, seedAccounts } from '../seed/accounts';
import { createRandom } from '../seed/random';
import { insertProfessional } from '../test/careFixtures';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * Optimistic concurrency of the professionals and the parameters (migration 0045) on PostgreSQL, where
 * requests really overlap (PGlite runs every query on one connection): of changes sent at once with
 * the same `versao`, each writing a value of its own, exactly one is saved and the others answer 409,
 * whatever order they run in.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  await seedAccounts(app.db, createRandom(1), await app.passwords.hash(DEMO_PASSWORD));
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
}, 90_000);
afterAll(() => app?.close());

/**
 * Each request writes a name of its own (requests that wrote the same values would rightly all be
 * saved once one of them is: a stale request writing what is stored replaces nothing), and a second
 * specialty, the same for a few of them: the one stored must be the saved edit's.
 */
const OTHER_SPECIALTIES = SPECIALTY_NAMES.filter((name) => name !== 'Cardiologia');
const otherSpecialty = (index: number) => OTHER_SPECIALTIES[index % OTHER_SPECIALTIES.length];

/** Races that one batch catches only some of the time are run this many times, each on a fresh record. */
const ROUNDS = 3;
const SIMULTANEOUS = 20;

/** Exactly one 200, the others 409 'Este registro foi alterado…'; the index of the one saved. */
function winnerOf(answers: Array<{ statusCode: number; json: () => { message?: string } }>): number {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(SIMULTANEOUS - 1);
  const refusals = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message);
  expect(new Set(refusals)).toEqual(new Set([RECORD_CHANGED]));
  return statuses.indexOf(200);
}

describe('edits of a professional sent at once with the same versao', () => {
  it('save exactly one; the others answer 409 and change nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await insertProfessional(app.db, {
        specialtyNames: ['Cardiologia'],
        schedule: [{ weekday: 1, start: '08:00', end: '12:00' }],
      });
      const record = (await injectAs(app, admin, { method: 'GET', url: `/api/professionals/${id}` })).json().data;
      const form = {
        nome_completo: record.nome_completo,
        cpf: record.cpf,
        crm: record.crm,
        crm_estado: record.crm_estado,
        email: record.email,
        modalidade_atendimento: record.modalidade_atendimento,
        tempo_medio_consulta: record.tempo_medio_consulta,
        especialidades: ['Cardiologia'],
        agenda: record.agenda,
        versao: record.versao,
      };
      const answers = await Promise.all(
        Array.from({ length: SIMULTANEOUS }, (_, index) =>
          injectAs(app, admin, {
            method: 'PUT',
            url: `/api/professionals/${id}`,
            payload: { ...form, nome_completo: `Dra. Edição ${index}`, especialidades: ['Cardiologia', otherSpecialty(index)] },
          }),
        ),
      );
      const winner = winnerOf(answers);
      const [row] = await app.db.select().from(professionals).where(eq(professionals.id, id));
      expect(row.rowVersion).toBe(2);
      // What is stored is the one saved edit, whole; the others left no trace (their name, their specialties).
      const chosen = await app.db
        .select({ name: specialties.name })
        .from(professionalSpecialties)
        .innerJoin(specialties, eq(specialties.id, professionalSpecialties.specialtyId))
        .where(eq(professionalSpecialties.professionalId, id));
      expect(row.nomeCompleto).toBe(`Dra. Edição ${winner}`);
      expect(chosen.map(({ name }) => name).sort()).toEqual(['Cardiologia', otherSpecialty(winner)].sort());
    }
  });
});

describe('values of a parameter sent at once with the same versao', () => {
  it('save exactly one, with one history row; the others answer 409', async () => {
    const list = (await injectAs(app, admin, { method: 'GET', url: '/api/parametros' })).json().data.data as Array<{
      id: number;
      parametro: string;
    }>;
    const { id } = list.find((parameter) => parameter.parametro === PARAMETER_NAMES.supportPhone)!;
    for (let round = 0; round < ROUNDS; round++) {
      const [{ rowVersion }] = await app.db.select().from(parameters).where(eq(parameters.id, id));
      const historyBefore = (await app.db.select().from(parameterChanges).where(eq(parameterChanges.parameterId, id))).length;
      const answers = await Promise.all(
        Array.from({ length: SIMULTANEOUS }, (_, index) =>
          injectAs(app, admin, {
            method: 'PUT',
            url: `/api/parametros/${id}`,
            payload: { valor: `(11) 4000-${round}${String(index).padStart(3, '0')}`, versao: rowVersion },
          }),
        ),
      );
      const winner = winnerOf(answers);
      const [row] = await app.db.select().from(parameters).where(eq(parameters.id, id));
      expect(row).toMatchObject({ valor: `(11) 4000-${round}${String(winner).padStart(3, '0')}`, rowVersion: rowVersion + 1 });
      const history = await app.db.select().from(parameterChanges).where(eq(parameterChanges.parameterId, id));
      expect(history).toHaveLength(historyBefore + 1);
    }
  });
});
