import { hasError, parsePix } from 'pix-utils';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { GATEWAY_TEST_CARDS } from '../../../src/domain/cards';
import { DEFAULT_PIX } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { sandboxCharges } from '../../db/schema';
import type { ChargeRequest, PaymentGateway } from './gateway';
import { createSandboxGateway, databaseLedger, memoryLedger, type SandboxLedger } from './sandboxGateway';
import { pixTxid, qrCodePng, sandboxPixPayload } from './sandboxPix';

/**
 * The local gateway (PAYMENT_GATEWAY=sandbox) behaves as Asaas's sandbox does for the portal: every
 * card approved but the two documented refusals, charges found again by our order id and read back
 * as payments, Pix charges pending until paid or removed. The same cases run on both ledgers: in
 * memory (tests) and in the database (a portal that restarts keeps its charges).
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
});
afterAll(() => database.close());

let orders = 0;
const orderId = () => `00000000-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const chargeOf = (card: string, recurring = false): ChargeRequest => ({
  orderId: orderId(),
  description: 'Plano Individual',
  amount: 39.9,
  recurring,
  customer: {} as ChargeRequest['customer'],
  card: { holderName: 'JOANA LIMA', number: card, expiryMonth: '12', expiryYear: '2030', ccv: '123' },
  holderInfo: {} as ChargeRequest['holderInfo'],
  remoteIp: '203.0.113.7',
});
const APPROVED_CARD = '4444444444444448';
const gatewayIdOf = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}_sandbox_[0-9a-f]{16}$`));

describe.each<[string, () => SandboxLedger]>([
  ['in memory', () => memoryLedger()],
  ['in the database', () => databaseLedger(database.db)],
])('the sandbox gateway, charges kept %s', (_where, ledgerOf) => {
  let gateway: PaymentGateway;
  beforeEach(() => {
    gateway = createSandboxGateway(0, ledgerOf());
  });

  it('is the sandbox', () => {
    expect(gateway.kind).toBe('sandbox');
  });

  it('approves a card with fresh ids, a subscription only for a monthly plan', async () => {
    const oneOff = await gateway.charge(chargeOf(APPROVED_CARD));
    expect(oneOff).toEqual({ outcome: 'approved', customerId: gatewayIdOf('cus'), paymentId: gatewayIdOf('pay') });
    const monthly = await gateway.charge(chargeOf(APPROVED_CARD, true));
    expect(monthly).toEqual({
      outcome: 'approved',
      customerId: gatewayIdOf('cus'),
      paymentId: gatewayIdOf('pay'),
      subscriptionId: gatewayIdOf('sub'),
    });
    expect(monthly).not.toEqual(oneOff);
  });

  it.each([GATEWAY_TEST_CARDS.refusedMastercard, GATEWAY_TEST_CARDS.refusedVisa])('refuses the test card %s', async (card) => {
    const request = chargeOf(card);
    expect(await gateway.charge(request)).toEqual({ outcome: 'refused', message: CHECKOUT_MESSAGES.cardNotAuthorized });
    expect(await gateway.findByReference(request.orderId, false)).toEqual({
      outcome: 'refused',
      message: CHECKOUT_MESSAGES.cardNotAuthorized,
    });
    expect(await gateway.findPayment({ externalReference: request.orderId })).toBeNull();
  });

  it('finds a charge again by our order id, as it answered it', async () => {
    const request = chargeOf(APPROVED_CARD, true);
    const answered = await gateway.charge(request);
    expect(await gateway.findByReference(request.orderId, true)).toEqual(answered);
    expect(await gateway.findByReference(orderId(), true)).toBeNull();
  });

  it('reads an approved charge back as a confirmed payment, by its id or our order id', async () => {
    const request = chargeOf(APPROVED_CARD, true);
    const answered = await gateway.charge(request);
    if (answered.outcome !== 'approved') throw new Error('the charge was refused');
    const payment = {
      id: answered.paymentId,
      status: 'CONFIRMED',
      value: 39.9,
      externalReference: request.orderId,
      subscription: answered.subscriptionId,
    };
    expect(await gateway.findPayment({ id: answered.paymentId! })).toEqual(payment);
    expect(await gateway.findPayment({ externalReference: request.orderId })).toEqual(payment);
    expect(await gateway.findPayment({ id: 'pay_sandbox_unknown' })).toBeNull();
    expect(await gateway.findPayment({ externalReference: orderId() })).toBeNull();
  });

  it('reads a one-off payment without a subscription', async () => {
    const request = chargeOf(APPROVED_CARD);
    await gateway.charge(request);
    const payment = await gateway.findPayment({ externalReference: request.orderId });
    expect(payment).toEqual({ id: expect.any(String), status: 'CONFIRMED', value: 39.9, externalReference: request.orderId });
  });

  describe('a Pix charge', () => {
    const pixRequest = () => ({ orderId: orderId(), description: 'Plano Individual', amount: 39.9, customer: chargeOf('').customer });

    it('is created pending, with the copy-and-paste code of its order and amount and its QR code', async () => {
      const request = pixRequest();
      const created = await gateway.createPixCharge(request);
      expect(created).toEqual({
        outcome: 'created',
        customerId: gatewayIdOf('cus'),
        paymentId: gatewayIdOf('pay'),
        payload: sandboxPixPayload(DEFAULT_PIX, request.orderId, 39.9),
        encodedImage: expect.stringMatching(/^iVBORw0KGgo/),
      });
      if (created.outcome !== 'created') throw new Error('no Pix charge');
      const pending = { id: created.paymentId, status: 'PENDING', value: 39.9, externalReference: request.orderId };
      expect(await gateway.findPayment({ id: created.paymentId })).toEqual(pending);
      expect(await gateway.findPayment({ externalReference: request.orderId })).toEqual(pending);
      // It is no card charge: the card's look-up does not find it.
      expect(await gateway.findByReference(request.orderId, false)).toBeNull();
    });

    it('is removed once, and then cannot be paid', async () => {
      const created = await gateway.createPixCharge(pixRequest());
      if (created.outcome !== 'created') throw new Error('no Pix charge');
      expect(await gateway.cancelCharge(created.paymentId)).toBe(true);
      expect(await gateway.findPayment({ id: created.paymentId })).toMatchObject({ status: 'DELETED' });
      expect(await gateway.cancelCharge(created.paymentId)).toBe(false);
      expect(await gateway.simulatePixReceived!(created.paymentId)).toBe(false);
      expect(await gateway.findPayment({ id: created.paymentId })).toMatchObject({ status: 'DELETED' });
    });

    it('is paid once, and then cannot be removed', async () => {
      const created = await gateway.createPixCharge(pixRequest());
      if (created.outcome !== 'created') throw new Error('no Pix charge');
      expect(await gateway.simulatePixReceived!(created.paymentId)).toBe(true);
      expect(await gateway.findPayment({ id: created.paymentId })).toMatchObject({ status: 'RECEIVED' });
      expect(await gateway.simulatePixReceived!(created.paymentId)).toBe(false);
      expect(await gateway.cancelCharge(created.paymentId)).toBe(false);
      expect(await gateway.findPayment({ id: created.paymentId })).toMatchObject({ status: 'RECEIVED' });
    });

    it('a card payment or an unknown id is nothing to remove', async () => {
      const answered = await gateway.charge(chargeOf(APPROVED_CARD));
      if (answered.outcome !== 'approved') throw new Error('the charge was refused');
      expect(await gateway.cancelCharge(answered.paymentId!)).toBe(false);
      expect(await gateway.findPayment({ id: answered.paymentId! })).toMatchObject({ status: 'CONFIRMED' });
      expect(await gateway.cancelCharge('pay_sandbox_unknown')).toBe(false);
    });

    it('carries the configured merchant', async () => {
      const settings = { ...DEFAULT_PIX, merchantName: 'Clinica Exemplo', merchantCity: 'Recife', key: 'pix@exemplo.com.br' };
      const request = pixRequest();
      const created = await createSandboxGateway(0, ledgerOf(), settings).createPixCharge(request);
      expect(created).toMatchObject({ payload: sandboxPixPayload(settings, request.orderId, 39.9) });
    });
  });
});

describe('the database ledger', () => {
  it('keeps the first booking of an order id (a replay books nothing new)', async () => {
    const ledger = databaseLedger(database.db);
    const id = orderId();
    await ledger.record(id, { outcome: 'approved', customerId: 'cus_1', paymentId: 'pay_first' }, 39.9);
    await ledger.record(id, { outcome: 'refused', message: 'outra' }, 39.9);
    expect(await ledger.find(id)).toEqual({ outcome: 'approved', customerId: 'cus_1', paymentId: 'pay_first' });
    expect(await ledger.findPayment({ id: 'pay_first' })).toMatchObject({ value: 39.9, externalReference: id });
  });

  it('answers an approval it kept without ids as a bare approval, with no payment to read', async () => {
    const ledger = databaseLedger(database.db);
    const approved = orderId();
    await ledger.record(approved, { outcome: 'approved' }, 59.9);
    expect(await ledger.find(approved)).toEqual({ outcome: 'approved' });
    expect(await ledger.findPayment({ externalReference: approved })).toBeNull();
  });

  it('has no payment to read for a charge booked before values were kept', async () => {
    const ledger = databaseLedger(database.db);
    const id = orderId();
    await database.db.insert(sandboxCharges).values({ orderId: id, outcome: 'approved', paymentId: 'pay_old' });
    expect(await ledger.find(id)).toEqual({ outcome: 'approved', paymentId: 'pay_old' });
    expect(await ledger.findPayment({ id: 'pay_old' })).toBeNull();
  });
});

describe('the memory ledger', () => {
  it('plays what the gateway does to a payment after the charge (a refund, a month overdue)', async () => {
    const ledger = memoryLedger();
    const id = orderId();
    await ledger.record(id, { outcome: 'approved', paymentId: 'pay_1', subscriptionId: 'sub_1' }, 39.9);
    const refunded = { id: 'pay_1', status: 'REFUNDED', value: 39.9, externalReference: id, subscription: 'sub_1' };
    ledger.setPayment(refunded);
    expect(await ledger.findPayment({ id: 'pay_1' })).toEqual(refunded);
    ledger.setPayment({ id: 'pay_2', status: 'OVERDUE', value: 39.9, subscription: 'sub_1' });
    expect(await ledger.findPayment({ id: 'pay_2' })).toMatchObject({ status: 'OVERDUE' });
  });
});

describe('the time a sandbox charge takes', () => {
  afterEach(() => jest.useRealTimers());

  it('is 400 ms by default, booked half-way (a portal dying in between leaves a charge it never heard of)', async () => {
    jest.useFakeTimers();
    const ledger = memoryLedger();
    const request = chargeOf(APPROVED_CARD);
    let answered = false;
    const charging = createSandboxGateway(undefined, ledger)
      .charge(request)
      .then(() => (answered = true));
    await jest.advanceTimersByTimeAsync(199);
    expect(await ledger.find(request.orderId)).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(await ledger.find(request.orderId)).toMatchObject({ outcome: 'approved' });
    await jest.advanceTimersByTimeAsync(199);
    expect(answered).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await charging;
    expect(answered).toBe(true);
  });

  it('is the delay given, for a Pix charge too', async () => {
    jest.useFakeTimers();
    const ledger = memoryLedger();
    const id = orderId();
    let created = false;
    const creating = createSandboxGateway(100, ledger)
      .createPixCharge({ orderId: id, description: 'Plano', amount: 10, customer: chargeOf('').customer })
      .then(() => (created = true));
    await jest.advanceTimersByTimeAsync(49);
    expect(await ledger.findPayment({ externalReference: id })).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    jest.useRealTimers();
    await creating;
    expect(created).toBe(true);
    expect(await ledger.findPayment({ externalReference: id })).toMatchObject({ status: 'PENDING', value: 10 });
  });
});

describe('the sandbox’s Pix code', () => {
  it('is a valid static BR Code of the merchant, the amount and the order as its transaction id', () => {
    const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const parsed = parsePix(sandboxPixPayload(DEFAULT_PIX, id, 59.9));
    if (hasError(parsed)) throw new Error(parsed.message);
    expect(parsed).toMatchObject({
      // The BR Code writes them in capitals.
      merchantName: DEFAULT_PIX.merchantName.toUpperCase(),
      merchantCity: DEFAULT_PIX.merchantCity.toUpperCase(),
      pixKey: DEFAULT_PIX.key,
      transactionAmount: 59.9,
      txid: '0a1b2c3d4e5f4a6b8c7d9e0f1',
    });
  });

  it('is drawn as a 280-pixel square PNG, given as base64 without its data-URL prefix', async () => {
    const png = Buffer.from(await qrCodePng(sandboxPixPayload(DEFAULT_PIX, orderId(), 10)), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk's width and height (bytes 16-23).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([280, 280]);
  });

  it('uses as transaction id the order id’s letters and digits, at most 25', () => {
    expect(pixTxid('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')).toBe('0a1b2c3d4e5f4a6b8c7d9e0f1');
    expect(pixTxid('ab-CD_12 ç3')).toBe('abCD123');
  });

  it('refuses settings it cannot encode', () => {
    const longCity = { ...DEFAULT_PIX, merchantCity: 'Sao Jose dos Campos' };
    expect(() => sandboxPixPayload(longCity, 'x', 10)).toThrow('Pix payload not built: merchantCity character limit exceeded (> 15)');
  });
});
