import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CARE_ERRORS } from '../../../../src/domain/care';
import { auditLog, beneficiaries } from '../../../db/schema';
import { injectAs } from '../../../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../../../test/rapidocPortal';
import { registerAtProvider, statusAtProvider, updateAtProvider } from '../beneficiarySync';
import { addDays, todayIn, toBrDate } from '../dates';
import { insertBeneficiary } from '../../../test/careFixtures';
import type { ProviderBeneficiary } from '../types';
import { RAPIDOC_CONTENT_TYPE } from './client';
import { FAKE_CLIENT_ID, FAKE_TOKEN, type FakeRapidoc } from '../../../test/fakeRapidoc';
import { createRapidocProvider } from './provider';

const TIMEOUT_MS = 1500;
const UNAVAILABLE = CARE_ERRORS.providerUnavailable;

let fake: FakeRapidoc;
let app: FastifyInstance;
let admin: string;

const CARDIOLOGY = { uuid: '5b0e9f5e-8f5a-4f0c-9a51-0b7f1c2d3e4f', name: 'Cardiologia' };
const future = addDays(todayIn(new Date()), 5);
let portal: RapidocPortal;
beforeAll(async () => {
  portal = await startRapidocPortal(TIMEOUT_MS);
  ({ fake, app, admin } = portal);
});

afterAll(() => portal.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.specialties = [CARDIOLOGY, { uuid: 'sem-nome' }, null];
  fake.slots = [
    { uuid: 'slot-1', date: toBrDate(future), from: '09:00', to: '09:30', professional: { name: 'Dra. Helena Prado' } },
    // The contract's bare slot: who attends is not said, the specialty is the one asked for.
    { uuid: 'slot-0', date: toBrDate(future), from: '08:00:00', to: '08:30:00' },
    { uuid: 'slot-passado', date: '01/01/2020', from: '08:00', to: '08:30' },
    { date: toBrDate(future), from: '10:00', to: '10:30' },
  ];
});

/**
 * A request over a real socket with the path exactly as written: `app.inject` and fetch resolve
 * '%2E%2E' like '..' before the server sees it, as an attacker's client need not.
 */
