import { count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROFESSIONAL_MESSAGES, REQUIRED_PROFESSIONAL_FILES, SPECIALTY_NAMES } from '../../src/domain/care';
import { appointments, professionals, storedFiles } from '../db/schema';
import { readWhole } from '../services/uploads/fileStore';
import { insertBeneficiary, insertProfessional, specialtyByName, uniqueCpf } from '../test/careFixtures';
import { countRows } from '../test/channelPortal';
import { startAdminPortal } from '../test/demoPortal';
import { csvLines, injectAs, loginAsDemo } from '../test/helpers';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => ({ app, admin } = await startAdminPortal()));
afterAll(() => app.close());

const get = (url: string, token = admin) => injectAs(app, token, { method: 'GET', url });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n% documento de teste\n');
const EXE = Buffer.from('MZ\x90\x00 not a document');

interface Form {
  fields?: Record<string, unknown>;
  files?: Record<string, { content: Buffer; name: string; type?: string }>;
}

const validFields = (overrides: Record<string, unknown> = {}) => ({
  nome_completo: 'Dra. Helena Teste Cadastro',
  cpf: uniqueCpf(),
  data_nascimento: '1980-04-12',
  sexo: 'Feminino',
  crm: '123456',
  crm_estado: 'SP',
  rqe: '9876',
  especialidades: ['Cardiologia', 'Geriatria'],
  email: 'Helena.Cadastro@Teste.com.br',
  telefone_celular: '(11) 98888-7777',
  cep: '01310-100',
  modalidade_atendimento: 'Online',
  idiomas_falados: 'Português, Inglês',
  tempo_medio_consulta: '30',
  agenda: [
    { diaSemana: 1, inicio: '08:00', fim: '12:00' },
    { diaSemana: 3, inicio: '14:00', fim: '18:00' },
  ],
  ...overrides,
});

const validFiles = () => ({
  foto_medico: { content: PNG, name: 'foto.png', type: 'image/png' },
  copia_crm: { content: PDF, name: 'crm.pdf', type: 'application/pdf' },
  comprovante_especialidade: { content: JPEG, name: 'rqe.jpg', type: 'image/jpeg' },
  termo_aceite: { content: PDF, name: 'termo.pdf', type: 'application/pdf' },
});

function multipart({ fields = {}, files = {} }: Form): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

const send = (method: 'POST' | 'PUT', url: string, form: Form, token = admin) =>
  injectAs(app, token, { method, url, payload: multipart(form) });

/** The stored documents' keys of a professional's row. */
const fileKeys = (row: typeof professionals.$inferSelect) => [row.fotoMedico, row.copiaCrm, row.comprovanteEspecialidade, row.termoAceite];

const activeCount = async () =>
  Number((await app.db.select({ total: count() }).from(professionals).where(isNull(professionals.removedAt)))[0].total);

