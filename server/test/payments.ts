/** Shared by the payment tests: a valid checkout body, fresh CPFs, test buyers and attempts, and an app with a chosen gateway. */
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GATEWAY_TEST_CARDS, passesLuhn } from '../../src/domain/cards';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout';
import { cpfCheckDigits } from '../../src/domain/documents';
import type { AppConfig, PaymentGatewayKind } from '../config';
import type { Database } from '../db/client';
import { parameters, paymentAttempts, sandboxCharges, type PaymentBuyer } from '../db/schema';
import { createTestApp } from './helpers';
import { claimAttempt, type NewAttempt, type PaymentAttempt } from '../services/payments/attempts';
import type { ChargeRequest, PaymentGateway } from '../services/payments/gateway';
import type { PurchaseRequest } from '../services/payments/purchase';
import { staleAfterMs } from '../services/payments/checkout';
import { createSandboxGateway } from '../services/payments/sandboxGateway';

/** Sets the system parameters given (the checkout's public settings among them), creating those an install lacks. */
export async function setParameters(db: Database, values: Record<string, string>): Promise<void> {
  for (const [parametro, valor] of Object.entries(values)) {
    await db.insert(parameters).values({ parametro, valor }).onConflictDoUpdate({ target: parameters.parametro, set: { valor } });
  }
}

/** A valid CPF nobody else in the test database has. */
export function freshCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

/**
 * A Visa number of its own (valid Luhn), which the sandbox approves: each test buyer pays with a card
 * of their own, as real buyers do, so the card velocity limits never mix them up.
 */
export function freshCardNumber(): string {
  const base = `4${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;
  const number = [...'0123456789'].map((digit) => base + digit).find(passesLuhn)!;
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A buyer as an attempt stores it (unmasked, digits only): the checkout body's buyer without a complement. */
export function testBuyer(cpf: string, fields: Partial<PaymentBuyer> = {}): PaymentBuyer {
  return {
    name: 'Joana Compradora Lima',
    cpfCnpj: cpf,
    email: `joana.lima.${cpf}@exemplo.com.br`,
    phone: '1133334444',
    mobilePhone: '11988887777',
    postalCode: '01310100',
    address: 'Avenida Paulista',
    addressNumber: '1000',
    addressComplement: '',
    province: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    ...fields,
  };
}

/** A card or Pix request as the service gets it (validated, unmasked), the card left out: a new buyer of the individual plan. */
export function purchaseRequest(fields: Partial<PurchaseRequest> = {}): PurchaseRequest {
  return { selectedPlan: 'plano_individual', ...testBuyer(freshCpf()), ...fields };
}

/** A checkout body as the page sends it (masked, as typed): a new buyer (CPF, e-mail) with a card the sandbox approves. */
export function checkoutBody(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  const nextYear = String(new Date().getFullYear() + 2);
  const cpf = freshCpf();
  return {
    selectedPlan: 'consulta_avulsa',
    name: 'Joana Compradora Lima',
    cpfCnpj: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    email: `joana.lima.${cpf}@exemplo.com.br`,
    phone: '(11) 3333-4444',
    mobilePhone: '(11) 98888-7777',
    postalCode: '01310-100',
    address: 'Avenida Paulista',
    addressNumber: '1000',
    addressComplement: 'Apto 42',
    province: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    creditCard: {
      holderName: 'JOANA C LIMA',
      number: freshCardNumber(),
      expiryMonth: '12',
      expiryYear: nextYear,
      ccv: '123',
      ...card,
    },
    ...overrides,
  };
}

export const REFUSED_CARD = GATEWAY_TEST_CARDS.refusedMastercard;

export const newIdempotencyKey = () => randomUUID();

/**
 * The portal over a fresh database with the demo data, optionally with a gateway of the test's own.
 * `jobs: false` stops its background jobs: its reconciliation job would settle the test's attempts
 * with its sandbox, where only the test's own calls may.
 */
export async function createPaymentsApp(
  options: { gateway?: PaymentGateway; config?: Partial<AppConfig>; seed?: boolean; jobs?: boolean } = {},
): Promise<FastifyInstance> {
  const app = await createTestApp({ seed: options.seed !== false, config: options.config, build: { paymentGateway: options.gateway } });
  if (options.jobs === false) await app.jobs.stop();
  return app;
}

/** A gateway of the test's own with the answers it gives: a call to any other method is a mistake of the code under test, thrown. */
export function scriptedGateway(kind: PaymentGatewayKind, answers: Partial<Omit<PaymentGateway, 'kind'>>): PaymentGateway {
  const unexpected = (method: string) => async () => {
    throw new Error(`the test's gateway does not expect ${method}`);
  };
  return {
    kind,
    charge: unexpected('charge'),
    findByReference: unexpected('findByReference'),
    findPayment: unexpected('findPayment'),
    createPixCharge: unexpected('createPixCharge'),
    cancelCharge: unexpected('cancelCharge'),
    ...answers,
  };
}

