import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import {
  GatewayUnavailableError,
  PAID_STATUSES,
  type ChargeRequest,
  type ChargeResult,
  type GatewayCustomer,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentLookup,
  type PixChargeRequest,
  type PixChargeResult,
} from './gateway';

export interface AsaasOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Warnings without any request body (the body holds card data). */
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

const USER_AGENT = 'portal-saude';

/** The gateway answered 4xx with its `errors`: a refusal to show to the buyer, nothing was created. */
class AsaasRefusal extends Error {}
/** No answer in time or no connection: the request may or may not have reached the gateway (`unsent`: it did not). */
class AsaasNoAnswer extends Error {
  constructor(
    message: string,
    readonly unsent: boolean,
  ) {
    super(message);
  }
}
/** Any other 4xx (a wrong key, an unknown path): the gateway turned the call down and did nothing. */
class AsaasRejected extends GatewayUnavailableError {}

/** TLS failures of a certificate, found in the handshake, before the request is written. */
const CERTIFICATE_FAILURE = /CERT|^ERR_TLS_|^UNABLE_TO_VERIFY_LEAF_SIGNATURE$/;

/**
 * Whether fetch failed before sending anything: no connection (refused, unknown host, no route) or a
 * certificate refused. A timeout or a dropped connection may come after the gateway acted on the call.
 */
function neverSent(error: unknown): boolean {
  type Cause = { code?: unknown; syscall?: unknown };
  const cause = (error as { cause?: Cause & { errors?: Cause[] } } | null)?.cause;
  // Several addresses tried (happy eyeballs): every one of them failed.
  const causes = cause?.errors?.length ? cause.errors : [cause];
  return causes.every(
    (each) =>
      each?.syscall === 'connect' ||
      each?.syscall === 'getaddrinfo' ||
      each?.code === 'UND_ERR_CONNECT_TIMEOUT' ||
      (typeof each?.code === 'string' && CERTIFICATE_FAILURE.test(each.code)),
  );
}

/** Whether a failed call certainly had no effect at the gateway: never sent, or turned down with a 4xx. */
const hadNoEffect = (error: unknown) =>
  error instanceof AsaasRefusal || error instanceof AsaasRejected || (error instanceof AsaasNoAnswer && error.unsent);

interface AsaasList<T> {
  data?: T[];
}
interface AsaasPayment {
  id: string;
  status: string;
  value?: number;
  customer?: string;
  subscription?: string | null;
  externalReference?: string | null;
}
interface AsaasSubscription {
  id: string;
  status: string;
  customer?: string;
}

/** Today in Brazil (yyyy-MM-dd), the gateway's calendar: a late-evening charge is still due today. */
export const gatewayToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

function firstErrorDescription(body: unknown): string | undefined {
  const errors = (body as { errors?: Array<{ description?: unknown }> } | null)?.errors;
  const description = Array.isArray(errors) ? errors[0]?.description : undefined;
  return typeof description === 'string' && description ? description : undefined;
}

/**
 * The Asaas v3 HTTP adapter (PAYMENT_GATEWAY=asaas). Asaas has no idempotency key, so every charge
 * carries our order id as `externalReference`; when a charge times out, it is looked up by that
 * reference before it is tried again, because a timeout does not prove the charge failed.
 */
