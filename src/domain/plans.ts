/** The three plans sold on the checkout; prices are decided here (and by the server), never by the browser. */
export const PLAN_IDS = ['consulta_avulsa', 'plano_individual', 'plano_individual_premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** BRL */
  price: number;
  /** Monthly card subscription (charged at once) rather than a one-off charge. */
  recurring: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  consulta_avulsa: { id: 'consulta_avulsa', name: 'Consulta Avulsa', price: 39.9, recurring: false },
  plano_individual: { id: 'plano_individual', name: 'Plano Individual', price: 44.9, recurring: true },
  plano_individual_premium: { id: 'plano_individual_premium', name: 'Plano Individual Premium', price: 59.9, recurring: true },
};

export const DEFAULT_PLAN: PlanId = 'consulta_avulsa';

export const isPlanId = (value: unknown): value is PlanId => typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

/** The report's label of a plan id; unknown ids show as they are. */
export const planName = (id: string) => (isPlanId(id) ? PLANS[id].name : id);
