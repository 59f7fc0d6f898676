import type { FastifyInstance } from 'fastify';
import { REFERRAL_STATUSES } from '../../src/domain/care';
import { desc, eq } from 'drizzle-orm';
import { partners, professionals, referrals, resellers } from '../db/schema';
import { todayIn, toBrDate } from '../services/telemedicine/dates';
import { insertBeneficiary, insertReferral } from '../test/careFixtures';
import { PLACEHOLDER_KEYS } from '../services/uploads/placeholders';
import { createLinkSigner } from '../services/uploads/signedLinks';
import { startAdminPortal } from '../test/demoPortal';
import { csvLines, injectAs, loginAsDemo } from '../test/helpers';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => ({ app, admin } = await startAdminPortal()));
afterAll(() => app.close());

const get = (url: string, token = admin) => injectAs(app, token, { method: 'GET', url });

interface ReferralAnswer {
  uuid: string;
  createdAt: string;
  status: string;
  beneficiary: { uuid: string; name: string; cpf: string };
  specialty: { name: string } | null;
  urlPath: string | null;
}

describe('GET /api/appointments/referrals', () => {
  it('answers a page of referrals as an array, newest first, in every status of the seed', async () => {
    const response = await get('/api/appointments/referrals?pageSize=100');
    expect(response.statusCode).toBe(200);
    const list = response.json() as ReferralAnswer[];
    expect(new Set(list.map((referral) => referral.status))).toEqual(new Set(REFERRAL_STATUSES));
    expect(list[0]).toMatchObject({
      uuid: expect.any(String),
      createdAt: expect.any(String),
      beneficiary: { name: expect.any(String), cpf: expect.any(String) },
    });
    const created = list.map((referral) => referral.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by dates, name or CPF and status, and pages with X-Total-Count', async () => {
    const patient = await insertBeneficiary(app.db, { name: 'Odete Encaminhada Filtro' });
    const pending = await insertReferral(app.db, {
      beneficiaryId: patient.id,
      specialtyName: 'Cardiologia',
      arquivo: PLACEHOLDER_KEYS.referral,
    });
    await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Urologia', status: 'NON_SCHEDULABLE' });

    const byName = (await get('/api/appointments/referrals?busca=odete%20ENCAMINHADA')).json() as ReferralAnswer[];
    expect(byName.map((referral) => referral.status).sort()).toEqual(['NON_SCHEDULABLE', 'PENDING']);
    const byCpf = (await get(`/api/appointments/referrals?busca=${patient.cpf}&status=PENDING`)).json() as ReferralAnswer[];
    expect(byCpf.map((referral) => referral.uuid)).toEqual([pending.uuid]);
    expect(byCpf[0].specialty).toMatchObject({ name: 'Cardiologia' });

    const today = todayIn(new Date());
    const todays = (await get(`/api/appointments/referrals?dataInicial=${today}&dataFinal=${toBrDate(today)}&busca=odete`)).json();
    expect(todays).toHaveLength(2);
    expect((await get('/api/appointments/referrals?dataFinal=2000-01-01&busca=odete')).json()).toEqual([]);

    const page = await get('/api/appointments/referrals?status=PENDING&page=1&pageSize=5');
    expect(page.json()).toHaveLength(5);
    const total = (await app.db.select().from(referrals)).filter((referral) => referral.status === 'PENDING').length;
    expect(Number(page.headers['x-total-count'])).toBe(total);

    expect((await get('/api/appointments/referrals?status=PERDIDO')).statusCode).toBe(400);
    expect((await get('/api/appointments/referrals?dataInicial=amanha')).statusCode).toBe(400);
  });

  it("names each referral's professional and the partner of its patient's reseller, or neither", async () => {
    const [reseller] = await app.db
      .select({ id: resellers.id, partner: partners.nome })
      .from(resellers)
      .innerJoin(partners, eq(partners.id, resellers.partnerId))
      .orderBy(desc(resellers.id))
      .limit(1);
    const [professional] = await app.db.select({ id: professionals.id, name: professionals.nomeCompleto }).from(professionals).limit(1);
    const sold = await insertBeneficiary(app.db, { name: 'Quitéria Revendida Encaminhada', resellerId: reseller.id });
    const direct = await insertBeneficiary(app.db, { name: 'Quitéria Direta Encaminhada' });
    const seen = await insertReferral(app.db, { beneficiaryId: sold.id, specialtyName: 'Cardiologia' });
    await app.db.update(referrals).set({ professionalId: professional.id }).where(eq(referrals.id, seen.id));
    await insertReferral(app.db, { beneficiaryId: direct.id, specialtyName: 'Urologia' });

    const list = (await get('/api/appointments/referrals?busca=quit%C3%A9ria')).json() as Array<
      ReferralAnswer & { professional: { name: string } | null; partner: { name: string } | null }
    >;
    expect(list.map(({ beneficiary, professional, partner }) => [beneficiary.name, professional, partner]).sort()).toEqual([
      ['Quitéria Direta Encaminhada', null, null],
      ['Quitéria Revendida Encaminhada', { name: professional.name }, { name: reseller.partner }],
    ]);
  });

  it('links each referral document, signed for the administrator, and refuses other user types', async () => {
    const patient = await insertBeneficiary(app.db, { name: 'Pérola Documento Teste' });
    await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Dermatologia', arquivo: PLACEHOLDER_KEYS.referral });
    const [referral] = (await get('/api/appointments/referrals?busca=p%C3%A9rola%20documento')).json() as ReferralAnswer[];
    expect(referral.urlPath).toMatch(new RegExp(`^/api/referrals/${referral.uuid}/file\\?expires=`));
    const file = await app.inject({ method: 'GET', url: referral.urlPath! });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await app.inject({ method: 'GET', url: `/api/referrals/${referral.uuid}/file` })).statusCode).toBe(403);

    for (const userType of ['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) {
      expect((await get('/api/appointments/referrals', await loginAsDemo(app, userType))).statusCode).toBe(403);
    }
  });

  it('answers a signed link to a document missing from the file store with 404', async () => {
    const patient = await insertBeneficiary(app.db, { name: 'Quitéria Sem Arquivo Teste' });
    await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Dermatologia', arquivo: 'encaminhamentos/perdido.pdf' });
    const [referral] = (await get('/api/appointments/referrals?busca=quit%C3%A9ria%20sem%20arquivo')).json() as ReferralAnswer[];
    const file = await app.inject({ method: 'GET', url: referral.urlPath! });
    expect([file.statusCode, file.json().message]).toEqual([404, 'Arquivo não encontrado.']);
  });

  it('exports the filtered list as CSV', async () => {
    const response = await get('/api/appointments/referrals/export.csv?status=COMPLETED');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Beneficiário;CPF;Especialidade;Data de criação;Status;Profissional;Parceiro');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(';Realizada;'))).toBe(true);
  });
});