/** A log that keeps its warnings as [fields, message] for the test to read (and empty between tests). */
export function warningsLog(): { log: FastifyBaseLogger; warnings: Array<[object, string]> } {
  const warnings: Array<[object, string]> = [];
  const log = { warn: (fields: object, message: string) => void warnings.push([fields, message]) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

/** A gateway of the test's own: the sandbox's answers, or `decide`'s, counting the charges that reach it. */
export function countingGateway(options: { delayMs?: number; decide?: (request: ChargeRequest) => 'approved' | 'refused' } = {}) {
  const sandbox = createSandboxGateway(options.delayMs ?? 30);
  const charges: ChargeRequest[] = [];
  const gateway: PaymentGateway = {
    kind: 'sandbox',
    charge: async (request) => {
      charges.push(request);
      if (options.decide?.(request) === 'refused') return { outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized };
      return sandbox.charge(request);
    },
    findByReference: (orderId, recurring) => sandbox.findByReference(orderId, recurring),
    findPayment: (lookup) => sandbox.findPayment(lookup),
    createPixCharge: (request) => sandbox.createPixCharge(request),
    cancelCharge: (paymentId) => sandbox.cancelCharge(paymentId),
  };
  return { gateway, charges };
}

/** A checkout payment POSTed from an address (each test uses its own, so the rate limit stays out of the way). */
function postCheckout(app: FastifyInstance, url: string, body: object, options: { key?: string | null; address?: string }) {
  const key = options.key === undefined ? newIdempotencyKey() : options.key;
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: key === null ? {} : { 'idempotency-key': key },
    remoteAddress: options.address ?? `10.1.${randomInt(0, 255)}.${randomInt(1, 254)}`,
  });
}

/** POST /api/payment: a card payment, under a fresh Idempotency-Key unless `key` is given (null: none). */
export const postPayment = (app: FastifyInstance, body: object, options: { key?: string | null; address?: string } = {}) =>
  postCheckout(app, '/api/payment', body, options);

/** POST /api/payment/pix: a Pix charge, as postPayment. */
export const postPixPayment = (app: FastifyInstance, body: object, options: { key?: string | null; address?: string } = {}) =>
  postCheckout(app, '/api/payment/pix', body, options);

/**
 * An attempt as the checkout claims it before calling the gateway: pending, nothing sent yet. A card
 * payment of the one-off consultation by a new buyer on the sandbox, unless `fields` say otherwise.
 */
export async function claimPendingAttempt(db: Database, fields: Partial<NewAttempt> = {}): Promise<PaymentAttempt> {
  const { attempt } = await claimAttempt(db, {
    idempotencyKey: newIdempotencyKey(),
    requestFingerprint: 'x',
    plan: 'consulta_avulsa',
    amount: 39.9,
    resellerId: null,
    buyer: testBuyer(freshCpf()),
    cardBrand: 'VISA',
    cardLast4: '4444',
    gateway: 'sandbox',
    ...fields,
  });
  return attempt;
}

/**
 * A card payment the sandbox gateway approved whose request died before saving it: a pending attempt
 * bought by `name` (a new buyer) and the gateway's approved charge. The reconciliation job settles it
 * once `ageAttempt` made it old enough.
 */
export async function approvedButUnsaved(db: Database, name: string): Promise<PaymentAttempt> {
  const attempt = await claimPendingAttempt(db, { buyer: testBuyer(freshCpf(), { name }) });
  await db.insert(sandboxCharges).values({ orderId: attempt.orderId, outcome: 'approved', paymentId: `pay_${randomUUID()}` });
  return attempt;
}

/** Dates an attempt back past the reconciliation job's threshold, as if its request died long ago. */
export async function ageAttempt(db: Database, attemptId: number, gatewayTimeoutMs: number): Promise<void> {
  const createdAt = new Date(Date.now() - staleAfterMs(gatewayTimeoutMs) - 5000);
  await db.update(paymentAttempts).set({ createdAt }).where(eq(paymentAttempts.id, attemptId));
}
