/** How many rows of each table a sized seed creates. */
export interface SeedSize {
  partners: number;
  branches: number;
  resellers: number;
  /** Holders and dependents together; a quarter are dependents, one for each of a third of the holders. */
  beneficiaries: number;
  sales: number;
  /** Months back over which sales (and beneficiaries' sign-ups) spread. */
  months: number;
  professionals: number;
  appointments: number;
  referrals: number;
  /** The audit trail's rows over the six months it keeps: nearly all 'view' rows, one a patient a page showed. */
  auditEntries: number;
}

export const SEED_SIZES = {
  /** Issue 8's size: the benchmarks run on it. */
  large: {
    partners: 20,
    branches: 200,
    resellers: 2_000,
    beneficiaries: 100_000,
    sales: 1_000_000,
    months: 24,
    professionals: 500,
    appointments: 200_000,
    referrals: 50_000,
    auditEntries: 1_000_000,
  },
  /**
   * Ten times the large size (issue 20: the cost of a page, a filter and the report must not grow
   * with the data); PostgreSQL only in practice: `bench/scale.ts` compares it with the large size.
   */
  xl: {
    partners: 200,
    branches: 2_000,
    resellers: 20_000,
    beneficiaries: 1_000_000,
    sales: 10_000_000,
    months: 24,
    professionals: 5_000,
    appointments: 2_000_000,
    referrals: 500_000,
    auditEntries: 10_000_000,
  },
  /** The same shapes in miniature, for the seed's own test. */
  test: {
    partners: 2,
    branches: 4,
    resellers: 12,
    beneficiaries: 400,
    sales: 3_000,
    months: 3,
    professionals: 10,
    appointments: 600,
    referrals: 150,
    auditEntries: 1_200,
  },
} satisfies Record<string, SeedSize>;

export type SeedSizeName = keyof typeof SEED_SIZES;

export const isSeedSizeName = (value: string): value is SeedSizeName => Object.hasOwn(SEED_SIZES, value);
