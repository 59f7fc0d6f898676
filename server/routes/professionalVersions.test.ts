import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RECORD_CHANGED, RECORD_VERSION_INVALID } from '../../src/domain/recordVersion';
import { professionalSchedules, professionalSpecialties, professionals, specialties, storedFiles } from '../db/schema';
import { DEMO_PASSWORD, seedAccounts } from '../seed/accounts';
import { createRandom } from '../seed/random';
import { insertProfessional } from '../test/careFixtures';
import { countRows } from '../test/channelPortal';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * Optimistic concurrency of the professionals' records (migration 0045), as the channels have it: the
 * answers carry `versao`, and an edit sent with an older one that would write over a change made since
 * (a field, the specialties, the schedule, a document) changes nothing and answers 409; without
 * `versao`, an edit is saved as before.
 */

let app: FastifyInstance;
let admin: string;
// Only the accounts these tests need, not the whole, slower demo seed.
beforeAll(async () => {
  app = await createTestApp();
  await seedAccounts(app.db, createRandom(1), await app.passwords.hash(DEMO_PASSWORD));
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

type ProfessionalAnswer = Record<string, unknown> & { id: number; versao: number };

/** The fields 'Editar Profissional' sends back, from the record as the API answers it. */
const FORM_FIELDS = [
  'nome_completo',
  'cpf',
  'data_nascimento',
  'sexo',
  'crm',
  'crm_estado',
  'rqe',
  'outras_certificacoes',
  'email',
  'telefone_celular',
  'telefone_comercial',
  'rua',
  'numero_complemento',
  'bairro',
  'cidade',
  'estado',
  'cep',
  'banco',
  'agencia',
  'conta_corrente',
  'tipo_conta',
  'pix',
  'modalidade_atendimento',
  'idiomas_falados',
  'tempo_medio_consulta',
  'agenda',
];

/** The edit form's body for `record` as it was read: its fields, specialties by name, and its `versao`. */
const formOf = (record: ProfessionalAnswer, changes: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(FORM_FIELDS.map((field) => [field, record[field] ?? ''])),
  especialidades: (record.especialidades as Array<{ name: string }>).map((specialty) => specialty.name),
  versao: record.versao,
  ...changes,
});

async function freshProfessional(): Promise<ProfessionalAnswer> {
  const row = await insertProfessional(app.db, {
    specialtyNames: ['Cardiologia', 'Geriatria'],
    schedule: [
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 3, start: '14:00', end: '18:00' },
    ],
  });
  return read(row.id);
}

