import { newIdempotencyKey } from './payment';

/**
 * Whether the server answered an attempt for good, so its Idempotency-Key can go: any answer but a
 * lost request (no status: the network failed), a server error (the charge may have happened before
 * it) or 409 (the first request with this key is still running).
 */
export function attemptAnswered(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status < 500 && status !== 409;
}

/**
 * One Idempotency-Key per payment attempt, kept until the server has answered it: a retry of the
 * same payment after a lost answer reuses it, so the server charges once and gives the first
 * outcome; a payment with other data, or after an answer, gets a fresh one.
 */
export function createAttemptKeys() {
  let pending: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const serialized = JSON.stringify(payload);
      if (pending?.payload !== serialized) pending = { payload: serialized, key: newIdempotencyKey() };
      return pending.key;
    },
    answered() {
      pending = null;
    },
  };
}
