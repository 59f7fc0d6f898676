/**
 * Counts failed logins per e-mail and address. After `maxFailures` within the window the pair is
 * refused, even with the right password, until the oldest failure leaves the window.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, address: string) {
    return `${email.trim().toLowerCase()}|${address}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  isBlocked(email: string, address: string): boolean {
    return this.recent(this.key(email, address)).length >= this.maxFailures;
  }

  recordFailure(email: string, address: string): void {
    const key = this.key(email, address);
    this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 100_000) this.prune();
  }

  recordSuccess(email: string, address: string): void {
    this.failures.delete(this.key(email, address));
  }

  /** Keeps memory bounded under a spray of distinct e-mails. */
  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
