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

export interface GatewayCardHolderInfo {
  name: string;
  email: string;
  cpfCnpj: string;
  postalCode: string;
  addressNumber: string;
  addressComplement: string;
  phone: string;
  mobilePhone: string;
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
  holderInfo: GatewayCardHolderInfo;
  /** The buyer's IP address, which the gateway's anti-fraud asks for. */
  remoteIp: string;
}

export type ChargeResult =
  { outcome: 'approved'; customerId?: string; paymentId?: string; subscriptionId?: string } | { outcome: 'refused'; message: string };

/** The outcome of a charge is unknown (timeout, network, gateway error): nothing may be assumed. */
export class GatewayUnavailableError extends Error {}

/** A card payment gateway: `sandbox` (local, the default) or `asaas` (HTTP adapter). */
export interface PaymentGateway {
  readonly kind: PaymentGatewayKind;
  /** Charges the card; throws GatewayUnavailableError when the outcome cannot be known. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The result of an earlier charge by our order id, or null when the gateway has none. */
  findByReference(orderId: string, recurring: boolean): Promise<ChargeResult | null>;
}
