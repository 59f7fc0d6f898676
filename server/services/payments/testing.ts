/** Shared by the payment tests: a valid checkout body, fresh CPFs and an app with a chosen gateway. */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_TEST_CARDS } from '../../../src/domain/cards';
import { cpfCheckDigits } from '../../../src/domain/documents';
import type { AppConfig } from '../../config';
import { createTestApp } from '../../test/helpers';
import type { PaymentGateway } from './gateway';

/** A valid CPF nobody else in the test database has. */
export function freshCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

/** A checkout body as the page sends it (masked, as typed), with a card the sandbox approves. */
export function checkoutBody(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  const nextYear = String(new Date().getFullYear() + 2);
  const cpf = freshCpf();
  return {
    selectedPlan: 'consulta_avulsa',
    name: 'Joana Compradora Lima',
    cpfCnpj: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    email: 'joana.lima@exemplo.com.br',
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
      number: '4444 4444 4444 4444',
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

/** The portal over a fresh database with the demo data, optionally with a gateway of the test's own. */
export function createPaymentsApp(
  options: { gateway?: PaymentGateway; config?: Partial<AppConfig>; seed?: boolean } = {},
): Promise<FastifyInstance> {
  return createTestApp({ seed: options.seed !== false, config: options.config, build: { paymentGateway: options.gateway } });
}

/** POST /api/payment from an address (each test uses its own, so the rate limit stays out of the way). */
export function postPayment(app: FastifyInstance, body: object, options: { key?: string | null; address?: string } = {}) {
  const key = options.key === undefined ? newIdempotencyKey() : options.key;
  return app.inject({
    method: 'POST',
    url: '/api/payment',
    payload: body,
    headers: key === null ? {} : { 'idempotency-key': key },
    remoteAddress: options.address ?? `10.1.${randomInt(0, 255)}.${randomInt(1, 254)}`,
  });
}
