/** How a checkout sale was paid: the codes stored with attempts and sales, and their labels. */
export const PAYMENT_METHODS = ['card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito',
  pix: 'Pix',
};

export const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);

/** 'Pix', 'Cartão de crédito'; an unknown code shows as itself. */
export const paymentMethodLabel = (code: string) => (isPaymentMethod(code) ? PAYMENT_METHOD_LABELS[code] : code);
