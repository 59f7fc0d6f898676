import { and, eq, gt } from 'drizzle-orm';
import { ORDER_CONFIRMATION_WINDOW_MS, type OrderConfirmation } from '../../../src/domain/checkout';
import { isPlanId } from '../../../src/domain/plans';
import type { Database } from '../../db/client';
import { paymentAttempts } from '../../db/schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The confirmation of an approved order, for its URL (`/checkout?pedido=`): the order id is a random
 * UUID that only the buyer's browser was given, so it is the key; it opens for a day after the
 * purchase, and never shows card data. Anything else (unknown, not approved, older, malformed) is null.
 */
export async function approvedOrder(db: Database, orderId: string): Promise<OrderConfirmation | null> {
  if (!UUID_PATTERN.test(orderId)) return null;
  const [row] = await db
    .select({ orderId: paymentAttempts.orderId, plan: paymentAttempts.plan, amount: paymentAttempts.amount, buyer: paymentAttempts.buyer })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId.toLowerCase()),
        eq(paymentAttempts.status, 'approved'),
        gt(paymentAttempts.createdAt, new Date(Date.now() - ORDER_CONFIRMATION_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (!row || !isPlanId(row.plan)) return null;
  return { orderId: row.orderId, plan: row.plan, value: Number(row.amount), email: row.buyer.email };
}
