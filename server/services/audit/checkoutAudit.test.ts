import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onlyDigits } from '../../../src/domain/documents';
import { beneficiaries } from '../../db/schema';
import { injectAs, loginAsDemo } from '../../test/helpers';
import { checkoutBody, createPaymentsApp, postPayment } from '../../test/payments';

let app: FastifyInstance;
let adminToken: string;
beforeAll(async () => {
  app = await createPaymentsApp();
  adminToken = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

async function trailOf(cpf: string) {
  const [beneficiary] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf));
  const response = await injectAs(app, adminToken, { method: 'GET', url: `/api/audit/beneficiaries/${beneficiary.uuid}` });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return (Array.isArray(body) ? body : (body.data ?? body.items)) as Array<Record<string, unknown>>;
}

describe('the public checkout in the audit trail', () => {
  it('records the beneficiary a purchase creates, and its reactivation by a later purchase, with the buyer address', async () => {
    const body = checkoutBody();
    const cpf = onlyDigits(body.cpfCnpj as string);
    expect((await postPayment(app, body, { address: '10.7.7.7' })).json()).toEqual({ success: true });

    const afterCreate = JSON.stringify(await trailOf(cpf));
    expect(afterCreate).toContain('Checkout público');
    expect(afterCreate).toContain('10.7.7.7');
    expect(afterCreate).toContain('create');

    await app.db.update(beneficiaries).set({ isActive: false }).where(eq(beneficiaries.cpf, cpf));
    expect((await postPayment(app, { ...body, selectedPlan: 'plano_individual' }, { address: '10.7.7.8' })).json()).toEqual({
      success: true,
    });
    const afterReactivation = JSON.stringify(await trailOf(cpf));
    expect(afterReactivation).toContain('10.7.7.8');
    expect(afterReactivation).toContain('status');
  });

  it('records nothing for a refused card', async () => {
    const before = (await injectAs(app, adminToken, { method: 'GET', url: '/api/audit?page=1&pageSize=1' })).headers['x-total-count'];
    const refused = await postPayment(app, checkoutBody({}, { number: '5184 0197 4037 3151' }));
    expect(refused.json().success).toBe(false);
    const after = (await injectAs(app, adminToken, { method: 'GET', url: '/api/audit?page=1&pageSize=1' })).headers['x-total-count'];
    expect(after).toBe(before);
  });
});
