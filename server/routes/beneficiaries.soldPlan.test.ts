import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES as M } from '../../src/domain/beneficiaries';
import type { UserType } from '../../src/domain/userTypes';
import { beneficiaries } from '../db/schema';
import { checkoutBody, freshCpf, postPayment } from '../test/payments';
import type { FakeRapidoc } from '../test/fakeRapidoc';
import { demoChannel } from '../test/demoPortal';
import { injectAs, loginAsDemo } from '../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../test/rapidocPortal';
import { seedDemo } from '../seed';

/**
 * A beneficiary sold through the checkout keeps the payment and service types of the plan that was
 * paid: only an administrator changes them, and nobody else's attempt reaches the provider (issue 29).
 */

let portal: RapidocPortal;
let app: FastifyInstance;
let fake: FakeRapidoc;
const tokens: Partial<Record<UserType, string>> = {};

beforeAll(async () => {
  portal = await startRapidocPortal(1500);
  ({ app, fake } = portal);
  await seedDemo(app.db, app.passwords);
  for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) tokens[type] = await loginAsDemo(app, type);
});
afterAll(() => portal.close());

/** A beneficiary sold by the demo reseller ('G' service, as every checkout sale): its uuid. */
async function soldBeneficiary(): Promise<{ uuid: string; cpf: string }> {
  const cpf = freshCpf();
  const sale = await postPayment(
    app,
    checkoutBody({ rev: String((await demoChannel(app)).resellerId), cpfCnpj: cpf, selectedPlan: 'plano_individual' }),
  );
  expect(sale.statusCode).toBe(200);
  const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
  expect([row.paymentType, row.serviceType]).toEqual(['S', 'G']);
  return { uuid: row.uuid, cpf };
}

const edit = (type: UserType, uuid: string, changes: object) =>
  injectAs(app, tokens[type], {
    method: 'PUT',
    url: `/api/beneficiaries/${uuid}`,
    payload: { name: 'Comprador Editado', birthday: '1985-03-04', ...changes },
  });
const stored = async (uuid: string) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.uuid, uuid)))[0];
/** What an edit writes (the provider's uuid is left out: the sale's own sync may still be storing it). */
const edited = async (uuid: string) => {
  const { name, birthday, paymentType, serviceType, updatedAt } = await stored(uuid);
  return { name, birthday, paymentType, serviceType, updatedAt };
};
/** The payment and service types the provider was sent for beneficiaries (registrations and edits). */
const typesSent = () =>
  fake.calls
    .filter((call) => call.path.startsWith('/beneficiaries'))
    .flatMap((call) => (Array.isArray(call.body) ? call.body : [call.body]))
    .filter((body): body is { paymentType: string; serviceType: string } => Boolean(body && typeof body === 'object'))
    .map((body) => `${body.paymentType}/${body.serviceType}`);

describe('the plan types of a sold beneficiary', () => {
  it.each(['REVENDEDOR', 'FILIAL', 'PARCEIRO'] as const)('%s cannot change them: 403, nothing stored, nothing sent', async (type) => {
    const { uuid } = await soldBeneficiary();
    const before = await edited(uuid);
    fake.calls.length = 0;
    for (const changes of [{ serviceType: 'GSP' }, { paymentType: 'A' }, { paymentType: 'A', serviceType: 'P' }]) {
      const response = await edit(type, uuid, changes);
      expect([response.statusCode, response.json().message]).toEqual([403, M.planTypesAdminOnly]);
      expect(Object.keys(response.json().errors).sort()).toEqual(Object.keys(changes).sort());
    }
    expect(await edited(uuid)).toEqual(before);
    expect(typesSent().filter((types) => types !== 'S/G')).toEqual([]);
  });

  it('lets them save the other fields, sending the types unchanged or not at all', async () => {
    const { uuid } = await soldBeneficiary();
    expect((await edit('REVENDEDOR', uuid, { paymentType: 'S', serviceType: 'G' })).statusCode).toBe(200);
    expect((await edit('FILIAL', uuid, { name: 'Outro Nome' })).statusCode).toBe(200);
    expect(await stored(uuid)).toMatchObject({ name: 'Outro Nome', paymentType: 'S', serviceType: 'G' });
  });

  it('lets an administrator change them, and says in the answer which beneficiaries follow a paid plan', async () => {
    const { uuid, cpf } = await soldBeneficiary();
    const response = await edit('ADMINISTRADOR', uuid, { serviceType: 'GSP' });
    expect([response.statusCode, response.json().beneficiary.serviceType]).toEqual([200, 'GSP']);
    expect(typesSent()).toContain('S/GSP');
    expect((await injectAs(app, tokens.REVENDEDOR, { method: 'GET', url: `/api/beneficiaries/cpf/${cpf}` })).json().planFromSale).toBe(
      true,
    );
  });

  it('leaves a beneficiary no checkout sold to whoever may edit it', async () => {
    const created = await injectAs(app, tokens.PARCEIRO, {
      method: 'POST',
      url: '/api/beneficiaries',
      payload: { name: 'Sem Venda', cpf: freshCpf(), birthday: '1990-01-01', beneficiaryType: 'titular' },
    });
    const { uuid, planFromSale } = created.json().beneficiary;
    expect(planFromSale).toBe(false);
    expect((await edit('PARCEIRO', uuid, { paymentType: 'A', serviceType: 'GP' })).statusCode).toBe(200);
    expect(await stored(uuid)).toMatchObject({ paymentType: 'A', serviceType: 'GP' });
  });
});
