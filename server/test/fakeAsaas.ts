/** A stand-in for the Asaas v3 API that the adapter's tests start on a free port. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_TEST_CARDS } from '../../src/domain/cards';
import { DEFAULT_PIX } from '../config';
import { sandboxPixPayload } from '../services/payments/sandboxPix';

/** A 1×1 PNG: the stand-in's QR image (drawing a real one takes seconds under jest, past the adapter's timeout). */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const FAKE_ASAAS_KEY = '$aact_fake_key';
export const FAKE_REFUSAL = 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

/** What the next charge calls (POST /payments or /subscriptions) do before answering. */
export type ChargeBehaviour =
  /** Charge the card, but answer only after `ms` (longer than the adapter's timeout: the answer is lost). */
  | { kind: 'slowAnswer'; ms: number }
  /** Never reach the gateway's books: hang for `ms` and create nothing. */
  | { kind: 'lost'; ms: number };

interface StoredCharge {
  id: string;
  status: string;
  value: number;
  customer: string;
  externalReference: string;
  subscription?: string;
  billingType?: string;
  deleted?: boolean;
}

const REFUSED: readonly string[] = [GATEWAY_TEST_CARDS.refusedMastercard, GATEWAY_TEST_CARDS.refusedVisa];

export interface FakeAsaas {
  baseUrl: string;
  requests: RecordedRequest[];
  payments: StoredCharge[];
  subscriptions: StoredCharge[];
  customers: Array<{ id: string; cpfCnpj: string }>;
  /** Behaviours applied, in order, to the next charge calls (push to it). */
  readonly nextCharges: ChargeBehaviour[];
  /** The buyer's bank pays a Pix charge: its status becomes RECEIVED (the webhook is the test's to send). */
  receive(paymentId: string): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text ? JSON.parse(text) : null));
  });
}

export async function startFakeAsaas(): Promise<FakeAsaas> {
  const state: Omit<FakeAsaas, 'baseUrl' | 'close' | 'receive'> = {
    requests: [],
    payments: [],
    subscriptions: [],
    customers: [],
    nextCharges: [],
  };
  let sequence = 0;
  const id = (prefix: string) => `${prefix}_${String(++sequence).padStart(6, '0')}`;

  const server: Server = createServer(async (request, response) => {
    const url = new URL((request.url ?? '/').replace(/^\/v3/, ''), 'http://fake');
    const body = await readBody(request);
    state.requests.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body });
    const send = (status: number, payload: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.access_token !== FAKE_ASAAS_KEY)
      return send(401, { errors: [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }] });

    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /customers')
      return send(200, { data: state.customers.filter((c) => c.cpfCnpj === url.searchParams.get('cpfCnpj')) });
    if (route === 'POST /customers') {
      const customer = { id: id('cus'), cpfCnpj: String(body?.cpfCnpj) };
      state.customers.push(customer);
      return send(200, customer);
    }
    if (route === 'GET /payments')
      return send(200, { data: state.payments.filter((p) => p.externalReference === url.searchParams.get('externalReference')) });
    const qrCodePath = /^\/payments\/([^/]+)\/pixQrCode$/.exec(url.pathname);
    if (request.method === 'GET' && qrCodePath) {
      const payment = state.payments.find((p) => p.id === decodeURIComponent(qrCodePath[1]) && p.billingType === 'PIX');
      if (!payment) return send(404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
      const payload = sandboxPixPayload(DEFAULT_PIX, payment.externalReference, payment.value);
      return send(200, { encodedImage: TINY_PNG, payload, expirationDate: '2099-12-31 23:59:59' });
    }
    const paymentPath = /^\/payments\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && paymentPath) {
      const payment = state.payments.find((p) => p.id === decodeURIComponent(paymentPath[1]));
      if (!payment) return send(404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
      if (payment.status !== 'PENDING')
        return send(400, { errors: [{ code: 'invalid_action', description: 'Somente cobranças pendentes podem ser removidas.' }] });
      payment.deleted = true;
      return send(200, { deleted: true, id: payment.id });
    }
    if (route === 'POST /payments' && body?.billingType === 'PIX') {
      const pix: StoredCharge = {
        id: id('pay'),
        status: 'PENDING',
        value: Number(body.value),
        customer: String(body.customer),
        externalReference: String(body.externalReference),
        billingType: 'PIX',
      };
      state.payments.push(pix);
      return send(200, pix);
    }
    if (request.method === 'GET' && paymentPath) {
      const payment = state.payments.find((p) => p.id === decodeURIComponent(paymentPath[1]));
      return payment ? send(200, payment) : send(404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
    }
    if (route === 'GET /subscriptions') {
      return send(200, { data: state.subscriptions.filter((s) => s.externalReference === url.searchParams.get('externalReference')) });
    }
    if (route === 'POST /payments' || route === 'POST /subscriptions') {
      const behaviour = state.nextCharges.shift();
      if (behaviour?.kind === 'lost') {
        await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
        return send(503, { errors: [{ code: 'unavailable', description: 'indisponível' }] });
      }
      const card = (body?.creditCard ?? {}) as { number?: string };
      if (REFUSED.includes(String(card.number))) return send(400, { errors: [{ code: 'invalid_creditCard', description: FAKE_REFUSAL }] });
      const reference = String(body?.externalReference);
      const value = Number(body?.value);
      let answer: StoredCharge;
      if (route === 'POST /subscriptions') {
        answer = { id: id('sub'), status: 'ACTIVE', value, customer: String(body?.customer), externalReference: reference };
        state.subscriptions.push(answer);
        state.payments.push({
          id: id('pay'),
          status: 'CONFIRMED',
          value,
          customer: answer.customer,
          externalReference: reference,
          subscription: answer.id,
        });
      } else {
        answer = { id: id('pay'), status: 'CONFIRMED', value, customer: String(body?.customer), externalReference: reference };
        state.payments.push(answer);
      }
      if (behaviour?.kind === 'slowAnswer') await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
      return send(200, { ...answer, creditCard: { creditCardNumber: String(card.number).slice(-4), creditCardBrand: 'VISA' } });
    }
    return send(404, { errors: [{ code: 'not_found', description: 'Recurso não encontrado' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    receive(paymentId) {
      const payment = state.payments.find((p) => p.id === paymentId);
      if (!payment || payment.deleted) throw new Error(`no payable charge ${paymentId}`);
      payment.status = 'RECEIVED';
    },
    baseUrl: `http://127.0.0.1:${port}/v3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
