import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, beneficiaries, paymentAttempts, sales, type PaymentBuyer } from '../../db/schema';
import { claimPendingAttempt, createPaymentsApp, freshCpf, testBuyer } from '../../test/payments';
import { findAttempt } from './attempts';
import { addressLine, recordApprovedSale, RECONCILIATION_SOURCE } from './approval';

/**
 * What saving an approved payment writes (approval.ts), called as the checkout, the Pix webhook and
 * the reconciliation job call it: the beneficiary (new or reactivated), the sale, the attempt's new
 * state with the gateway's ids, and the audit row, once however often it is called.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false });
});
afterAll(() => app.close());

/** A pending attempt, as the checkout leaves it before the gateway answers. */
async function pendingAttempt(plan: string, buyer: Partial<PaymentBuyer> = {}) {
  const cpf = freshCpf();
  const attempt = await claimPendingAttempt(app.db, { plan, buyer: testBuyer(cpf, buyer) });
  return { attempt, cpf };
}

const beneficiaryOf = async (cpf: string) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf)))[0];
const salesOf = (beneficiaryId: number) => app.db.select().from(sales).where(eq(sales.beneficiaryId, beneficiaryId));
const auditRowsOf = (uuid: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'beneficiary'), eq(auditLog.entityId, uuid)))
    .orderBy(auditLog.id);

describe('the address line', () => {
  it('joins street and number, complement and district, leaving out an empty complement', () => {
    const buyer = testBuyer('0', { address: 'Avenida Paulista', addressNumber: '1000', addressComplement: '', province: 'Bela Vista' });
    expect(addressLine(buyer)).toBe('Avenida Paulista, 1000 - Bela Vista');
    expect(addressLine({ ...buyer, addressComplement: 'Apto 42' })).toBe('Avenida Paulista, 1000 - Apto 42 - Bela Vista');
  });
});

describe('an approval', () => {
  it('creates the holder, a paid sale and the audit row of the checkout, and stores the gateway’s ids on the attempt', async () => {
    const { attempt, cpf } = await pendingAttempt('consulta_avulsa');
    const ids = { customerId: 'cus_1', paymentId: 'pay_1', subscriptionId: 'sub_1' };
    const beneficiaryId = await recordApprovedSale(app.db, attempt.id, ids, '10.9.9.9');

    const holder = await beneficiaryOf(cpf);
    expect(holder).toMatchObject({ id: beneficiaryId, paymentType: 'A', serviceType: 'G', isActive: true, phone: '11988887777' });
    const [sale, ...more] = await salesOf(holder.id);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ tipo: 'consulta_avulsa', valor: '39.90', status: 'paid', paymentMethod: 'card' });
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({
      status: 'approved',
      saleId: sale.id,
      gatewayCustomerId: 'cus_1',
      gatewayPaymentId: 'pay_1',
      gatewaySubscriptionId: 'sub_1',
    });
    const rows = await auditRowsOf(holder.uuid);
    expect(rows.map((row) => [row.actorType, row.action, row.summary, row.ipAddress])).toEqual([
      ['CHECKOUT', 'create', 'Compra: consulta_avulsa', '10.9.9.9'],
    ]);
  });

  it('makes a plan’s buyer recurring (S), and keeps the phone when no mobile phone was given', async () => {
    const { attempt, cpf } = await pendingAttempt('plano_individual', { mobilePhone: '' });
    await recordApprovedSale(app.db, attempt.id);
    expect(await beneficiaryOf(cpf)).toMatchObject({ paymentType: 'S', phone: '1133334444' });
  });

  it('saves an attempt of a plan no longer offered as a one-off (A)', async () => {
    const { attempt, cpf } = await pendingAttempt('plano_retirado');
    await recordApprovedSale(app.db, attempt.id);
    expect(await beneficiaryOf(cpf)).toMatchObject({ paymentType: 'A' });
  });

  it('is audited as from the reconciliation when no source is given, and a later purchase as a status change', async () => {
    const first = await pendingAttempt('consulta_avulsa');
    await recordApprovedSale(app.db, first.attempt.id);
    const holder = await beneficiaryOf(first.cpf);
    await app.db.update(beneficiaries).set({ isActive: false }).where(eq(beneficiaries.id, holder.id));
    const again = await pendingAttempt('consulta_avulsa');
    await app.db
      .update(paymentAttempts)
      .set({ buyer: testBuyer(first.cpf) })
      .where(eq(paymentAttempts.id, again.attempt.id));
    expect(await recordApprovedSale(app.db, again.attempt.id, {}, 'webhook')).toBe(holder.id);

    expect(await beneficiaryOf(first.cpf)).toMatchObject({ id: holder.id, isActive: true });
    expect((await auditRowsOf(holder.uuid)).map((row) => [row.action, row.ipAddress])).toEqual([
      ['create', RECONCILIATION_SOURCE],
      ['status', 'webhook'],
    ]);
    expect(RECONCILIATION_SOURCE).toMatch(/\S/);
    // The ids not given leave the attempt's columns as they were.
    expect(await findAttempt(app.db, again.attempt.id)).toMatchObject({ gatewayPaymentId: null, gatewaySubscriptionId: null });
  });
});

describe('a repeated or impossible approval', () => {
  it('saves once: a second call returns null and writes nothing', async () => {
    const { attempt, cpf } = await pendingAttempt('consulta_avulsa');
    const first = await recordApprovedSale(app.db, attempt.id);
    expect(await recordApprovedSale(app.db, attempt.id, { paymentId: 'pay_tarde' })).toBeNull();
    const holder = await beneficiaryOf(cpf);
    expect(holder.id).toBe(first);
    expect(await salesOf(holder.id)).toHaveLength(1);
    expect(await auditRowsOf(holder.uuid)).toHaveLength(1);
    expect((await findAttempt(app.db, attempt.id))?.gatewayPaymentId).toBeNull();
  });

  it('returns null for an attempt that does not exist', async () => {
    const [{ last }] = await app.db.select({ last: sql<number>`coalesce(max(${paymentAttempts.id}), 0)` }).from(paymentAttempts);
    await expect(recordApprovedSale(app.db, last + 1000)).resolves.toBeNull();
  });

  it('saves the sale an approved attempt is missing', async () => {
    const { attempt, cpf } = await pendingAttempt('consulta_avulsa');
    await app.db.update(paymentAttempts).set({ status: 'approved' }).where(eq(paymentAttempts.id, attempt.id));
    await recordApprovedSale(app.db, attempt.id);
    const holder = await beneficiaryOf(cpf);
    const [sale] = await salesOf(holder.id);
    expect((await findAttempt(app.db, attempt.id))?.saleId).toBe(sale.id);
  });
});
