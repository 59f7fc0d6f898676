import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { createAsaasGateway, gatewayToday } from './asaasGateway';
import { GatewayUnavailableError, type ChargeRequest, type GatewayCustomer, type PaymentGateway } from './gateway';

/**
 * The Asaas adapter call by call, against a server answering only what each test scripts: the
 * requests it sends, how it reads each answer (approved, refused, missing, unreadable, late), and
 * what it tells the checkout, the Pix flow and the webhooks. `asaasGateway.test.ts` runs it through
 * the checkout against a fake gateway with books of its own.
 */

interface Answer {
  status?: number;
  /** JSON, or a string sent as is (an unreadable answer). */
  body?: unknown;
  /** Longer than the adapter's timeout: the answer is lost. */
  delayMs?: number;
  /** The connection is cut once the request is read: no answer at all. */
  drop?: boolean;
}
interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

// Long enough that a busy CI machine answers in time; a lost answer comes well past it.
const TIMEOUT_MS = 1000;
const LATE = TIMEOUT_MS * 2;
const KEY = '$aact_key_of_the_test';

let server: Server;
let baseUrl: string;
/** Answers by "METHOD /path" (query left out), each used once, in order. */
let script: Map<string, Answer[]>;
let received: Received[];
let warnings: Array<{ message: string; details: Record<string, unknown> }>;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: text ? JSON.parse(text) : undefined });
      const route = `${request.method} ${request.url!.split('?')[0].replace(/^\/api\/v3/, '')}`;
      const answer = script.get(route)?.shift() ?? { status: 599, body: { unscripted: route } };
      if (answer.drop) return void request.socket.destroy();
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
        response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  script = new Map();
  received = [];
  warnings = [];
});

function answer(route: string, ...answers: Answer[]) {
  script.set(route, [...(script.get(route) ?? []), ...answers]);
}
const calls = () => received.map((request) => `${request.method} ${request.url.replace(/^\/api\/v3/, '')}`);

/** The adapter, its base address written with trailing slashes (they are dropped). */
const gateway = (): PaymentGateway =>
  createAsaasGateway({
    baseUrl: `${baseUrl}//`,
    apiKey: KEY,
    timeoutMs: TIMEOUT_MS,
    onWarning: (message, details) => warnings.push({ message, details }),
  });

const CUSTOMER: GatewayCustomer = {
  name: 'Joana Lima',
  cpfCnpj: '52998224725',
  email: 'joana@example.com',
  phone: '1133334444',
  mobilePhone: '11987654321',
  postalCode: '01310100',
  address: 'Avenida Paulista',
  addressNumber: '1000',
  complement: 'Apto 42',
  province: 'Bela Vista',
};
const chargeRequest = (recurring = false): ChargeRequest => ({
  orderId: 'ordem/1 &x',
  description: 'Plano Individual',
  amount: 39.9,
  recurring,
  customer: CUSTOMER,
  card: { holderName: 'JOANA LIMA', number: '4444444444444448', expiryMonth: '12', expiryYear: '2030', ccv: '123' },
  holderInfo: {
    name: 'Joana Lima',
    email: 'joana@example.com',
    cpfCnpj: '52998224725',
    postalCode: '01310100',
    addressNumber: '1000',
    addressComplement: 'Apto 42',
    phone: '1133334444',
    mobilePhone: '11987654321',
  },
  remoteIp: '203.0.113.7',
});
const REFERENCE = encodeURIComponent('ordem/1 &x');
const pixCharge = { orderId: 'ordem/1 &x', description: 'Plano Individual', amount: 39.9, customer: CUSTOMER };
const knownCustomer = () => answer('GET /customers', { body: { data: [{ id: 'cus_1' }] } });

describe('every request', () => {
  it('goes to the base address without its trailing slashes, with the key, JSON and our user agent', async () => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay_1', status: 'CONFIRMED' } });
    await gateway().charge(chargeRequest());
    expect(received.map((request) => request.url.slice(0, 8))).toEqual(['/api/v3/', '/api/v3/']);
    for (const request of received) {
      expect(request.headers).toMatchObject({ access_token: KEY, 'content-type': 'application/json', 'user-agent': 'portal-saude' });
    }
    expect(received[0].body).toBeUndefined();
  });
});

