import { randomBytes } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { GATEWAY_TEST_CARDS } from '../../../src/domain/cards';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';

const REFUSED_CARDS: readonly string[] = [GATEWAY_TEST_CARDS.refusedMastercard, GATEWAY_TEST_CARDS.refusedVisa];
const SANDBOX_DELAY_MS = 400;

const gatewayId = (prefix: string) => `${prefix}_sandbox_${randomBytes(8).toString('hex')}`;

/**
 * The local test gateway (PAYMENT_GATEWAY=sandbox, the default): behaves like the real gateway's
 * sandbox, approving every card except its two documented refusal numbers, after a short delay.
 */
export function createSandboxGateway(delayMs = SANDBOX_DELAY_MS): PaymentGateway {
  const charges = new Map<string, ChargeResult>();
  return {
    kind: 'sandbox',
    async charge(request: ChargeRequest) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const result: ChargeResult = REFUSED_CARDS.includes(request.card.number)
        ? { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized }
        : {
            outcome: 'approved',
            customerId: gatewayId('cus'),
            paymentId: gatewayId('pay'),
            ...(request.recurring ? { subscriptionId: gatewayId('sub') } : {}),
          };
      charges.set(request.orderId, result);
      return result;
    },
    async findByReference(orderId: string) {
      return charges.get(orderId) ?? null;
    },
  };
}
