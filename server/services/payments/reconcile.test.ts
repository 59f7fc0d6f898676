import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { beneficiaries, paymentAttempts, sales, sandboxCharges } from '../../db/schema';
import { findAttempt } from './attempts';
import { paymentContext, type PaymentContext } from './checkout';
import { GatewayUnavailableError, type PaymentGateway } from './gateway';
import { staleAfterMs } from './checkout';
import { reconcilePayments } from './reconcileJob';
import { claimPendingAttempt, createPaymentsApp } from '../../test/payments';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp({ seed: false });
});
afterAll(() => app.close());

const context = (gateway: PaymentGateway = app.paymentGateway): PaymentContext => ({ ...paymentContext(app, app.log), gateway });

/** A pending attempt as a request that died left it, `ageMs` ago. */
async function pendingAttempt(ageMs = staleAfterMs(app.config.payments.timeoutMs) + 5000) {
  const attempt = await claimPendingAttempt(app.db);
  await app.db
    .update(paymentAttempts)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(paymentAttempts.id, attempt.id));
  return { ...attempt, cpf: attempt.buyer.cpfCnpj };
}

const saleOf = async (attemptId: number) => {
  const attempt = await findAttempt(app.db, attemptId);
  if (!attempt?.saleId) return undefined;
  const [sale] = await app.db.select().from(sales).where(eq(sales.id, attempt.saleId));
  return sale;
};

describe('payment reconciliation', () => {
  it('saves the sale of a charge the gateway booked while the portal was dying', async () => {
    const attempt = await pendingAttempt();
    await app.db.insert(sandboxCharges).values({ orderId: attempt.orderId, outcome: 'approved', paymentId: 'pay_sandbox_x' });

    const report = await reconcilePayments(context());
    expect(report.approved).toBeGreaterThanOrEqual(1);
    const after = await findAttempt(app.db, attempt.id);
    expect(after).toMatchObject({ status: 'approved', gatewayPaymentId: 'pay_sandbox_x' });
    const sale = await saleOf(attempt.id);
    expect(sale).toMatchObject({ tipo: 'consulta_avulsa', status: 'paid' });
    const [beneficiary] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, attempt.cpf));
    expect(sale!.beneficiaryId).toBe(beneficiary.id);
  });

  it('closes as failed an attempt the gateway never saw, and as refused one it refused', async () => {
    const unseen = await pendingAttempt();
    const refused = await pendingAttempt();
    await app.db
      .insert(sandboxCharges)
      .values({ orderId: refused.orderId, outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized });
    await reconcilePayments(context());
    expect(await findAttempt(app.db, unseen.id)).toMatchObject({ status: 'failed', saleId: null });
    expect(await findAttempt(app.db, refused.id)).toMatchObject({ status: 'refused', saleId: null });
  });

  it('leaves alone an attempt whose request may still be running', async () => {
    const fresh = await pendingAttempt(0);
    await reconcilePayments(context());
    expect(await findAttempt(app.db, fresh.id)).toMatchObject({ status: 'pending' });
  });

  it('gives an approved attempt without a sale its sale, once', async () => {
    const attempt = await pendingAttempt();
    await app.db.insert(sandboxCharges).values({ orderId: attempt.orderId, outcome: 'approved' });
    await app.db.update(paymentAttempts).set({ status: 'approved' }).where(eq(paymentAttempts.id, attempt.id));
    await reconcilePayments(context());
    await reconcilePayments(context());
    expect(await saleOf(attempt.id)).toBeDefined();
    const [beneficiary] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, attempt.cpf));
    expect(await app.db.select().from(sales).where(eq(sales.beneficiaryId, beneficiary.id))).toHaveLength(1);
  });

  it('keeps an attempt pending while the gateway cannot be asked, and settles it later', async () => {
    const attempt = await pendingAttempt();
    const unreachable: PaymentGateway = {
      kind: 'sandbox',
      charge: async () => {
        throw new GatewayUnavailableError('down');
      },
      findByReference: async () => {
        throw new GatewayUnavailableError('down');
      },
      findPayment: async () => {
        throw new GatewayUnavailableError('down');
      },
      createPixCharge: async () => {
        throw new GatewayUnavailableError('down');
      },
      cancelCharge: async () => {
        throw new GatewayUnavailableError('down');
      },
    };
    const report = await reconcilePayments(context(unreachable));
    expect(report.unresolved).toBeGreaterThanOrEqual(1);
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({ status: 'pending' });

    await app.db.insert(sandboxCharges).values({ orderId: attempt.orderId, outcome: 'approved' });
    await reconcilePayments(context());
    expect(await findAttempt(app.db, attempt.id)).toMatchObject({ status: 'approved' });
  });

  it('books sandbox charges where a restarted portal can find them', async () => {
    const orderId = crypto.randomUUID();
    await expect(app.paymentGateway.findByReference(orderId, false)).resolves.toBeNull();
    const result = await app.paymentGateway.charge({
      orderId,
      description: 'Consulta',
      amount: 49.9,
      recurring: false,
      customer: {} as never,
      card: { holderName: 'X', number: '4444444444444444', expiryMonth: '12', expiryYear: '2030', ccv: '123' },
      holderInfo: {} as never,
      remoteIp: '127.0.0.1',
    });
    const [row] = await app.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, orderId));
    expect(row).toMatchObject({ outcome: 'approved' });
    await expect(app.paymentGateway.findByReference(orderId, false)).resolves.toEqual(result);
  });
});
