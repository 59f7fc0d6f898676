import type { CardHolderInfo } from '../../../src/domain/validation/checkout';
import type { PaymentGatewayKind } from '../../config';

/** The buyer as the gateway's customer (Asaas calls the complement `complement` here). */
export interface GatewayCustomer {
  name: string;
  cpfCnpj: string;
  email: string;
  phone: string;
  mobilePhone: string;
  postalCode: string;
  address: string;
  addressNumber: string;
  complement: string;
  province: string;
}

/** Card data: lives in memory for the length of one call, never stored or logged. */
export interface GatewayCard {
  holderName: string;
  number: string;
  /** Two digits. */
  expiryMonth: string;
  /** Four digits. */
  expiryYear: string;
  ccv: string;
}

export interface ChargeRequest {
  /** Our order id, the gateway's `externalReference`: the way to find a charge whose answer was lost. */
  orderId: string;
  description: string;
  amount: number;
  /** A monthly subscription charged at once, rather than a one-off charge. */
  recurring: boolean;
  customer: GatewayCustomer;
  card: GatewayCard;
  holderInfo: CardHolderInfo;
  /** The buyer's IP address, which the gateway's anti-fraud asks for. */
  remoteIp: string;
}

export type ChargeResult =
  { outcome: 'approved'; customerId?: string; paymentId?: string; subscriptionId?: string } | { outcome: 'refused'; message: string };

/** A payment as the gateway's own books have it: what the webhook acts on, never the event's body. */
export interface GatewayPayment {
  id: string;
  /** The gateway's status: PENDING, CONFIRMED, RECEIVED, OVERDUE, REFUNDED, CHARGEBACK_REQUESTED, … */
  status: string;
  /** In reais. */
  value: number;
  /** Our order id, when the charge carried it. */
  externalReference?: string;
  /** The subscription a monthly payment belongs to. */
  subscription?: string;
}

/** How the webhook names a payment to look up: by the gateway's id, or by our order id. */
export type PaymentLookup = { id: string } | { externalReference: string };

/** A Pix charge: a one-off payment of the plan's price, paid by the buyer's bank app (no card data). */
export interface PixChargeRequest {
  orderId: string;
  description: string;
  amount: number;
  customer: GatewayCustomer;
}

/** The created charge and what the buyer pays it with: the copy-and-paste code and its QR code (PNG, base64). */
export type PixChargeResult =
  | { outcome: 'created'; customerId?: string; paymentId: string; payload: string; encodedImage: string }
  | { outcome: 'refused'; message: string };

/** The gateway statuses of a payment whose money arrived. */
export const PAID_STATUSES: readonly string[] = ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'];

/**
 * The gateway gave no usable answer (timeout, network, gateway error). Unless `nothingCharged` says
 * otherwise, the outcome of a charge is unknown: it may exist, so nothing may be assumed.
 */
export class GatewayUnavailableError extends Error {
  /** True only when no charge can exist: its request never reached the gateway, or the gateway turned it down (4xx). */
  readonly nothingCharged: boolean;

  constructor(message?: string, options: { nothingCharged?: boolean } = {}) {
    super(message);
    this.nothingCharged = options.nothingCharged ?? false;
  }
}

/**
 * The most gateway calls one charge makes, each within the gateway's time limit (Asaas: the customer
 * looked up and created, the charge, its look-up by our order id, one more charge and its look-up).
 */
export const MOST_CALLS_PER_CHARGE = 6;

/** A card payment gateway: `sandbox` (local, the default) or `asaas` (HTTP adapter). */
export interface PaymentGateway {
  readonly kind: PaymentGatewayKind;
  /** Charges the card; throws GatewayUnavailableError without an answer (`nothingCharged` when none can exist). */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The result of an earlier charge by our order id, or null when the gateway has none. */
  findByReference(orderId: string, recurring: boolean): Promise<ChargeResult | null>;
  /** A payment as the gateway records it, or null when it has none; throws GatewayUnavailableError without an answer. */
  findPayment(lookup: PaymentLookup): Promise<GatewayPayment | null>;
  /** Creates a Pix charge; throws GatewayUnavailableError without its code (`nothingCharged` when none can exist). */
  createPixCharge(request: PixChargeRequest): Promise<PixChargeResult>;
  /** Removes an unpaid charge so it can no longer be paid; false when the gateway keeps it (already paid, unknown). */
  cancelCharge(paymentId: string): Promise<boolean>;
  /** Sandbox only: the buyer's bank pays a pending Pix charge. False when there is no such pending charge. */
  simulatePixReceived?(paymentId: string): Promise<boolean>;
}
