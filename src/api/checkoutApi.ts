import type { CheckoutConfig, OrderConfirmation, PaymentAnswer, PaymentApproval, PaymentRefusal } from '../domain/checkout';
import { IDEMPOTENCY_KEY_HEADER, ORDER_ID_HEADER } from '../domain/checkout';
import type { PixChargeAnswer, PixChargeStatus } from '../domain/pix';
import type { PaymentRequest, PixPaymentRequest } from '../domain/validation/checkout';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { refreshesOnSuccess } from './refreshTable';
import { apiSlice } from './apiSlice';

/** The spec's answer (`{success}`), plus the approved order's id that the server sends in a header. */
export type PaymentResult = (PaymentApproval & { orderId: string | null }) | PaymentRefusal;

export interface PayByPixArgs {
  payment: PixPaymentRequest;
  idempotencyKey: string;
}

export interface PayArgs {
  payment: PaymentRequest;
  /** One key per payment attempt, kept until the server answers it: the server charges once per key. */
  idempotencyKey: string;
}

/** The public checkout's calls; all work without a session. */
export const checkoutApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    checkoutConfig: build.query<CheckoutConfig, void>({
      query: () => '/checkout/config',
      providesTags: ['PublicSettings'],
    }),
    orderConfirmation: build.query<OrderConfirmation, string>({
      query: (orderId) => `/payment/orders/${encodeURIComponent(orderId)}`,
    }),
    // Named `pay`: the session middleware treats its 401 as an answer, never as an expired session.
    pay: build.mutation<PaymentResult, PayArgs>({
      query: ({ payment, idempotencyKey }) => ({
        url: '/payment',
        method: 'POST',
        body: payment,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: refreshesOnSuccess('pay'),
      transformResponse: (answer: PaymentAnswer, meta): PaymentResult =>
        answer.success
          ? { success: true, orderId: (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(ORDER_ID_HEADER) ?? null }
          : { success: false, error: answer.error },
    }),
    createPixCharge: build.mutation<PixChargeAnswer, PayByPixArgs>({
      query: ({ payment, idempotencyKey }) => ({
        url: '/payment/pix',
        method: 'POST',
        body: payment,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: refreshesOnSuccess('createPixCharge'),
    }),
    pixChargeStatus: build.query<PixChargeStatus, string>({
      query: (orderId) => `/payment/pix/${encodeURIComponent(orderId)}`,
      keepUnusedDataFor: 0,
    }),
    simulatePixPayment: build.mutation<PixChargeStatus, string>({
      query: (orderId) => ({ url: `/payment/pix/${encodeURIComponent(orderId)}/simulate`, method: 'POST' }),
      invalidatesTags: refreshesOnSuccess('simulatePixPayment'),
    }),
  }),
});

/** The staff's layout reads the public settings; the checkout takes its hooks from checkoutApi itself, loaded with its calls. */
export const { useCheckoutConfigQuery } = checkoutApi;
