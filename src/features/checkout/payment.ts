import type { CardHolderInfo, CheckoutValues, PaymentRequest, PixPaymentRequest } from '../../domain/validation/checkout';
import { loadCheckoutRules } from './checkoutRules';

/** The spec's checkout payload: the form's fields as digits, the card holder's info and the link's `rev`. */
export interface PaymentPayload extends PaymentRequest {
  creditCardHolderInfo: CardHolderInfo;
}

export async function toPaymentPayload(values: CheckoutValues, rev: string | null): Promise<PaymentPayload> {
  // The shared schema's transforms strip masks, so what is sent is exactly what the server validates
  // (loaded already: the form validated with it).
  const { paymentRequestSchema } = await loadCheckoutRules();
  const payment = paymentRequestSchema.cast({ ...values, rev }, { stripUnknown: true });
  return {
    ...payment,
    creditCardHolderInfo: {
      name: payment.name,
      email: payment.email,
      cpfCnpj: payment.cpfCnpj,
      postalCode: payment.postalCode,
      addressNumber: payment.addressNumber,
      addressComplement: payment.addressComplement ?? '',
      phone: payment.phone,
      mobilePhone: payment.mobilePhone || payment.phone,
    },
  };
}

/** Paying by Pix: the buyer's fields as digits and the link's `rev`, never the card's (hidden, maybe half typed). */
export async function toPixPayload(values: CheckoutValues, rev: string | null): Promise<PixPaymentRequest> {
  const { creditCard: _card, ...buyer } = values;
  const { pixPaymentRequestSchema } = await loadCheckoutRules();
  return pixPaymentRequestSchema.cast({ ...buyer, rev }, { stripUnknown: true });
}

/** A fresh random Idempotency-Key per attempt (getRandomValues also works outside HTTPS, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
