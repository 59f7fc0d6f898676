import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_PIX, type PixSettings } from '../../config';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { GATEWAY_TEST_CARDS } from '../../../src/domain/cards';
import type { Database } from '../../db/client';
import { sandboxCharges } from '../../db/schema';
import type { ChargeRequest, ChargeResult, GatewayPayment, PaymentGateway, PaymentLookup, PixChargeRequest } from './gateway';
import { qrCodePng, sandboxPixPayload } from './sandboxPix';

const REFUSED_CARDS: readonly string[] = [GATEWAY_TEST_CARDS.refusedMastercard, GATEWAY_TEST_CARDS.refusedVisa];
const SANDBOX_DELAY_MS = 400;
/** An approved card charge, as Asaas reports it until something else happens to it. */
const APPROVED_STATUS = 'CONFIRMED';
/** A Pix charge's life at the gateway: PENDING until the buyer pays it (RECEIVED) or we remove it (DELETED). */
const PIX_STATUS = { pending: 'PENDING', received: 'RECEIVED', deleted: 'DELETED' } as const;
const PIX_OUTCOME = 'pix';

const gatewayId = (prefix: string) => `${prefix}_sandbox_${randomBytes(8).toString('hex')}`;

/** Where the sandbox keeps the charges it made, by our order id (the gateway's own records). */
export interface SandboxLedger {
  record(orderId: string, result: ChargeResult, amount: number): Promise<void>;
  find(orderId: string): Promise<ChargeResult | null>;
  /** The payment of an approved charge, by its id or our order id; refused charges have none. */
  findPayment(lookup: PaymentLookup): Promise<GatewayPayment | null>;
  /** Books a pending Pix charge. */
  recordPix(orderId: string, ids: { customerId: string; paymentId: string }, amount: number): Promise<void>;
  /** Moves a Pix charge from one status to another; false when it was not in `from`. */
  movePix(paymentId: string, from: string, to: string): Promise<boolean>;
}

/** Charges kept in memory: enough for tests that never restart. */
export interface MemoryLedger extends SandboxLedger {
  /**
   * Plays what happens on the gateway's side after a charge (a refund, a chargeback, a subscription's
   * next month paid or overdue): the payment is stored or replaced as given.
   */
  setPayment(payment: GatewayPayment): void;
}

export function memoryLedger(): MemoryLedger {
  const charges = new Map<string, ChargeResult>();
  const payments = new Map<string, GatewayPayment>();
  return {
    async record(orderId, result, amount) {
      charges.set(orderId, result);
      if (result.outcome === 'approved' && result.paymentId) {
        payments.set(result.paymentId, {
          id: result.paymentId,
          status: APPROVED_STATUS,
          value: amount,
          externalReference: orderId,
          ...(result.subscriptionId ? { subscription: result.subscriptionId } : {}),
        });
      }
    },
    find: async (orderId) => charges.get(orderId) ?? null,
    async findPayment(lookup) {
      if ('id' in lookup) return payments.get(lookup.id) ?? null;
      return [...payments.values()].find((payment) => payment.externalReference === lookup.externalReference) ?? null;
    },
    setPayment: (payment) => void payments.set(payment.id, payment),
    async recordPix(orderId, ids, amount) {
      payments.set(ids.paymentId, { id: ids.paymentId, status: PIX_STATUS.pending, value: amount, externalReference: orderId });
    },
    async movePix(paymentId, from, to) {
      const payment = payments.get(paymentId);
      if (payment?.status !== from) return false;
      payments.set(paymentId, { ...payment, status: to });
      return true;
    },
  };
}

/**
 * Charges kept in their own table, which plays the gateway's database: they survive a crash of the
 * portal, so the reconciliation job can look a charge up by reference as it would on Asaas, and the
 * webhook can read a payment back. Nothing changes a payment here after the charge: a staging copy
 * on the sandbox receives no real refunds or chargebacks.
 */
