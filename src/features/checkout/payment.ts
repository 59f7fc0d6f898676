import { paymentRequestSchema, type CheckoutValues, type PaymentRequest } from '../../domain/validation/checkout';

/** The spec's checkout payload: the form's fields as digits, the card holder's info and the link's `rev`. */
export interface PaymentPayload extends PaymentRequest {
  creditCardHolderInfo: {
    name: string;
    email: string;
    cpfCnpj: string;
    postalCode: string;
    addressNumber: string;
    addressComplement: string;
    phone: string;
    mobilePhone: string;
  };
}

export function toPaymentPayload(values: CheckoutValues, rev: string | null): PaymentPayload {
  // The shared schema's transforms strip masks, so what is sent is exactly what the server validates.
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

/** A fresh random Idempotency-Key per attempt (getRandomValues also works outside HTTPS, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