async function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers: { authorization: `Bearer ${admin}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const get = (url: string) => injectAs(app, admin, { method: 'GET', url });
const post = (url: string, payload: object) => injectAs(app, admin, { method: 'POST', url, payload });
const lastCall = () => fake.calls[fake.calls.length - 1];

async function patientAtProvider(name = 'Paciente Provedor') {
  const providerUuid = `prov-${Math.random().toString(16).slice(2)}`;
  const patient = await insertBeneficiary(app.db, { name, providerUuid });
  fake.beneficiaries.push({ uuid: providerUuid, cpf: patient.cpf, name, isActive: true });
  return { patient, providerUuid };
}

describe('the Rapidoc adapter behind the API', () => {
  it('sends the exact headers on every call, GET included', async () => {
    expect((await get('/api/specialties')).statusCode).toBe(200);
    const { headers } = lastCall();
    expect(headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(headers.clientid).toBe(FAKE_CLIENT_ID);
    expect(headers['content-type']).toBe(RAPIDOC_CONTENT_TYPE);
  });

  it('reads specialties defensively, dropping malformed items', async () => {
    expect((await get('/api/specialties')).json()).toEqual([CARDIOLOGY]);
  });

  it('asks availability with dd/mm/yyyy dates and the provider’s beneficiary, never answering the past', async () => {
    const { patient, providerUuid } = await patientAtProvider();
    const params = new URLSearchParams({
      specialtyUuid: CARDIOLOGY.uuid,
      dateInitial: toBrDate(future),
      dateFinal: toBrDate(addDays(future, 2)),
      beneficiaryUuid: patient.uuid,
    });
    const response = await get(`/api/specialty-availability?${params}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { uuid: 'slot-0', date: toBrDate(future), from: '08:00', to: '08:30', professional: null, specialty: CARDIOLOGY },
      {
        uuid: 'slot-1',
        date: toBrDate(future),
        from: '09:00',
        to: '09:30',
        professional: { name: 'Dra. Helena Prado' },
        specialty: CARDIOLOGY,
      },
    ]);
    const asked = fake.calls.find((call) => call.path.startsWith('/specialty-availability?'))!;
    const query = new URLSearchParams(asked.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      specialtyUuid: CARDIOLOGY.uuid,
      dateInitial: toBrDate(future),
      dateFinal: toBrDate(addDays(future, 2)),
      beneficiaryUuid: providerUuid,
    });

    const unknownThere = await insertBeneficiary(app.db);
    const refused = await get(
      `/api/specialty-availability?${new URLSearchParams({ ...Object.fromEntries(params), beneficiaryUuid: unknownThere.uuid })}`,
    );
    expect([refused.statusCode, refused.json().message]).toEqual([400, CARE_ERRORS.patientNotAtProvider]);
  });

  it('reads slots sent in UTC on São Paulo’s clock, and never offers one that has already started there', async () => {
    // 01:30 UTC on 11/05 is 22:30 of 10/05 in São Paulo; 18:00-03:00 is São Paulo's 18:00 already; the bare 23:00 is its wall clock.
    fake.slots = [
      { uuid: 'slot-utc', date: '2026-05-11T01:30:00Z', from: '2026-05-11T01:30:00Z', to: '2026-05-11T02:00:00Z' },
      { uuid: 'slot-offset', date: '2026-05-10', from: '2026-05-10T18:00:00-03:00', to: '2026-05-10T18:30:00-03:00' },
      { uuid: 'slot-wall', date: '10/05/2026', from: '23:00', to: '23:30' },
    ];
    const at = (instant: string) =>
      createRapidocProvider({
        baseUrl: fake.baseUrl,
        clientId: FAKE_CLIENT_ID,
        token: FAKE_TOKEN,
        timeoutMs: TIMEOUT_MS,
        now: () => new Date(instant),
      });
    const query = { specialtyUuid: CARDIOLOGY.uuid, dateInitial: '2026-05-10', dateFinal: '2026-05-11' };
    const offered = async (instant: string) =>
      (await at(instant).availability(query)).map((slot) => `${slot.uuid} ${slot.date} ${slot.from}-${slot.to}`);

    // 17:00 in São Paulo: every slot is ahead, in the order they start.
    expect(await offered('2026-05-10T20:00:00Z')).toEqual([
      'slot-offset 10/05/2026 18:00-18:30',
      'slot-utc 10/05/2026 22:30-23:00',
      'slot-wall 10/05/2026 23:00-23:30',
    ]);
    // 22:45 in São Paulo (01:45 UTC on the 11th): the 22:30 slot has started, the 23:00 one has not.
    expect(await offered('2026-05-11T01:45:00Z')).toEqual(['slot-wall 10/05/2026 23:00-23:30']);
  });

  it('tells apart two professionals’ slots at one time, and booking one books that professional', async () => {
    const { patient } = await patientAtProvider('Bruna Provedor');
    const at = { date: toBrDate(future), from: '11:00', to: '11:30' };
    fake.slots = [
      { uuid: 'slot-joao', ...at, professional: { name: 'Dr. João Lima' }, specialty: CARDIOLOGY },
      { uuid: 'slot-marta', ...at, professionalName: 'Dra. Marta Reis', specialty: CARDIOLOGY },
    ];
    const params = new URLSearchParams({ specialtyUuid: CARDIOLOGY.uuid, dateInitial: at.date, dateFinal: at.date });
    const offered = (await get(`/api/specialty-availability?${params}`)).json() as Array<{ uuid: string; professional: { name: string } }>;
    expect(offered.map((slot) => [slot.uuid, slot.professional.name])).toEqual([
      ['slot-joao', 'Dr. João Lima'],
      ['slot-marta', 'Dra. Marta Reis'],
    ]);
    // Every slot named its specialty: the provider's list was not asked for.
    expect(fake.calls.some((call) => call.path === '/specialties')).toBe(false);

    const booked = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-marta',
      approveAdditionalPayment: true,
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().professional.name).toBe('Dra. Marta Reis');
  });

  it('books standalone and from a referral with the contract’s bodies, and cancels', async () => {
    const { patient, providerUuid } = await patientAtProvider('Ana Provedor');
    // Without the consent to the extra charge a standalone booking never reaches the provider.
    const unapproved = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-1',
    });
    expect([unapproved.statusCode, unapproved.json().message]).toEqual([400, CARE_ERRORS.additionalPaymentNotApproved]);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    const standalone = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-1',
      approveAdditionalPayment: true,
    });
    expect(standalone.statusCode).toBe(201);
    expect(lastCall().body).toEqual({
      beneficiaryUuid: providerUuid,
      availabilityUuid: 'slot-1',
      specialtyUuid: CARDIOLOGY.uuid,
      approveAdditionalPayment: true,
    });
    expect(standalone.json()).toMatchObject({
      status: 'SCHEDULED',
      detail: { date: toBrDate(future), from: '09:00', to: '09:30' },
      beneficiary: { phone: 'null' },
    });

    fake.referrals = [
      {
        uuid: 'ref-1',
        status: 'PENDING',
        createdAt: '10/03/2026 14:20',
        beneficiary: { uuid: providerUuid, name: 'Ana Provedor', cpf: patient.cpf },
        specialty: CARDIOLOGY,
      },
      {
        uuid: 'ref-outro',
        status: 'PENDING',
        createdAt: '2026-03-11T10:00:00Z',
        beneficiary: { uuid: 'outra-pessoa', name: 'Outra', cpf: '1' },
        specialty: CARDIOLOGY,
      },
    ];
    // The wizard names the patient of a provider's referral by the provider's uuid.
    const fromReferral = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: providerUuid,
      availabilityUuid: 'slot-0',
      beneficiaryMedicalReferralUuid: 'ref-1',
    });
    expect(fromReferral.statusCode).toBe(201);
    expect(lastCall().body).toEqual({
      beneficiaryUuid: providerUuid,
      availabilityUuid: 'slot-0',
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryMedicalReferralUuid: 'ref-1',
    });

    const calls = fake.calls.length;
    const foreign = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-0',
      beneficiaryMedicalReferralUuid: 'ref-outro',
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, CARE_ERRORS.referralOfAnotherPatient]);
    expect(fake.calls.slice(calls).some((call) => call.method === 'POST')).toBe(false);

    const uuid = standalone.json().uuid;
    expect((await injectAs(app, admin, { method: 'DELETE', url: `/api/appointments/${uuid}` })).statusCode).toBe(200);
    expect([lastCall().method, lastCall().path]).toEqual(['DELETE', `/appointments/${uuid}`]);
    expect((await get(`/api/appointments/${uuid}`)).json().status).toBe('CANCELED');
    expect((await get('/api/appointments/nao-existe')).statusCode).toBe(404);
  });

  it('checks a referral at the provider before booking from it: unknown, not pending or of another specialty never reach its agenda', async () => {
    const { patient, providerUuid } = await patientAtProvider('Bento Provedor');
    const beneficiary = { uuid: providerUuid, name: 'Bento Provedor', cpf: patient.cpf };
    const referral = (uuid: string, extra: object) => ({ uuid, status: 'PENDING', createdAt: '10/03/2026 14:20', beneficiary, ...extra });
    fake.referrals = [
      referral('ref-realizado', { status: 'COMPLETED', specialty: CARDIOLOGY }),
      referral('ref-dermato', { specialty: { uuid: '7c1d2e3f-0000-4a4a-8b8b-123456789abc', name: 'Dermatologia' } }),
      referral('ref-sem-especialidade', {}),
    ];
    const book = (referralUuid: string) =>
      post('/api/appointments', {
        specialtyUuid: CARDIOLOGY.uuid,
        beneficiaryUuid: patient.uuid,
        availabilityUuid: 'slot-1',
        beneficiaryMedicalReferralUuid: referralUuid,
      });
    const refusals: Array<[string, string]> = [
      ['ref-nenhum', CARE_ERRORS.unknownReferral],
      ['ref-realizado', CARE_ERRORS.referralNotPending],
      ['ref-dermato', CARE_ERRORS.referralOtherSpecialty],
    ];
    for (const [referralUuid, message] of refusals) {
      const calls = fake.calls.length;
      const refused = await book(referralUuid);
      expect([referralUuid, refused.statusCode, refused.json().message]).toEqual([referralUuid, 400, message]);
      expect(fake.calls.slice(calls).map((made) => made.method)).toEqual(['GET']);
    }
    // A referral that names no specialty is not checked against one.
    const booked = await book('ref-sem-especialidade');
    expect(booked.statusCode).toBe(201);
    expect(lastCall().body).toMatchObject({ beneficiaryMedicalReferralUuid: 'ref-sem-especialidade' });
  });

  it.each(['%2E%2E', '..', '.', '%2e%2e%2F%2e%2e', 'a%2F..%2Fbeneficiaries', '%252E%252E', 'a.b', '%20'])(
    'refuses the appointment id %s before anything reaches the provider or the audit trail',
    async (id) => {
      const audited = (await app.db.select({ total: count() }).from(auditLog))[0].total;
      for (const method of ['DELETE', 'GET'] as const) {
        const response = await rawRequest(method, `/api/appointments/${id}`);
        expect([method, response.status, JSON.parse(response.body).message]).toEqual([method, 404, 'Consulta não encontrada.']);
      }
      expect(fake.calls).toEqual([]);
      expect((await app.db.select({ total: count() }).from(auditLog))[0].total).toBe(audited);
    },
  );

  it('never puts an identifier that could leave its path segment into a provider URL', async () => {
    const provider = createRapidocProvider({ baseUrl: fake.baseUrl, clientId: FAKE_CLIENT_ID, token: FAKE_TOKEN, timeoutMs: TIMEOUT_MS });
    const someone = { id: 1, uuid: CARDIOLOGY.uuid, providerUuid: '../appointments', isActive: true } as ProviderBeneficiary;
    await expect(provider.cancelAppointment('..', async () => undefined)).rejects.toMatchObject({ statusCode: 404 });
    await expect(provider.getAppointment('../specialties')).rejects.toMatchObject({ statusCode: 404 });
    await expect(provider.inactivateBeneficiary(someone)).rejects.toMatchObject({ statusCode: 404 });
    await expect(provider.registerBeneficiary({ ...someone, providerUuid: null, cpf: '../1' })).rejects.toMatchObject({ statusCode: 404 });
    expect(fake.calls).toEqual([]);
  });

  it('filters, sorts and pages the provider’s whole lists', async () => {
    fake.appointments = ['Bruna', 'Carla', 'Ana'].map((name, index) => ({
      uuid: `a-${index}`,
      status: index === 1 ? 'CANCELED' : 'FINISHED',
      beneficiary: { uuid: `b-${index}`, name: `${name} Lista`, cpf: `0000000000${index}` },
      specialty: CARDIOLOGY,
      professional: { name: 'Dr. Lista' },
      detail: { date: `0${index + 1}/02/2026`, from: '10:00', to: '10:30' },
    }));
    const page = await get('/api/appointments?page=1&pageSize=1&sort=paciente:asc');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json().map((appointment: { beneficiary: { name: string } }) => appointment.beneficiary.name)).toEqual(['Ana Lista']);
    expect((await get('/api/appointments?status=CANCELED')).json()).toHaveLength(1);
    expect((await get('/api/appointments?dataInicial=2026-02-02&dataFinal=2026-02-03')).json()).toHaveLength(1);

    fake.referrals = [
      {
        uuid: 'r-1',
        status: 'PENDING',
        createdAt: '10/03/2026',
        beneficiary: { uuid: 'x', name: 'Rui Lista', cpf: '12345678901' },
        urlPath: 'https://docs.example/r-1.pdf',
      },
    ];
    const referrals = await get('/api/appointments/referrals?busca=123.456');
    expect(referrals.json()).toEqual([
      expect.objectContaining({ uuid: 'r-1', createdAt: '2026-03-10T03:00:00.000Z', urlPath: 'https://docs.example/r-1.pdf' }),
    ]);
  });
});