export function createAsaasGateway(options: AsaasOptions): PaymentGateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object, { missingIsNull = false } = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { access_token: options.apiKey, 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new AsaasNoAnswer((error as Error).name, neverSent(error));
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.ok) return parsed as T;
    // 400 is the gateway judging our data (a refused card, an invalid CPF); anything else is our
    // configuration or the gateway being down, which the buyer can do nothing about.
    const description = firstErrorDescription(parsed);
    if (response.status === 400 && description) throw new AsaasRefusal(description);
    if (response.status === 404 && missingIsNull) return null as T;
    options.onWarning?.('payment gateway error', { method, path: path.split('?')[0], status: response.status, description });
    throw new (response.status < 500 ? AsaasRejected : GatewayUnavailableError)(`gateway answered ${response.status}`);
  }

  async function customerId(customer: GatewayCustomer): Promise<string> {
    const found = await call<AsaasList<{ id: string }>>('GET', `/customers?cpfCnpj=${encodeURIComponent(customer.cpfCnpj)}`);
    const existing = found?.data?.[0]?.id;
    if (existing) return existing;
    const created = await call<{ id: string }>('POST', '/customers', customer);
    return created.id;
  }

  async function findPayment(orderId: string): Promise<ChargeResult | null> {
    const found = await call<AsaasList<AsaasPayment>>('GET', `/payments?externalReference=${encodeURIComponent(orderId)}`);
    const payment = found?.data?.[0];
    if (!payment) return null;
    return PAID_STATUSES.includes(payment.status)
      ? { outcome: 'approved', paymentId: payment.id, customerId: payment.customer }
      : { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized };
  }

  async function findSubscription(orderId: string): Promise<ChargeResult | null> {
    const found = await call<AsaasList<AsaasSubscription>>('GET', `/subscriptions?externalReference=${encodeURIComponent(orderId)}`);
    const subscription = found?.data?.[0];
    if (!subscription) return null;
    return subscription.status === 'ACTIVE'
      ? { outcome: 'approved', subscriptionId: subscription.id, customerId: subscription.customer }
      : { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized };
  }

  const findByReference = (orderId: string, recurring: boolean) => (recurring ? findSubscription(orderId) : findPayment(orderId));

  const asGatewayPayment = (payment: AsaasPayment): GatewayPayment => ({
    id: payment.id,
    status: payment.status,
    value: Number(payment.value),
    ...(payment.externalReference ? { externalReference: payment.externalReference } : {}),
    ...(payment.subscription ? { subscription: payment.subscription } : {}),
  });

  /** GET /payments/{id}, or the first payment listed for our order id. */
  async function readPayment(lookup: PaymentLookup): Promise<GatewayPayment | null> {
    if ('id' in lookup) {
      const payment = await call<AsaasPayment | null>('GET', `/payments/${encodeURIComponent(lookup.id)}`, undefined, {
        missingIsNull: true,
      });
      return payment ? asGatewayPayment(payment) : null;
    }
    const found = await call<AsaasList<AsaasPayment>>('GET', `/payments?externalReference=${encodeURIComponent(lookup.externalReference)}`);
    const payment = found?.data?.[0];
    return payment ? asGatewayPayment(payment) : null;
  }

  async function createCharge(request: ChargeRequest, customer: string): Promise<ChargeResult> {
    const common = {
      customer,
      billingType: 'CREDIT_CARD',
      value: request.amount,
      description: request.description,
      externalReference: request.orderId,
      remoteIp: request.remoteIp,
      creditCard: request.card,
      creditCardHolderInfo: request.holderInfo,
    };
    if (request.recurring) {
      const subscription = await call<AsaasSubscription>('POST', '/subscriptions', {
        ...common,
        nextDueDate: gatewayToday(),
        cycle: 'MONTHLY',
      });
      return { outcome: 'approved', customerId: customer, subscriptionId: subscription.id };
    }
    const payment = await call<AsaasPayment>('POST', '/payments', { ...common, dueDate: gatewayToday() });
    return PAID_STATUSES.includes(payment.status)
      ? { outcome: 'approved', customerId: customer, paymentId: payment.id }
      : { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized };
  }

  /**
   * POST /payments with billingType PIX, then its QR code; a lost answer is looked up by our order id.
   * `sent.charge` becomes true once the charge may exist at the gateway.
   */
  async function createPix(request: PixChargeRequest, sent: { charge: boolean }): Promise<PixChargeResult> {
    const customer = await customerId(request.customer);
    let payment: AsaasPayment;
    try {
      payment = await call<AsaasPayment>('POST', '/payments', {
        customer,
        billingType: 'PIX',
        value: request.amount,
        dueDate: gatewayToday(),
        description: request.description,
        externalReference: request.orderId,
      });
    } catch (error) {
      sent.charge ||= !hadNoEffect(error);
      if (!(error instanceof AsaasNoAnswer)) throw error;
      options.onWarning?.('payment gateway timeout; looking the Pix charge up by its reference', { orderId: request.orderId });
      const found = await call<AsaasList<AsaasPayment>>('GET', `/payments?externalReference=${encodeURIComponent(request.orderId)}`);
      const earlier = found?.data?.[0];
      if (!earlier) throw new GatewayUnavailableError('Pix charge without answer');
      payment = earlier;
    }
    sent.charge = true;
    const qrCode = await call<{ encodedImage?: string; payload?: string }>('GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    if (!qrCode?.payload || !qrCode.encodedImage) throw new GatewayUnavailableError('Pix charge without its QR code');
    return { outcome: 'created', customerId: customer, paymentId: payment.id, payload: qrCode.payload, encodedImage: qrCode.encodedImage };
  }

  return {
    kind: 'asaas',
    async createPixCharge(request) {
      const sent = { charge: false };
      try {
        return await createPix(request, sent);
      } catch (error) {
        if (error instanceof AsaasRefusal) return { outcome: 'refused', message: error.message };
        if (error instanceof AsaasNoAnswer || error instanceof GatewayUnavailableError) {
          throw new GatewayUnavailableError(error instanceof AsaasNoAnswer ? 'no answer' : error.message, { nothingCharged: !sent.charge });
        }
        throw error;
      }
    },
    async cancelCharge(paymentId) {
      try {
        const answer = await call<{ deleted?: boolean } | null>('DELETE', `/payments/${encodeURIComponent(paymentId)}`, undefined, {
          missingIsNull: true,
        });
        return answer?.deleted === true;
      } catch (error) {
        // The gateway keeps a payment it will not delete (one already received): that is its answer.
        if (error instanceof AsaasRefusal) return false;
        if (error instanceof AsaasNoAnswer) throw new GatewayUnavailableError('no answer');
        throw error;
      }
    },
    findByReference: async (orderId, recurring) => {
      try {
        return await findByReference(orderId, recurring);
      } catch (error) {
        if (error instanceof AsaasNoAnswer) throw new GatewayUnavailableError('lookup without answer');
        if (error instanceof AsaasRefusal) return null;
        throw error;
      }
    },
    findPayment: async (lookup) => {
      try {
        return await readPayment(lookup);
      } catch (error) {
        if (error instanceof AsaasRefusal) return null;
        if (error instanceof AsaasNoAnswer) throw new GatewayUnavailableError('lookup without answer');
        throw error;
      }
    },
    async charge(request) {
      // Once a charge call may have reached the gateway, a failure leaves its outcome unknown.
      let charging = false;
      try {
        const customer = await customerId(request.customer);
        // One retry at most, and only after the look-up proved the first try created nothing.
        for (let attempt = 1; ; attempt++) {
          try {
            return await createCharge(request, customer);
          } catch (error) {
            charging ||= !hadNoEffect(error);
            if (!(error instanceof AsaasNoAnswer)) throw error;
            options.onWarning?.('payment gateway timeout; looking the charge up by its reference', { orderId: request.orderId, attempt });
            const earlier = await findByReference(request.orderId, request.recurring);
            if (earlier) return earlier;
            if (attempt >= 2) throw new GatewayUnavailableError('charge without answer');
          }
        }
      } catch (error) {
        if (error instanceof AsaasRefusal) return { outcome: 'refused', message: error.message };
        if (error instanceof AsaasNoAnswer || error instanceof GatewayUnavailableError) {
          throw new GatewayUnavailableError(error instanceof AsaasNoAnswer ? 'no answer' : error.message, { nothingCharged: !charging });
        }
        throw error;
      }
    },
  };
}
