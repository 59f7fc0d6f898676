import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { GATEWAY_TEST_CARDS } from '../../../src/domain/cards';
import type { Database } from '../../db/client';
import { sandboxCharges } from '../../db/schema';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';

const REFUSED_CARDS: readonly string[] = [GATEWAY_TEST_CARDS.refusedMastercard, GATEWAY_TEST_CARDS.refusedVisa];
const SANDBOX_DELAY_MS = 400;

const gatewayId = (prefix: string) => `${prefix}_sandbox_${randomBytes(8).toString('hex')}`;

/** Where the sandbox keeps the charges it made, by our order id (the gateway's own records). */
export interface SandboxLedger {
  record(orderId: string, result: ChargeResult): Promise<void>;
  find(orderId: string): Promise<ChargeResult | null>;
}

/** Charges kept in memory: enough for tests that never restart. */
export function memoryLedger(): SandboxLedger {
  const charges = new Map<string, ChargeResult>();
  return {
    record: async (orderId, result) => void charges.set(orderId, result),
    find: async (orderId) => charges.get(orderId) ?? null,
  };
}

/**
 * Charges kept in their own table, which plays the gateway's database: they survive a crash of the
 * portal, so the reconciliation job can look a charge up by reference as it would on Asaas.
 */
export function databaseLedger(db: Database): SandboxLedger {
  return {
    async record(orderId, result) {
      const row =
        result.outcome === 'approved'
          ? {
              orderId,
              outcome: 'approved',
              customerId: result.customerId,
              paymentId: result.paymentId,
              subscriptionId: result.subscriptionId,
            }
          : { orderId, outcome: 'refused', message: result.message };
      await db.insert(sandboxCharges).values(row).onConflictDoNothing();
    },
    async find(orderId) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, orderId)).limit(1);
      if (!row) return null;
      if (row.outcome === 'refused') return { outcome: 'refused', message: row.message ?? CHECKOUT_MESSAGES.cardNotAuthorized };
      return {
        outcome: 'approved',
        ...(row.customerId ? { customerId: row.customerId } : {}),
        ...(row.paymentId ? { paymentId: row.paymentId } : {}),
        ...(row.subscriptionId ? { subscriptionId: row.subscriptionId } : {}),
      };
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
export function createSandboxGateway(delayMs = SANDBOX_DELAY_MS, ledger: SandboxLedger = memoryLedger()): PaymentGateway {
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
      await ledger.record(request.orderId, result);
      await pause(delayMs / 2);
      return result;
    },
    findByReference: (orderId: string) => ledger.find(orderId),
  };
}