describe('charge', () => {
  it('finds the customer by CPF, charges the card once with our order id and answers the payment', async () => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay_1', status: 'CONFIRMED' } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'approved', customerId: 'cus_1', paymentId: 'pay_1' });
    expect(calls()).toEqual([`GET /customers?cpfCnpj=52998224725`, 'POST /payments']);
    const request = chargeRequest();
    expect(received[1].body).toEqual({
      customer: 'cus_1',
      billingType: 'CREDIT_CARD',
      value: 39.9,
      description: 'Plano Individual',
      externalReference: 'ordem/1 &x',
      remoteIp: '203.0.113.7',
      creditCard: request.card,
      creditCardHolderInfo: request.holderInfo,
      dueDate: gatewayToday(),
    });
  });

  it('creates the customer when the look-up answers an empty body', async () => {
    answer('GET /customers', { body: '' });
    answer('POST /customers', { body: { id: 'cus_new' } });
    answer('POST /payments', { body: { id: 'pay_1', status: 'CONFIRMED' } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'approved', customerId: 'cus_new', paymentId: 'pay_1' });
  });

  it('creates the customer the gateway does not know, with the buyer as given', async () => {
    answer('GET /customers', { body: { data: [] } });
    answer('POST /customers', { body: { id: 'cus_new' } });
    answer('POST /payments', { body: { id: 'pay_1', status: 'RECEIVED' } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'approved', customerId: 'cus_new', paymentId: 'pay_1' });
    expect(received[1].body).toEqual(CUSTOMER);
    expect((received[2].body as { customer: string }).customer).toBe('cus_new');
  });

  it.each(['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'])('reads %s as paid', async (status) => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay_1', status } });
    expect(await gateway().charge(chargeRequest())).toMatchObject({ outcome: 'approved' });
  });

  it.each(['PENDING', 'OVERDUE'])('reads a payment left %s as not authorised', async (status) => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay_1', status } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized });
  });

  it('subscribes a monthly plan: the first month today, the subscription answered', async () => {
    knownCustomer();
    answer('POST /subscriptions', { body: { id: 'sub_1', status: 'ACTIVE' } });
    expect(await gateway().charge(chargeRequest(true))).toEqual({ outcome: 'approved', customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(received[1].body).toMatchObject({ value: 39.9, nextDueDate: gatewayToday(), cycle: 'MONTHLY', externalReference: 'ordem/1 &x' });
    expect(received[1].body).not.toHaveProperty('dueDate');
  });

  it('shows the gateway’s own refusal (a 400 with its description) and warns nobody', async () => {
    knownCustomer();
    answer('POST /payments', {
      status: 400,
      body: { errors: [{ description: 'Cartão recusado pelo emissor' }, { description: 'outro' }] },
    });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'refused', message: 'Cartão recusado pelo emissor' });
    expect(warnings).toEqual([]);
  });

  it.each([
    ['a 400 without errors', { status: 400, body: { message: 'x' } }, undefined],
    ['a 400 whose errors are empty', { status: 400, body: { errors: [] } }, undefined],
    ['a 400 whose description is empty', { status: 400, body: { errors: [{ description: '' }] } }, undefined],
    ['a 400 whose description is no text', { status: 400, body: { errors: [{ description: 7 }] } }, undefined],
    ['a 400 whose errors are no list', { status: 400, body: { errors: { description: 'x' } } }, undefined],
    [
      'a 401 (a wrong key)',
      { status: 401, body: { errors: [{ description: 'A chave de API fornecida é inválida' }] } },
      'A chave de API fornecida é inválida',
    ],
    ['a 500 that is no JSON', { status: 500, body: '<html>erro</html>' }, undefined],
    ['a 404', { status: 404, body: { errors: [{ description: 'não encontrado' }] } }, 'não encontrado'],
  ])('takes %s as the gateway unavailable, and warns with the call and status', async (_case, reply, description) => {
    knownCustomer();
    answer('POST /payments', reply);
    const charging = gateway().charge(chargeRequest());
    await expect(charging).rejects.toThrow(GatewayUnavailableError);
    // A 4xx turned the charge down; after a 5xx the charge may exist.
    await expect(charging).rejects.toMatchObject({ nothingCharged: reply.status < 500 });
    expect(warnings).toEqual([
      { message: 'payment gateway error', details: { method: 'POST', path: '/payments', status: reply.status, description } },
    ]);
  });

  it('warns without the query of the call (it holds the CPF)', async () => {
    answer('GET /customers', { status: 503, body: null });
    await expect(gateway().charge(chargeRequest())).rejects.toMatchObject({ nothingCharged: true });
    expect(warnings[0].details).toEqual({ method: 'GET', path: '/customers', status: 503, description: undefined });
  });

  it('after a lost answer, answers the charge its reference finds, without charging again', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE, body: { id: 'pay_late', status: 'CONFIRMED' } });
    answer('GET /payments', {
      body: {
        data: [
          { id: 'pay_1', status: 'CONFIRMED', customer: 'cus_1' },
          { id: 'pay_2', status: 'PENDING' },
        ],
      },
    });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'approved', paymentId: 'pay_1', customerId: 'cus_1' });
    expect(calls()).toEqual([`GET /customers?cpfCnpj=52998224725`, 'POST /payments', `GET /payments?externalReference=${REFERENCE}`]);
    expect(warnings).toEqual([
      { message: 'payment gateway timeout; looking the charge up by its reference', details: { orderId: 'ordem/1 &x', attempt: 1 } },
    ]);
  });

  it('after a lost answer whose charge was refused, answers the refusal', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE });
    answer('GET /payments', { body: { data: [{ id: 'pay_1', status: 'OVERDUE' }] } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized });
  });

  it('after a lost answer that created nothing, tries once more: the second charge answers', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE }, { body: { id: 'pay_2', status: 'CONFIRMED' } });
    answer('GET /payments', { body: { data: [] } });
    expect(await gateway().charge(chargeRequest())).toEqual({ outcome: 'approved', customerId: 'cus_1', paymentId: 'pay_2' });
    expect(calls().filter((call) => call === 'POST /payments')).toHaveLength(2);
  });

  it('after two lost answers that created nothing, gives up: unavailable, never a third charge', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE }, { delayMs: LATE });
    answer('GET /payments', { body: { data: [] } }, { body: {} });
    const charging = gateway().charge(chargeRequest());
    await expect(charging).rejects.toThrow(new GatewayUnavailableError('charge without answer'));
    // Either lost charge may still be booked: the outcome is unknown.
    await expect(charging).rejects.toMatchObject({ nothingCharged: false });
    expect(calls().filter((call) => call === 'POST /payments')).toHaveLength(2);
    expect(warnings.map((warning) => warning.details.attempt)).toEqual([1, 2]);
  });

  it('looks a lost subscription up among the subscriptions', async () => {
    knownCustomer();
    answer('POST /subscriptions', { delayMs: LATE });
    answer('GET /subscriptions', { body: { data: [{ id: 'sub_1', status: 'ACTIVE', customer: 'cus_1' }] } });
    expect(await gateway().charge(chargeRequest(true))).toEqual({ outcome: 'approved', subscriptionId: 'sub_1', customerId: 'cus_1' });
    expect(calls().at(-1)).toBe(`GET /subscriptions?externalReference=${REFERENCE}`);
  });

  it('when the look-up itself is lost, the outcome is unknown', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE });
    answer('GET /payments', { delayMs: LATE });
    const charging = gateway().charge(chargeRequest());
    await expect(charging).rejects.toThrow(new GatewayUnavailableError('no answer'));
    await expect(charging).rejects.toMatchObject({ nothingCharged: false });
  });

  it('when the customer look-up is lost, charges nothing', async () => {
    answer('GET /customers', { delayMs: LATE });
    const charging = gateway().charge(chargeRequest());
    await expect(charging).rejects.toThrow(new GatewayUnavailableError('no answer'));
    await expect(charging).rejects.toMatchObject({ nothingCharged: true });
    expect(calls()).toHaveLength(1);
  });

  it('when the charge gets no connection at all (refused), charges nothing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createAsaasGateway({ baseUrl: `http://127.0.0.1:${port}/api/v3`, apiKey: KEY, timeoutMs: TIMEOUT_MS });
    await expect(unreachable.charge(chargeRequest())).rejects.toMatchObject({ message: 'no answer', nothingCharged: true });
    await expect(unreachable.createPixCharge(pixCharge)).rejects.toMatchObject({ message: 'no answer', nothingCharged: true });
  });

  it('when the connection drops after the charge was sent, the outcome is unknown', async () => {
    knownCustomer();
    answer('POST /payments', { drop: true });
    answer('GET /payments', { drop: true });
    await expect(gateway().charge(chargeRequest())).rejects.toMatchObject({ message: 'no answer', nothingCharged: false });
    expect(calls()).toEqual([`GET /customers?cpfCnpj=52998224725`, 'POST /payments', `GET /payments?externalReference=${REFERENCE}`]);
  });
});