export function databaseLedger(db: Database): SandboxLedger {
  return {
    async record(orderId, result, amount) {
      const row =
        result.outcome === 'approved'
          ? {
              orderId,
              outcome: 'approved',
              customerId: result.customerId,
              paymentId: result.paymentId,
              subscriptionId: result.subscriptionId,
              value: amount.toFixed(2),
            }
          : { orderId, outcome: 'refused', message: result.message };
      await db.insert(sandboxCharges).values(row).onConflictDoNothing();
    },
    async find(orderId) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, orderId)).limit(1);
      // A Pix charge is no card charge: its state is read with findPayment.
      if (!row || row.outcome === PIX_OUTCOME) return null;
      if (row.outcome === 'refused') return { outcome: 'refused', message: row.message ?? CHECKOUT_MESSAGES.cardNotAuthorized };
      return {
        outcome: 'approved',
        ...(row.customerId ? { customerId: row.customerId } : {}),
        ...(row.paymentId ? { paymentId: row.paymentId } : {}),
        ...(row.subscriptionId ? { subscriptionId: row.subscriptionId } : {}),
      };
    },
    async findPayment(lookup) {
      const which = 'id' in lookup ? eq(sandboxCharges.paymentId, lookup.id) : eq(sandboxCharges.orderId, lookup.externalReference);
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(and(which, inArray(sandboxCharges.outcome, ['approved', PIX_OUTCOME])))
        .limit(1);
      if (!row?.paymentId || row.value === null) return null;
      return {
        id: row.paymentId,
        status: row.status ?? APPROVED_STATUS,
        value: Number(row.value),
        externalReference: row.orderId,
        ...(row.subscriptionId ? { subscription: row.subscriptionId } : {}),
      };
    },
    async recordPix(orderId, ids, amount) {
      await db
        .insert(sandboxCharges)
        .values({ orderId, outcome: PIX_OUTCOME, ...ids, value: amount.toFixed(2), status: PIX_STATUS.pending })
        .onConflictDoNothing();
    },
    async movePix(paymentId, from, to) {
      const moved = await db
        .update(sandboxCharges)
        .set({ status: to })
        .where(and(eq(sandboxCharges.paymentId, paymentId), eq(sandboxCharges.outcome, PIX_OUTCOME), eq(sandboxCharges.status, from)))
        .returning({ paymentId: sandboxCharges.paymentId });
      return moved.length > 0;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local test gateway (PAYMENT_GATEWAY=sandbox, the default): behaves like the real gateway's
 * sandbox, approving every card except its two documented refusal numbers. Half of the delay is
 * spent before the charge is booked and half after, like a network round trip: a portal that dies
 * in between leaves a charge it never heard about, which reconciliation must find.
 */
export function createSandboxGateway(
  delayMs = SANDBOX_DELAY_MS,
  ledger: SandboxLedger = memoryLedger(),
  pix: PixSettings = DEFAULT_PIX,
): PaymentGateway {
  return {
    kind: 'sandbox',
    async charge(request: ChargeRequest) {
      await pause(delayMs / 2);
      const result: ChargeResult = REFUSED_CARDS.includes(request.card.number)
        ? { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized }
        : {
            outcome: 'approved',
            customerId: gatewayId('cus'),
            paymentId: gatewayId('pay'),
            ...(request.recurring ? { subscriptionId: gatewayId('sub') } : {}),
          };
      await ledger.record(request.orderId, result, request.amount);
      await pause(delayMs / 2);
      return result;
    },
    findByReference: (orderId: string) => ledger.find(orderId),
    findPayment: (lookup) => ledger.findPayment(lookup),
    async createPixCharge(request: PixChargeRequest) {
      await pause(delayMs / 2);
      const ids = { customerId: gatewayId('cus'), paymentId: gatewayId('pay') };
      const payload = sandboxPixPayload(pix, request.orderId, request.amount);
      await ledger.recordPix(request.orderId, ids, request.amount);
      return { outcome: 'created' as const, ...ids, payload, encodedImage: await qrCodePng(payload) };
    },
    cancelCharge: (paymentId) => ledger.movePix(paymentId, PIX_STATUS.pending, PIX_STATUS.deleted),
    simulatePixReceived: (paymentId) => ledger.movePix(paymentId, PIX_STATUS.pending, PIX_STATUS.received),
  };
}
