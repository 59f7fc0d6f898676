import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cpfCheckDigits } from '../../src/domain/documents';
import { beneficiaries, partners } from '../db/schema';
import type { FakeRapidoc } from '../test/fakeRapidoc';
import { injectAs, login } from '../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../test/rapidocPortal';
import { freshCnpj } from '../test/channelFixtures';

/** With TELEMEDICINE_PROVIDER=rapidoc every beneficiary change reaches the provider, or does not happen. */
let fake: FakeRapidoc;
let app: FastifyInstance;
let admin: string;
let portal: RapidocPortal;
beforeAll(async () => {
  portal = await startRapidocPortal(1500);
  ({ fake, app, admin } = portal);
});

afterAll(() => portal.close());

const cpf = (n: number) => {
  const base = `321${String(n).padStart(6, '0')}`;
  return base + cpfCheckDigits(base);
};
const payload = (n: number) => ({ name: `Pessoa ${n}`, cpf: cpf(n), birthday: '1990-01-01', beneficiaryType: 'titular', state: 'SP' });
const stored = async (n: number) =>
  (
    await app.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.cpf, cpf(n)))
  )[0];
const total = async () => (await app.db.select({ total: count() }).from(beneficiaries))[0].total;

describe('beneficiaries with the rapidoc provider', () => {
  it('registers a new beneficiary at the provider and keeps its uuid there', async () => {
    const response = await injectAs(app, admin, { method: 'POST', url: '/api/beneficiaries', payload: payload(1) });
    expect(response.statusCode).toBe(201);
    const remote = fake.beneficiaries.find((beneficiary) => beneficiary.cpf === cpf(1));
    expect(remote).toBeDefined();
    expect((await stored(1)).providerUuid).toBe(remote!.uuid);
  });

  it('creates nothing when the provider refuses', async () => {
    const before = await total();
    fake.script('POST', '/beneficiaries', { status: 200, body: { success: false, message: 'Recusado pela operadora' } });
    const response = await injectAs(app, admin, { method: 'POST', url: '/api/beneficiaries', payload: payload(2) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).not.toBe(500);
    expect(await total()).toBe(before);
  });

  it('sends edits and status changes, and keeps our status when the provider fails', async () => {
    await injectAs(app, admin, { method: 'POST', url: '/api/beneficiaries', payload: payload(3) });
    const { uuid, providerUuid } = await stored(3);
    fake.calls.length = 0;
    const edit = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/beneficiaries/${uuid}`,
      payload: { name: 'Pessoa Editada', birthday: '1990-01-01' },
    });
    expect(edit.statusCode).toBe(200);
    expect(fake.calls.some((call) => call.method === 'PUT' && call.path.endsWith(`/beneficiaries/${providerUuid}`))).toBe(true);

    const off = await injectAs(app, admin, { method: 'DELETE', url: `/api/beneficiaries/${uuid}` });
    expect(off.json()).toMatchObject({ isActive: false });
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path.endsWith(`/beneficiaries/${providerUuid}`))).toBe(true);

    fake.script('PUT', `/beneficiaries/${providerUuid}/reactivate`, { status: 500, body: { success: false } });
    const failed = await injectAs(app, admin, { method: 'DELETE', url: `/api/beneficiaries/${uuid}` });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await stored(3)).isActive).toBe(false);
  });

  it('keeps a person active at the provider while any partner’s record of them is active', async () => {
    const token = (email: string) => login(app, email, 'PARCEIRO', 'segredo123');
    const passwordHash = await app.passwords.hash('segredo123');
    const [first, second] = await app.db
      .insert(partners)
      .values(
        ['um', 'dois'].map((tag) => ({
          nome: `Parceiro ${tag}`,
          cnpj: freshCnpj(),
          email: `parceiro-${tag}@rapidoc.test`,
          passwordHash,
        })),
      )
      .returning();
    const records = [];
    for (const partner of [first, second]) {
      const created = await injectAs(app, await token(partner.email), { method: 'POST', url: '/api/beneficiaries', payload: payload(4) });
      expect(created.statusCode).toBe(201);
      records.push({ uuid: created.json().beneficiary.uuid as string, token: await token(partner.email) });
    }
    const atProvider = fake.beneficiaries.filter((beneficiary) => beneficiary.cpf === cpf(4));
    expect(atProvider).toHaveLength(1);
    const inactivations = () =>
      fake.calls.filter((call) => call.method === 'DELETE' && call.path.endsWith(`/beneficiaries/${atProvider[0].uuid}`));

    fake.calls.length = 0;
    const firstOff = await injectAs(app, records[0].token, { method: 'DELETE', url: `/api/beneficiaries/${records[0].uuid}` });
    expect(firstOff.json()).toMatchObject({ isActive: false });
    expect(inactivations()).toHaveLength(0);

    const secondOff = await injectAs(app, records[1].token, { method: 'DELETE', url: `/api/beneficiaries/${records[1].uuid}` });
    expect(secondOff.json()).toMatchObject({ isActive: false });
    expect(inactivations()).toHaveLength(1);
  });
});