async function read(id: number): Promise<ProfessionalAnswer> {
  const response = await injectAs(app, admin, { method: 'GET', url: `/api/professionals/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as ProfessionalAnswer;
}

const put = (id: number, payload: object) => injectAs(app, admin, { method: 'PUT', url: `/api/professionals/${id}`, payload });

/** The stored row with its specialties and schedule: what a refused edit must leave as it was. */
async function stored(id: number) {
  const [row] = await app.db.select().from(professionals).where(eq(professionals.id, id));
  const chosen = await app.db
    .select({ name: specialties.name })
    .from(professionalSpecialties)
    .innerJoin(specialties, eq(specialties.id, professionalSpecialties.specialtyId))
    .where(eq(professionalSpecialties.professionalId, id))
    .orderBy(asc(specialties.name));
  const schedule = await app.db
    .select({ diaSemana: professionalSchedules.diaSemana, inicio: professionalSchedules.inicio, fim: professionalSchedules.fim })
    .from(professionalSchedules)
    .where(eq(professionalSchedules.professionalId, id))
    .orderBy(asc(professionalSchedules.diaSemana), asc(professionalSchedules.inicio));
  return { row, especialidades: chosen.map(({ name }) => name), schedule };
}

function multipart(fields: Record<string, unknown>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const [name, content] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(content)], { type: 'image/png' }), `${name}.png`);
  return form;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('PUT /api/professionals/:id with versao', () => {
  it('answers versao in the list and the record, and an edit with the current one is saved and bumps it', async () => {
    const record = await freshProfessional();
    expect(record.versao).toBe(1);
    const list = await injectAs(app, admin, { method: 'GET', url: '/api/professionals?pageSize=100' });
    expect(list.json().data.find((row: ProfessionalAnswer) => row.id === record.id)).toMatchObject({ versao: 1 });

    const saved = await put(record.id, formOf(record, { nome_completo: 'Dra. Primeira Edição' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ nome_completo: 'Dra. Primeira Edição', versao: 2 });
    const again = await put(record.id, formOf(saved.json().data, { telefone_celular: '11977776666' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ telefone_celular: '11977776666', versao: 3 });
  });

  it.each([
    ['a field', { nome_completo: 'Dra. Editada por Outro' }],
    ['the specialties', { especialidades: ['Cardiologia', 'Pediatria'] }],
    ['the schedule', { agenda: [{ diaSemana: 2, inicio: '09:00', fim: '11:00' }] }],
  ])('answers 409 to an edit sent with an older versao after another admin changed %s, changing nothing', async (_what, theirs) => {
    const record = await freshProfessional();
    expect((await put(record.id, formOf(record, theirs))).statusCode).toBe(200);
    const before = await stored(record.id);

    // The stale form, with a change of its own or saved as it opened: either would put back what the other admin changed.
    for (const body of [formOf(record, { telefone_celular: '11966665555' }), formOf(record)]) {
      const stale = await put(record.id, body);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ success: false, message: RECORD_CHANGED });
    }
    expect(await stored(record.id)).toEqual(before);
    expect(before.row.rowVersion).toBe(2);
  });

  it('answers 409 to a stale form (multipart, versao as text) replacing a document replaced since, keeping no file of it', async () => {
    const record = await freshProfessional();
    const sendForm = (fields: Record<string, unknown>, files: Record<string, Buffer>) =>
      injectAs(app, admin, { method: 'PUT', url: `/api/professionals/${record.id}`, payload: multipart(fields, files) });
    expect((await sendForm(formOf(record), { foto_medico: PNG })).statusCode).toBe(200);
    const before = await stored(record.id);
    const files = await countRows(app, storedFiles);

    const stale = await sendForm({ ...formOf(record), versao: String(record.versao) }, { foto_medico: PNG });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECORD_CHANGED);
    expect(await stored(record.id)).toEqual(before);
    expect(await countRows(app, storedFiles)).toBe(files);
  });

  it('saves a stale edit that sends no document: a document replaced since stays as it is', async () => {
    const record = await freshProfessional();
    const photo = multipart(formOf(record), { foto_medico: PNG });
    expect((await injectAs(app, admin, { method: 'PUT', url: `/api/professionals/${record.id}`, payload: photo })).statusCode).toBe(200);
    const { row } = await stored(record.id);
    expect(row.fotoMedico).not.toBeNull();

    // Every field it writes is as stored: saved, and the photo it does not send stays.
    const saved = await put(record.id, formOf(record));
    expect(saved.statusCode).toBe(200);
    expect((await stored(record.id)).row).toMatchObject({ fotoMedico: row.fotoMedico, rowVersion: 3 });
  });

  it('saves a stale edit that writes back only what is stored (specialties and schedule in another order too)', async () => {
    const record = await freshProfessional();
    expect((await put(record.id, formOf(record, { nome_completo: 'Dra. Nome Provisório' }))).statusCode).toBe(200);
    expect((await put(record.id, formOf(await read(record.id), { nome_completo: record.nome_completo }))).statusCode).toBe(200);
    expect((await read(record.id)).versao).toBe(3);

    // Read at version 1, and everything it writes is what is stored now.
    const agenda = [...(record.agenda as unknown[])].reverse();
    const especialidades = ['Geriatria', 'Cardiologia'];
    const saved = await put(record.id, formOf(record, { agenda, especialidades }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ nome_completo: record.nome_completo, versao: 4 });
    // Once another administrator changes a field, the same stale form is refused.
    expect((await put(record.id, formOf(await read(record.id), { nome_completo: 'Dra. Outra' }))).statusCode).toBe(200);
    expect((await put(record.id, formOf(record, { telefone_celular: '11955554444' }))).statusCode).toBe(409);
  });

  it('saves an edit without versao as before (the spec body), whatever changed since', async () => {
    const record = await freshProfessional();
    const { versao: _versao, ...specBody } = formOf(record, { nome_completo: 'Dra. Sem Versão' });
    expect((await put(record.id, specBody)).statusCode).toBe(200);
    const later = await put(record.id, { ...specBody, nome_completo: 'Dra. Sem Versão de Novo' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ nome_completo: 'Dra. Sem Versão de Novo', versao: 3 });
  });

  it('refuses a versao that is not a positive integer (400), changing nothing', async () => {
    const record = await freshProfessional();
    for (const versao of [0, -1, 1.5, 'abc', true]) {
      const response = await put(record.id, formOf(record, { nome_completo: 'Dra. Versão Ruim', versao }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: RECORD_VERSION_INVALID, errors: { versao: RECORD_VERSION_INVALID } });
    }
    const asText = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/professionals/${record.id}`,
      payload: multipart({ ...formOf(record), versao: 'dois' }),
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().errors).toEqual({ versao: RECORD_VERSION_INVALID });
    expect((await stored(record.id)).row).toMatchObject({ nomeCompleto: record.nome_completo, rowVersion: 1 });
  });

  it('bumps the version of a removed professional (the removal is a change of the record)', async () => {
    const record = await freshProfessional();
    const removed = await injectAs(app, admin, { method: 'DELETE', url: `/api/professionals/${record.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await stored(record.id)).row.rowVersion).toBe(2);
  });
});