describe('provider failures', () => {
  const availabilityUrl = `/api/specialty-availability?${new URLSearchParams({ specialtyUuid: CARDIOLOGY.uuid, dateInitial: toBrDate(future), dateFinal: toBrDate(future) })}`;

  it.each([
    ['an HTTP 500', { status: 500, body: { message: 'NullPointerException' } }],
    ['an answer that is not JSON', { status: 200, raw: '<html>gateway</html>' }],
    ['our credentials refused', { status: 401, body: { message: 'invalid token' } }],
    ['no answer in time', { delayMs: TIMEOUT_MS * 2, body: [] }],
  ])('answers 502 "Serviço de telemedicina indisponível" on %s', async (_case, answer) => {
    fake.script('GET', '/specialty-availability', answer);
    const response = await get(availabilityUrl);
    expect([response.statusCode, response.json()]).toEqual([
      502,
      { success: false, message: UNAVAILABLE, requestId: response.headers['x-request-id'] },
    ]);
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const gone = createRapidocProvider({
      baseUrl: 'http://127.0.0.1:9/tema/api',
      clientId: FAKE_CLIENT_ID,
      token: FAKE_TOKEN,
      timeoutMs: TIMEOUT_MS,
    });
    await expect(gone.listSpecialties()).rejects.toMatchObject({ statusCode: 502, message: UNAVAILABLE });
  });

  it('passes on the provider’s refusals in both styles: an error status, and success:false with 200', async () => {
    const { patient } = await patientAtProvider();
    fake.script('POST', '/appointments', { status: 422, body: { message: 'Especialidade não disponível para o plano' } });
    const refused = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-1',
      approveAdditionalPayment: true,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Especialidade não disponível para o plano']);

    fake.script('POST', '/appointments', { status: 200, body: { success: false, message: 'Beneficiário sem cobertura' } });
    const envelope = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'slot-1',
      approveAdditionalPayment: true,
    });
    expect([envelope.statusCode, envelope.json().message]).toEqual([400, 'Beneficiário sem cobertura']);

    const taken = await post('/api/appointments', {
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: 'ja-ocupado',
      approveAdditionalPayment: true,
    });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'Horário indisponível']);
  });
});