describe('GET /api/professionals', () => {
  it('answers {data:[...]} with a page of the roster, each with every field, its specialties, schedule and file links', async () => {
    const response = await get('/api/professionals?pageSize=100');
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBe(response.json().data.length);
    const { data } = response.json() as {
      data: Array<Record<string, unknown> & { especialidades: Array<{ name: string }>; agenda: unknown[] }>;
    };
    expect(data.length).toBeGreaterThanOrEqual(40);
    const covered = new Set(data.flatMap((professional) => professional.especialidades.map((specialty) => specialty.name)));
    expect([...SPECIALTY_NAMES].filter((name) => !covered.has(name))).toEqual([]);
    expect(data.every((professional) => professional.agenda.length > 0 && typeof professional.horarios_atendimento === 'string')).toBe(
      true,
    );
    expect(Object.keys(data[0])).toEqual(
      expect.arrayContaining([
        'id',
        'nome_completo',
        'cpf',
        'data_nascimento',
        'crm',
        'crm_estado',
        'rqe',
        'pix',
        'tempo_medio_consulta',
        'foto_medico',
        'copia_crm',
        'comprovante_especialidade',
        'termo_aceite',
      ]),
    );
    expect(data[0].copia_crm).toMatch(/^\/api\/professionals\/\d+\/files\/copia_crm\?expires=\d+&account=\d+&session=[\w-]+&signature=/);
  });

  it('splits the list into pages that, put together, are the whole list in its order, each row with its own specialties and schedule', async () => {
    // A document's signed link expires with the second it was signed in: compared by its path alone.
    const rowsOf = async (url: string) =>
      ((await get(url)).json().data as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([field, value]) => [field, typeof value === 'string' ? value.split('?expires=')[0] : value]),
        ),
      );
    for (const sort of ['', '&sort=nome:desc']) {
      const whole = await rowsOf(`/api/professionals?pageSize=100${sort}`);
      expect(whole.length).toBeGreaterThan(7);
      const pages = [];
      for (let page = 1; (page - 1) * 7 < whole.length; page++)
        pages.push(...(await rowsOf(`/api/professionals?page=${page}&pageSize=7${sort}`)));
      expect(pages).toEqual(whole);
    }
  });

  it('pages, filters and sorts in SQL', async () => {
    const page = await get('/api/professionals?page=2&pageSize=10&sort=nome:desc');
    expect(page.json().data).toHaveLength(10);
    expect(Number(page.headers['x-total-count'])).toBe(await activeCount());
    const names = (page.json().data as Array<{ nome_completo: string }>).map((professional) => professional.nome_completo.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));

    const [someone] = (await get('/api/professionals?page=1')).json().data as Array<{ nome_completo: string; cpf: string; email: string }>;
    const byName = (await get(`/api/professionals?nome=${encodeURIComponent(someone.nome_completo.slice(0, 6).toUpperCase())}`)).json()
      .data;
    expect(byName.map((professional: { cpf: string }) => professional.cpf)).toContain(someone.cpf);
    const masked = `${someone.cpf.slice(0, 3)}.${someone.cpf.slice(3, 6)}`;
    const byCpf = (await get(`/api/professionals?cpf=${encodeURIComponent(masked)}`)).json().data as Array<{ cpf: string }>;
    expect(byCpf.map((professional) => professional.cpf)).toContain(someone.cpf);
    expect(byCpf.every((professional) => professional.cpf.includes(someone.cpf.slice(0, 6)))).toBe(true);
    // A CPF filter without a digit matches no CPF: no row, not every row.
    const noDigits = await get('/api/professionals?cpf=abc');
    expect([noDigits.statusCode, noDigits.json().data]).toEqual([200, []]);
    const byEmail = (await get(`/api/professionals?email=${encodeURIComponent(someone.email.toUpperCase())}`)).json().data;
    expect(byEmail).toHaveLength(1);
    expect((await get('/api/professionals?sort=senha')).statusCode).toBe(400);
  });

  it('exports the filtered roster as CSV', async () => {
    const response = await get('/api/professionals/export.csv');
    expect(response.statusCode).toBe(200);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Nome;CPF;Email;CRM;Especialidades;Modalidade;Horários de atendimento');
    expect(lines.length - 1).toBe(await activeCount());
  });

  it('refuses other user types', async () => {
    const token = await loginAsDemo(app, 'PARCEIRO');
    expect((await get('/api/professionals', token)).statusCode).toBe(403);
    expect((await send('POST', '/api/professionals', { fields: validFields(), files: validFiles() }, token)).statusCode).toBe(403);
    expect((await injectAs(app, token, { method: 'DELETE', url: '/api/professionals/1' })).statusCode).toBe(403);
  });
});

describe('documents', () => {
  it('opens a seeded document through its signed link, and refuses a link without a valid signature', async () => {
    const [professional] = (await get('/api/professionals?page=1')).json().data as Array<{
      id: number;
      copia_crm: string;
      foto_medico: string | null;
    }>;
    const pdf = await app.inject({ method: 'GET', url: professional.copia_crm });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const unsigned = await app.inject({ method: 'GET', url: `/api/professionals/${professional.id}/files/copia_crm` });
    expect(unsigned.statusCode).toBe(403);
    const otherFile = await app.inject({ method: 'GET', url: professional.copia_crm.replace('copia_crm', 'termo_aceite') });
    expect(otherFile.statusCode).toBe(403);
    const tampered = await app.inject({ method: 'GET', url: professional.copia_crm.replace(/signature=.{4}/, 'signature=AAAA') });
    expect(tampered.statusCode).toBe(403);
  });
});