describe('findByReference', () => {
  it('answers a one-off payment by our order id: approved when paid, refused otherwise, null when none', async () => {
    answer(
      'GET /payments',
      { body: { data: [{ id: 'pay_1', status: 'RECEIVED', customer: 'cus_1' }] } },
      { body: { data: [{ id: 'pay_1', status: 'REFUNDED' }] } },
      { body: { data: [] } },
      { body: null },
    );
    expect(await gateway().findByReference('ordem/1 &x', false)).toEqual({ outcome: 'approved', paymentId: 'pay_1', customerId: 'cus_1' });
    expect(await gateway().findByReference('ordem/1 &x', false)).toEqual({
      outcome: 'refused',
      message: CHECKOUT_MESSAGES.cardNotAuthorized,
    });
    expect(await gateway().findByReference('ordem/1 &x', false)).toBeNull();
    expect(await gateway().findByReference('ordem/1 &x', false)).toBeNull();
    expect(calls()[0]).toBe(`GET /payments?externalReference=${REFERENCE}`);
  });

  it('answers a subscription: approved only when active', async () => {
    answer(
      'GET /subscriptions',
      { body: { data: [{ id: 'sub_1', status: 'ACTIVE', customer: 'cus_1' }] } },
      { body: { data: [{ id: 'sub_1', status: 'INACTIVE' }] } },
      { body: { data: [] } },
      { body: '' },
    );
    expect(await gateway().findByReference('ordem/1 &x', true)).toEqual({
      outcome: 'approved',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
    });
    expect(await gateway().findByReference('ordem/1 &x', true)).toEqual({
      outcome: 'refused',
      message: CHECKOUT_MESSAGES.cardNotAuthorized,
    });
    expect(await gateway().findByReference('ordem/1 &x', true)).toBeNull();
    expect(await gateway().findByReference('ordem/1 &x', true)).toBeNull();
  });

  it('reads a 400 as nothing found, a lost answer as unknown, anything else as unavailable', async () => {
    answer(
      'GET /payments',
      { status: 400, body: { errors: [{ description: 'referência inválida' }] } },
      { delayMs: LATE },
      { status: 500 },
    );
    expect(await gateway().findByReference('x', false)).toBeNull();
    await expect(gateway().findByReference('x', false)).rejects.toThrow(new GatewayUnavailableError('lookup without answer'));
    await expect(gateway().findByReference('x', false)).rejects.toThrow(new GatewayUnavailableError('gateway answered 500'));
  });
});