describe('beneficiaries at the provider', () => {
  const provider = () =>
    createRapidocProvider({ baseUrl: fake.baseUrl, clientId: FAKE_CLIENT_ID, token: FAKE_TOKEN, timeoutMs: TIMEOUT_MS });
  const person = (cpf: string, providerUuid: string | null = null): ProviderBeneficiary => ({
    id: 1,
    uuid: 'ours',
    providerUuid,
    name: 'Beatriz Cadastro',
    cpf,
    birthday: '1990-01-31',
    phone: '11999998888',
    email: 'bia@teste.com.br',
    zipCode: '01001000',
    address: 'Rua A, 1',
    city: 'São Paulo',
    state: 'SP',
    paymentType: 'S',
    serviceType: 'G',
    holderCpf: null,
    isActive: true,
  });

  it.each(['beneficiaries', 'beneficiary', 'array'] as const)(
    'registers a new CPF with an array body and reads the uuid from a %s answer',
    async (shape) => {
      fake.registerAnswerShape = shape;
      const cpf = `9${Math.floor(Math.random() * 1e10)}`.slice(0, 11);
      const { providerUuid } = await provider().registerBeneficiary(person(cpf));
      const posted = fake.calls.find((call) => call.method === 'POST' && call.path === '/beneficiaries')!;
      expect(posted.body).toEqual([
        expect.objectContaining({ cpf, name: 'Beatriz Cadastro', birthday: '1990-01-31', paymentType: 'S', serviceType: 'G' }),
      ]);
      expect(providerUuid).toBe(fake.beneficiaries.find((candidate) => candidate.cpf === cpf)!.uuid);
      fake.calls.length = 0;
    },
  );

  it('looks the CPF up first and reactivates an inactive beneficiary instead of creating another', async () => {
    fake.beneficiaries.push({ uuid: 'antigo', cpf: '11144477735', name: 'Antiga', isActive: false });
    const { providerUuid } = await provider().registerBeneficiary(person('11144477735'));
    expect(providerUuid).toBe('antigo');
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /beneficiaries/11144477735',
      'PUT /beneficiaries/antigo/reactivate',
      'PUT /beneficiaries/antigo',
    ]);
    expect(fake.beneficiaries.find((candidate) => candidate.uuid === 'antigo')).toMatchObject({ isActive: true, name: 'Beatriz Cadastro' });
  });

  it('inactivates, reactivates and updates by the provider’s uuid, surfacing success:false', async () => {
    fake.beneficiaries.push({ uuid: 'ativo-1', cpf: '22233344405', name: 'Ativo', isActive: true });
    await provider().inactivateBeneficiary(person('22233344405', 'ativo-1'));
    expect(fake.beneficiaries.find((candidate) => candidate.uuid === 'ativo-1')!.isActive).toBe(false);
    await provider().reactivateBeneficiary(person('22233344405', 'ativo-1'));
    expect(fake.beneficiaries.find((candidate) => candidate.uuid === 'ativo-1')!.isActive).toBe(true);
    fake.script('PUT', '/beneficiaries/ativo-1', { status: 200, body: { success: false, message: 'Telefone inválido' } });
    await expect(provider().updateBeneficiary(person('22233344405', 'ativo-1'))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Telefone inválido',
    });
  });

  it('keeps our beneficiaries in step: registered with the provider’s uuid stored, then inactivated to match', async () => {
    const patient = await insertBeneficiary(app.db, { name: 'Sincronizada Teste' });
    await registerAtProvider(app.telemedicine, app.db, patient.id);
    const [stored] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, patient.id));
    const atProvider = fake.beneficiaries.find((candidate) => candidate.cpf === patient.cpf)!;
    expect(stored.providerUuid).toBe(atProvider.uuid);

    await app.db.update(beneficiaries).set({ isActive: false }).where(eq(beneficiaries.id, patient.id));
    await statusAtProvider(app.telemedicine, app.db, patient.id);
    expect(atProvider.isActive).toBe(false);

    await app.db.update(beneficiaries).set({ name: 'Sincronizada Editada' }).where(eq(beneficiaries.id, patient.id));
    await updateAtProvider(app.telemedicine, app.db, patient.id);
    expect(atProvider.name).toBe('Sincronizada Editada');
  });
});
