import type { CheckoutConfig } from '../domain/checkout';
import { IDEMPOTENCY_KEY_HEADER } from '../domain/checkout';
import type { PaymentRequest } from '../domain/validation/checkout';
import { apiSlice } from './apiSlice';

export type PaymentAnswer = { success: true } | { success: false; error: string };

export interface PayArgs {
  payment: PaymentRequest;
  /** A fresh random key per attempt: the server charges once per key. */
  idempotencyKey: string;
}

/** The public checkout's calls; both work without a session. */
export const checkoutApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    checkoutConfig: build.query<CheckoutConfig, void>({
      query: () => '/checkout/config',
    }),
    // Named `pay`: the api slice treats its 401 as an answer, never as an expired session.
    pay: build.mutation<PaymentAnswer, PayArgs>({
      query: ({ payment, idempotencyKey }) => ({
        url: '/payment',
        method: 'POST',
        body: payment,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    }),
  }),
});

export const { useCheckoutConfigQuery, usePayMutation } = checkoutApi;