describe('POST /api/professionals (multipart)', () => {
  it('registers a professional with the four documents, checked by their bytes', async () => {
    const before = await activeCount();
    const fields = validFields();
    const response = await send('POST', '/api/professionals', { fields, files: validFiles() });
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe(PROFESSIONAL_MESSAGES.created);
    expect(data).toMatchObject({
      nome_completo: 'Dra. Helena Teste Cadastro',
      cpf: fields.cpf,
      email: 'helena.cadastro@teste.com.br',
      telefone_celular: '11988887777',
      cep: '01310100',
      tempo_medio_consulta: 30,
      especialidades: [{ name: 'Cardiologia' }, { name: 'Geriatria' }].map((specialty) => expect.objectContaining(specialty)),
      agenda: fields.agenda,
      horarios_atendimento: 'Seg 08:00–12:00; Qua 14:00–18:00',
      telefone_comercial: null,
    });
    expect(await activeCount()).toBe(before + 1);

    for (const [field, type, head] of [
      ['foto_medico', 'image/png', PNG],
      ['comprovante_especialidade', 'image/jpeg', JPEG],
      ['termo_aceite', 'application/pdf', PDF],
    ] as const) {
      const file = await app.inject({ method: 'GET', url: data[field] });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, type]);
      expect(file.rawPayload.equals(head)).toBe(true);
    }
    // Names on disk never come from the upload.
    const [row] = await app.db.select().from(professionals).where(eq(professionals.id, data.id));
    expect(row.copiaCrm).toMatch(/^professionals\/[0-9a-f-]{36}\.pdf$/);
  });

  it('answers 400 "Dados inválidos." for specialties or a schedule that is not JSON, storing nothing', async () => {
    const before = await activeCount();
    for (const broken of [{ agenda: '[{"diaSemana": 1' }, { especialidades: 'Cardiologia' }]) {
      const response = await send('POST', '/api/professionals', { fields: validFields(broken), files: validFiles() });
      expect([response.statusCode, response.json()]).toEqual([400, { success: false, message: 'Dados inválidos.' }]);
    }
    expect(await activeCount()).toBe(before);
  });

  it("stores only the form's documents, skipping a file sent under any other name", async () => {
    const filesBefore = await countRows(app, storedFiles);
    const { copia_crm, termo_aceite } = validFiles();
    const extra = { content: PDF, name: 'extra.pdf', type: 'application/pdf' };
    const response = await send('POST', '/api/professionals', {
      fields: validFields(),
      files: { copia_crm, termo_aceite, outro_arquivo: extra },
    });
    expect(response.statusCode).toBe(201);
    expect(await countRows(app, storedFiles)).toBe(filesBefore + 2);
  });

  it('answers 400 with every failing field, storing nothing', async () => {
    const before = await activeCount();
    const cases: Array<[Form, Record<string, string>]> = [
      [
        { fields: validFields({ cpf: '123.456.789-00', nome_completo: '', especialidades: [], agenda: [] }), files: validFiles() },
        {
          nome_completo: 'Nome é obrigatório',
          cpf: 'CPF inválido',
          especialidades: 'Selecione ao menos uma especialidade',
          agenda: 'Informe ao menos um horário de atendimento',
        },
      ],
      [
        { fields: validFields({ agenda: [{ diaSemana: 2, inicio: '10:00', fim: '09:00' }] }), files: validFiles() },
        { 'agenda[0].fim': 'O fim deve ser depois do início' },
      ],
      [
        {
          fields: validFields({
            agenda: [
              { diaSemana: 2, inicio: '08:00', fim: '10:00' },
              { diaSemana: 2, inicio: '09:00', fim: '11:00' },
            ],
          }),
          files: validFiles(),
        },
        { agenda: 'Há horários de atendimento sobrepostos no mesmo dia' },
      ],
      [
        {
          fields: validFields(),
          files: {
            ...validFiles(),
            foto_medico: { content: PDF, name: 'foto.png', type: 'image/png' },
            copia_crm: { content: EXE, name: 'crm.pdf', type: 'application/pdf' },
          },
        },
        { foto_medico: 'A foto deve ser uma imagem PNG ou JPEG', copia_crm: 'O arquivo deve ser um PDF ou uma imagem PNG ou JPEG' },
      ],
      [
        { fields: validFields(), files: { foto_medico: validFiles().foto_medico } },
        { copia_crm: 'Cópia do CRM é obrigatória', termo_aceite: 'Termo de aceite é obrigatório' },
      ],
    ];
    for (const [form, errors] of cases) {
      const response = await send('POST', '/api/professionals', form);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
      expect(response.json().message).toBe(Object.values(errors)[0]);
    }
    expect(await activeCount()).toBe(before);
  });

  it('refuses a document over 10 MB', async () => {
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const response = await send('POST', '/api/professionals', {
      fields: validFields(),
      files: { ...validFiles(), termo_aceite: { content: huge, name: 'termo.pdf' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ termo_aceite: 'O arquivo deve ter no máximo 10 MB' });
  });

  it('refuses a CPF already on the roster', async () => {
    const fields = validFields();
    expect((await send('POST', '/api/professionals', { fields, files: validFiles() })).statusCode).toBe(201);
    const again = await send('POST', '/api/professionals', { fields: { ...fields, email: 'outra@teste.com.br' }, files: validFiles() });
    expect([again.statusCode, again.json().message]).toEqual([409, PROFESSIONAL_MESSAGES.cpfTaken]);
  });
});