describe('findPayment', () => {
  it('reads a payment by the gateway’s id as its books have it', async () => {
    answer(
      'GET /payments/pay%2F1',
      { body: { id: 'pay/1', status: 'RECEIVED', value: '59.90', externalReference: 'ordem-1', subscription: 'sub_1', customer: 'cus_1' } },
      { body: { id: 'pay/1', status: 'PENDING', value: 39.9, externalReference: null, subscription: null } },
    );
    expect(await gateway().findPayment({ id: 'pay/1' })).toEqual({
      id: 'pay/1',
      status: 'RECEIVED',
      value: 59.9,
      externalReference: 'ordem-1',
      subscription: 'sub_1',
    });
    expect(await gateway().findPayment({ id: 'pay/1' })).toEqual({ id: 'pay/1', status: 'PENDING', value: 39.9 });
  });

  it('answers null for a payment the gateway does not have, without a warning', async () => {
    answer('GET /payments/pay_x', { status: 404, body: { errors: [{ description: 'Cobrança não encontrada' }] } });
    expect(await gateway().findPayment({ id: 'pay_x' })).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('reads the first payment of our order id, or null when it has none', async () => {
    answer(
      'GET /payments',
      {
        body: {
          data: [
            { id: 'pay_1', status: 'CONFIRMED', value: 39.9 },
            { id: 'pay_2', status: 'PENDING', value: 1 },
          ],
        },
      },
      { body: { data: [] } },
      { body: '' },
    );
    expect(await gateway().findPayment({ externalReference: 'ordem/1 &x' })).toEqual({ id: 'pay_1', status: 'CONFIRMED', value: 39.9 });
    expect(await gateway().findPayment({ externalReference: 'ordem/1 &x' })).toBeNull();
    expect(await gateway().findPayment({ externalReference: 'ordem/1 &x' })).toBeNull();
    expect(calls()[0]).toBe(`GET /payments?externalReference=${REFERENCE}`);
  });

  it('reads a 400 as nothing found and a lost answer as unknown', async () => {
    answer('GET /payments/pay_1', { status: 400, body: { errors: [{ description: 'id inválido' }] } }, { delayMs: LATE });
    expect(await gateway().findPayment({ id: 'pay_1' })).toBeNull();
    await expect(gateway().findPayment({ id: 'pay_1' })).rejects.toThrow(new GatewayUnavailableError('lookup without answer'));
  });

  it('a 500 is the gateway unavailable', async () => {
    answer('GET /payments/pay_1', { status: 500 });
    await expect(gateway().findPayment({ id: 'pay_1' })).rejects.toThrow(new GatewayUnavailableError('gateway answered 500'));
  });
});

describe('createPixCharge', () => {
  const pixRequest = { orderId: 'ordem/1 &x', description: 'Plano Individual', amount: 39.9, customer: CUSTOMER };
  const qrCode = { body: { encodedImage: 'iVBOR', payload: '00020126pix' } };

  it('creates a Pix payment due today and answers its QR code', async () => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay/1', status: 'PENDING' } });
    answer('GET /payments/pay%2F1/pixQrCode', qrCode);
    expect(await gateway().createPixCharge(pixRequest)).toEqual({
      outcome: 'created',
      customerId: 'cus_1',
      paymentId: 'pay/1',
      payload: '00020126pix',
      encodedImage: 'iVBOR',
    });
    expect(received[1].body).toEqual({
      customer: 'cus_1',
      billingType: 'PIX',
      value: 39.9,
      dueDate: gatewayToday(),
      description: 'Plano Individual',
      externalReference: 'ordem/1 &x',
    });
  });

  it('after a lost answer, takes the charge its reference finds', async () => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE });
    answer('GET /payments', { body: { data: [{ id: 'pay_1', status: 'PENDING' }] } });
    answer('GET /payments/pay_1/pixQrCode', qrCode);
    expect(await gateway().createPixCharge(pixRequest)).toMatchObject({ outcome: 'created', paymentId: 'pay_1' });
    expect(calls()).toContain(`GET /payments?externalReference=${REFERENCE}`);
    expect(warnings).toEqual([
      { message: 'payment gateway timeout; looking the Pix charge up by its reference', details: { orderId: 'ordem/1 &x' } },
    ]);
  });

  it.each([
    ['no payment', { body: { data: [] } }],
    ['an empty body', { body: '' }],
  ])('after a lost answer whose look-up finds %s, is unavailable and creates no second charge', async (_case, lookup) => {
    knownCustomer();
    answer('POST /payments', { delayMs: LATE });
    answer('GET /payments', lookup);
    const creating = gateway().createPixCharge(pixRequest);
    await expect(creating).rejects.toThrow(new GatewayUnavailableError('Pix charge without answer'));
    // The lost charge may still be booked.
    await expect(creating).rejects.toMatchObject({ nothingCharged: false });
    expect(calls().filter((call) => call === 'POST /payments')).toHaveLength(1);
  });

  it.each([
    ['without its payload', { body: { encodedImage: 'iVBOR' } }],
    ['without its image', { body: { payload: '00020126pix' } }],
    ['empty', { body: null }],
  ])('a QR code %s is the gateway unavailable', async (_case, reply) => {
    knownCustomer();
    answer('POST /payments', { body: { id: 'pay_1', status: 'PENDING' } });
    answer('GET /payments/pay_1/pixQrCode', reply);
    const creating = gateway().createPixCharge(pixRequest);
    await expect(creating).rejects.toThrow(new GatewayUnavailableError('Pix charge without its QR code'));
    // The charge exists: it must be looked up (and removed), never taken for none.
    await expect(creating).rejects.toMatchObject({ nothingCharged: false });
  });

  it('shows the gateway’s refusal, and reads a lost QR code as unknown', async () => {
    knownCustomer();
    knownCustomer();
    answer(
      'POST /payments',
      { status: 400, body: { errors: [{ description: 'CPF inválido' }] } },
      { body: { id: 'pay_1', status: 'PENDING' } },
    );
    answer('GET /payments/pay_1/pixQrCode', { delayMs: LATE });
    expect(await gateway().createPixCharge(pixRequest)).toEqual({ outcome: 'refused', message: 'CPF inválido' });
    await expect(gateway().createPixCharge(pixRequest)).rejects.toMatchObject({ message: 'no answer', nothingCharged: false });
  });

  it('after a 5xx to the charge, the outcome is unknown; a failure before it charged nothing', async () => {
    knownCustomer();
    answer('POST /payments', { status: 502, body: '<html>Bad Gateway</html>' });
    await expect(gateway().createPixCharge(pixRequest)).rejects.toMatchObject({ message: 'gateway answered 502', nothingCharged: false });
    answer('GET /customers', { status: 503, body: null });
    await expect(gateway().createPixCharge(pixRequest)).rejects.toMatchObject({ message: 'gateway answered 503', nothingCharged: true });
  });
});

