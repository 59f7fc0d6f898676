import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentAttempts } from '../../db/schema';
import { HttpError } from '../../lib/httpErrors';
import type { PaymentAttempt } from './attempts';
import { paymentContext, reconcile, staleAfterMs, type PaymentContext } from './checkout';
import { GatewayUnavailableError } from './gateway';
import { reconcilePix } from './pix';

/** Attempts looked at per run; the rest wait for the next run. */
const BATCH = 100;

export interface ReconcileReport {
  approved: number;
  closed: number;
  /** The gateway could not be asked; tried again on the next run. */
  unresolved: number;
}

/** How often the job runs: a few gateway time limits, between 1 s and 5 min. */
export const reconcileIntervalMs = (gatewayTimeoutMs: number) => Math.min(Math.max(gatewayTimeoutMs * 4, 1000), 5 * 60 * 1000);

/** Settles each attempt, counting the outcomes in `report` as they come. */
async function settleEach(context: PaymentContext, attempts: PaymentAttempt[], report: ReconcileReport): Promise<void> {
  for (const attempt of attempts) {
    try {
      if (attempt.paymentMethod === 'pix' && attempt.status !== 'approved') {
        const outcome = await reconcilePix(context, attempt);
        if (outcome === 'approved') report.approved += 1;
        if (outcome === 'closed') report.closed += 1;
        continue;
      }
      const answer = await reconcile(context, attempt);
      if (answer.success) report.approved += 1;
      else report.closed += 1;
    } catch (error) {
      // The gateway is unreachable (a 409 'still processing'): leave it for the next run.
      if (!(error instanceof HttpError) && !(error instanceof GatewayUnavailableError)) throw error;
      report.unresolved += 1;
    }
  }
}

/**
 * Resolves what a crash can leave behind: attempts still `pending` after the gateway's time limits
 * (the process died between booking the attempt and saving the answer) and attempts `approved`
 * without their sale. Each is looked up at the gateway by our order id: an approved charge gets its
 * beneficiary and sale, a refused one is closed, one the gateway never saw is closed as failed.
 * Pix charges still waiting are asked about too (pix.ts, reconcilePix): a paid one whose webhook was
 * lost gets its sale, one past its window is removed at the gateway and expired.
 */
export async function reconcilePayments(context: PaymentContext): Promise<ReconcileReport> {
  const staleBefore = new Date(Date.now() - staleAfterMs(context.gatewayTimeoutMs));
  const attempts = await context.db
    .select()
    .from(paymentAttempts)
    .where(
      or(
        and(eq(paymentAttempts.status, 'pending'), lt(paymentAttempts.createdAt, staleBefore)),
        and(eq(paymentAttempts.status, 'approved'), isNull(paymentAttempts.saleId)),
        // Pix charges still waiting: paid ones whose webhook was lost, and those past their window.
        eq(paymentAttempts.status, 'waiting'),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(BATCH);
  const report: ReconcileReport = { approved: 0, closed: 0, unresolved: 0 };
  await settleEach(context, attempts, report);
  if (report.approved || report.closed || report.unresolved) {
    context.log.warn({ ...report }, 'payment attempts reconciled with the gateway');
  }
  return report;
}

/** Runs the job once the app is ready and then on a timer, on one server copy at a time (services/jobs). */
export function schedulePaymentReconciliation(app: FastifyInstance): void {
  app.jobs.schedule({
    name: 'payment-reconciliation',
    atStart: 'background',
    everyMs: reconcileIntervalMs(app.config.payments.timeoutMs),
    run: () => reconcilePayments(paymentContext(app, app.log)),
  });
}