describe('PUT /api/professionals/{id}', () => {
  it('saves the edit, keeps documents not sent and replaces (and deletes) the ones sent', async () => {
    const created = (await send('POST', '/api/professionals', { fields: validFields(), files: validFiles() })).json().data;
    const [before] = await app.db.select().from(professionals).where(eq(professionals.id, created.id));
    const newPhoto = Buffer.concat([JPEG, Buffer.from('nova')]);
    const response = await send('PUT', `/api/professionals/${created.id}`, {
      fields: validFields({
        cpf: created.cpf,
        nome_completo: 'Dra. Helena Editada',
        especialidades: ['Pediatria'],
        agenda: [{ diaSemana: 5, inicio: '09:00', fim: '11:00' }],
      }),
      files: { foto_medico: { content: newPhoto, name: 'nova.jpg' } },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ nome_completo: 'Dra. Helena Editada', horarios_atendimento: 'Sex 09:00–11:00' });
    expect(data.especialidades.map((specialty: { name: string }) => specialty.name)).toEqual(['Pediatria']);

    const [after] = await app.db.select().from(professionals).where(eq(professionals.id, created.id));
    expect(after.copiaCrm).toBe(before.copiaCrm);
    expect(after.fotoMedico).not.toBe(before.fotoMedico);
    expect(await app.uploads.read(before.fotoMedico!)).toBeUndefined();
    expect((await readWhole((await app.uploads.read(after.fotoMedico!))!)).equals(newPhoto)).toBe(true);

    // The form without documents may come as JSON: the fields change, every document stays.
    const asJson = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/professionals/${created.id}`,
      payload: validFields({ cpf: created.cpf, nome_completo: 'Dra. Helena Por JSON' }),
    });
    expect([asJson.statusCode, asJson.json().data.nome_completo]).toEqual([200, 'Dra. Helena Por JSON']);
    const [afterJson] = await app.db.select().from(professionals).where(eq(professionals.id, created.id));
    expect(fileKeys(afterJson)).toEqual(fileKeys(after));
    const createdAsJson = await injectAs(app, admin, { method: 'POST', url: '/api/professionals', payload: validFields() });
    expect(createdAsJson.statusCode).toBe(400);
    expect(createdAsJson.json().errors).toEqual(REQUIRED_PROFESSIONAL_FILES);

    expect((await send('PUT', '/api/professionals/999999', { fields: validFields() })).statusCode).toBe(404);
    const invalid = await send('PUT', `/api/professionals/${created.id}`, { fields: validFields({ email: 'nao-e-email' }) });
    expect([invalid.statusCode, invalid.json().errors]).toEqual([400, { email: 'E-mail inválido' }]);
  });
});

describe('PUT /api/professionals/{id} racing other writes', () => {
  const created = async () => (await send('POST', '/api/professionals', { fields: validFields(), files: validFiles() })).json().data;
  const newPhoto = () => ({ foto_medico: { content: Buffer.concat([JPEG, Buffer.from(String(Math.random()))]), name: 'nova.jpg' } });
  const rowOf = async (id: number) => (await app.db.select().from(professionals).where(eq(professionals.id, id)))[0];
  /** Runs `meanwhile` while the edit stores its document: after the route's checks, before the save. */
  const whileStoring = (meanwhile: () => Promise<unknown>) => {
    const save = app.uploads.save.bind(app.uploads);
    jest.spyOn(app.uploads, 'save').mockImplementationOnce(async (...args) => {
      await meanwhile();
      return save(...args);
    });
  };
  afterEach(() => jest.restoreAllMocks());

  it('answers 404 and writes nothing when the professional is removed as the edit is saved', async () => {
    const professional = await created();
    const storedBefore = await countRows(app, storedFiles);
    whileStoring(() => app.db.update(professionals).set({ removedAt: new Date() }).where(eq(professionals.id, professional.id)));
    const edit = await send('PUT', `/api/professionals/${professional.id}`, {
      fields: validFields({ cpf: professional.cpf, nome_completo: 'Dra. Editada Tarde' }),
      files: newPhoto(),
    });
    expect(edit.statusCode).toBe(404);
    expect((await rowOf(professional.id)).nomeCompleto).toBe(professional.nome_completo);
    expect(await countRows(app, storedFiles)).toBe(storedBefore);
  });

  it('deletes the document each of two replacements at once replaced, leaving none behind', async () => {
    const professional = await created();
    const original = (await rowOf(professional.id)).fotoMedico!;
    const replace = () =>
      send('PUT', `/api/professionals/${professional.id}`, { fields: validFields({ cpf: professional.cpf }), files: newPhoto() });
    let between = '';
    whileStoring(async () => {
      expect((await replace()).statusCode).toBe(200);
      between = (await rowOf(professional.id)).fotoMedico!;
    });
    expect((await replace()).statusCode).toBe(200);
    const final = (await rowOf(professional.id)).fotoMedico!;
    expect(new Set([original, between, final]).size).toBe(3);
    expect(await app.uploads.read(original)).toBeUndefined();
    expect(await app.uploads.read(between)).toBeUndefined();
    expect(await app.uploads.read(final)).toBeDefined();
  });
});

describe('DELETE /api/professionals/{id}', () => {
  it('removes from the roster, but not while appointments are coming', async () => {
    const professional = await insertProfessional(app.db, {
      specialtyNames: ['Urologia'],
      schedule: [{ weekday: 1, start: '08:00', end: '09:00' }],
    });
    const patient = await insertBeneficiary(app.db);
    const specialty = await specialtyByName(app.db, 'Urologia');
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    const [coming] = await app.db
      .insert(appointments)
      .values({
        beneficiaryId: patient.id,
        professionalId: professional.id,
        specialtyId: specialty.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 1_800_000),
        beneficiaryUrl: 'https://x',
      })
      .returning();
    const remove = () => injectAs(app, admin, { method: 'DELETE', url: `/api/professionals/${professional.id}` });
    const refused = await remove();
    expect([refused.statusCode, refused.json().message]).toEqual([409, PROFESSIONAL_MESSAGES.hasScheduledAppointments]);

    await app.db.update(appointments).set({ status: 'CANCELED' }).where(eq(appointments.id, coming.id));
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Médico removido com sucesso!' });
    expect((await get(`/api/professionals?cpf=${professional.cpf}`)).json().data).toEqual([]);
    expect((await get(`/api/professionals/${professional.id}`)).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(404);
    expect((await injectAs(app, admin, { method: 'DELETE', url: '/api/professionals/abc' })).statusCode).toBe(404);
  });
});