describe('cancelCharge', () => {
  it('is true only when the gateway says it deleted the charge', async () => {
    answer('DELETE /payments/pay%2F1', { body: { deleted: true, id: 'pay/1' } }, { body: { deleted: false } }, { body: {} });
    expect(await gateway().cancelCharge('pay/1')).toBe(true);
    expect(await gateway().cancelCharge('pay/1')).toBe(false);
    expect(await gateway().cancelCharge('pay/1')).toBe(false);
  });

  it('is false for a charge it keeps (a 400) or does not have (a 404), unknown when lost', async () => {
    answer(
      'DELETE /payments/pay_1',
      { status: 400, body: { errors: [{ description: 'Somente cobranças pendentes podem ser removidas.' }] } },
      { status: 404, body: { errors: [{ description: 'Cobrança não encontrada' }] } },
      { delayMs: LATE },
      { status: 500 },
    );
    expect(await gateway().cancelCharge('pay_1')).toBe(false);
    expect(await gateway().cancelCharge('pay_1')).toBe(false);
    await expect(gateway().cancelCharge('pay_1')).rejects.toThrow(new GatewayUnavailableError('no answer'));
    await expect(gateway().cancelCharge('pay_1')).rejects.toThrow(new GatewayUnavailableError('gateway answered 500'));
    expect(warnings).toHaveLength(1);
  });
});

it('is the asaas gateway', () => {
  expect(gateway().kind).toBe('asaas');
});

it('dates a charge by the calendar of São Paulo', () => {
  jest.useFakeTimers({ now: new Date('2026-03-01T02:30:00Z'), doNotFake: ['setTimeout', 'setImmediate', 'nextTick'] });
  try {
    expect(gatewayToday()).toBe('2026-02-28');
  } finally {
    jest.useRealTimers();
  }
});