describe('signed file links', () => {
  it("expire, and name the path, the administrator and the administrator's sessions they were issued for", async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const signer = createLinkSigner('a-secret-long-enough-for-the-test-1234', () => now);
    const link = signer.sign('/api/referrals/x/file', { accountId: 7, tokenVersion: 3, sessionId: 'session-1' });
    const query = Object.fromEntries(new URLSearchParams(link.split('?')[1]));
    const version = (current: number | undefined) => async (accountId: number) => {
      const tokenVersion = accountId === 7 ? current : 3;
      return tokenVersion === undefined ? undefined : { tokenVersion, endedSessions: [] };
    };
    await expect(signer.verify('/api/referrals/x/file', query, version(3))).resolves.toEqual({ accountId: 7 });
    await expect(signer.verify('/api/referrals/y/file', query, version(3))).resolves.toBeUndefined();
    await expect(signer.verify('/api/referrals/x/file', { ...query, account: '8' }, version(3))).resolves.toBeUndefined();
    // A password change moved the token version; an inactive account has none.
    await expect(signer.verify('/api/referrals/x/file', query, version(4))).resolves.toBeUndefined();
    await expect(signer.verify('/api/referrals/x/file', query, version(undefined))).resolves.toBeUndefined();
    const otherSecret = createLinkSigner('another-secret-long-enough-for-tests', () => now);
    await expect(otherSecret.verify('/api/referrals/x/file', query, version(3))).resolves.toBeUndefined();
    now += 31 * 60_000;
    await expect(signer.verify('/api/referrals/x/file', query, version(3))).resolves.toBeUndefined();
  });
});
