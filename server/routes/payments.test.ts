import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, CHECKOUT_VALIDATION as V, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import { beneficiaries, branches, parameters, partners, paymentAttempts, resellers, sales } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import type { ChargeRequest, PaymentGateway } from '../services/payments/gateway';
import { createSandboxGateway } from '../services/payments/sandboxGateway';
import { checkoutBody, createPaymentsApp, freshCpf, newIdempotencyKey, postPayment, REFUSED_CARD } from '../services/payments/testing';
import { injectAs, login } from '../test/helpers';

/** The sandbox, counting the charges that reach it. */
function countingSandbox(delayMs = 30) {
  const sandbox = createSandboxGateway(delayMs);
  const charges: ChargeRequest[] = [];
  const gateway: PaymentGateway = {
    kind: 'sandbox',
    charge: (request) => {
      charges.push(request);
      return sandbox.charge(request);
    },
    findByReference: (orderId, recurring) => sandbox.findByReference(orderId, recurring),
  };
  return { gateway, charges };
}

let app: FastifyInstance;
let charges: ChargeRequest[];
let demoResellerId: number;

beforeAll(async () => {
  const sandbox = countingSandbox();
  charges = sandbox.charges;
  app = await createPaymentsApp({ gateway: sandbox.gateway, config: { customerSiteUrl: 'https://fallback.exemplo.com.br' } });
  const token = await login(app, DEMO_ACCOUNTS[3].email, 'REVENDEDOR');
  demoResellerId = (await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' })).json().user.id;
}, 60_000);
afterAll(() => app.close());

const beneficiaryByCpf = async (cpf: string) =>
  app.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.cpf, onlyDigits(cpf)));
const salesOf = async (beneficiaryId: number) => app.db.select().from(sales).where(eq(sales.beneficiaryId, beneficiaryId));
const attemptTotal = async () => (await app.db.select({ total: count() }).from(paymentAttempts))[0].total;

describe('POST /api/payment: validation', () => {
  const invalidCases: Array<[string, Record<string, unknown>, Record<string, unknown>, string, string]> = [
    ['name', { name: '  ' }, {}, 'name', V.nameRequired],
    ['cpfCnpj missing', { cpfCnpj: '' }, {}, 'cpfCnpj', V.cpfCnpjRequired],
    ['cpfCnpj with wrong check digits', { cpfCnpj: '529.982.247-24' }, {}, 'cpfCnpj', V.cpfCnpjInvalid],
    ['cpfCnpj over 14 digits', { cpfCnpj: '112223330001811' }, {}, 'cpfCnpj', V.cpfCnpjInvalid],
    ['email missing', { email: '' }, {}, 'email', V.emailRequired],
    ['email malformed', { email: 'joana@' }, {}, 'email', V.emailInvalid],
    ['phone missing', { phone: '' }, {}, 'phone', V.phoneRequired],
    ['phone over 11 digits', { phone: '119999988887' }, {}, 'phone', V.phoneInvalid],
    ['postalCode', { postalCode: '' }, {}, 'postalCode', V.postalCodeRequired],
    ['address', { address: '' }, {}, 'address', V.addressRequired],
    ['addressNumber', { addressNumber: '' }, {}, 'addressNumber', V.addressNumberRequired],
    ['province', { province: '' }, {}, 'province', V.provinceRequired],
    ['city', { city: '' }, {}, 'city', V.cityRequired],
    ['state missing', { state: '' }, {}, 'state', V.stateRequired],
    ['state with 3 letters', { state: 'SPX' }, {}, 'state', V.stateLength],
    ['state not a UF', { state: 'XX' }, {}, 'state', V.stateInvalid],
    ['plan unknown', { selectedPlan: 'plano_ouro' }, {}, 'selectedPlan', V.planRequired],
    ['holder name', {}, { holderName: '' }, 'creditCard.holderName', V.holderNameRequired],
    ['card number missing', {}, { number: '' }, 'creditCard.number', V.cardNumberRequired],
    ['card number failing Luhn', {}, { number: '4111 1111 1111 1112' }, 'creditCard.number', V.cardNumberInvalid],
    ['card number over 16 digits', {}, { number: '41111111111111111' }, 'creditCard.number', V.cardNumberInvalid],
    ['expiry month missing', {}, { expiryMonth: '' }, 'creditCard.expiryMonth', V.expiryMonthRequired],
    ['expiry month 13', {}, { expiryMonth: '13' }, 'creditCard.expiryMonth', V.expiryMonthInvalid],
    ['expiry year missing', {}, { expiryYear: '' }, 'creditCard.expiryYear', V.expiryYearRequired],
    ['expiry year in the past', {}, { expiryYear: String(new Date().getFullYear() - 1) }, 'creditCard.expiryYear', V.cardExpired],
    ['ccv missing', {}, { ccv: '' }, 'creditCard.ccv', V.ccvRequired],
    ['ccv over 4 digits', {}, { ccv: '12345' }, 'creditCard.ccv', V.ccvInvalid],
  ];

  it.each(invalidCases)('answers 400 for %s with the form’s message, and stores nothing', async (_case, fields, card, path, message) => {
    const before = await attemptTotal();
    const response = await postPayment(app, checkoutBody(fields, card));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[path]).toBe(message);
    // As the spec's payment answer: a success flag and, on failure, the error text.
    expect(response.json()).toMatchObject({ success: false, error: response.json().message });
    expect(await attemptTotal()).toBe(before);
  });

  it('answers 400 with every failing field at once for an empty body', async () => {
    const response = await postPayment(app, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: V.nameRequired,
      cpfCnpj: V.cpfCnpjRequired,
      addressNumber: V.addressNumberRequired,
      province: V.provinceRequired,
      'creditCard.ccv': V.ccvRequired,
    });
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const response = await postPayment(app, checkoutBody(), { key: 'curta' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CHECKOUT_MESSAGES.idempotencyKeyInvalid);
  });
});

describe('POST /api/payment: approval', () => {
  it('creates exactly one holder beneficiary and one sale in the reseller’s scope, from masked input', async () => {
    const body = checkoutBody({ rev: String(demoResellerId) });
    const response = await postPayment(app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const [holder, ...others] = await beneficiaryByCpf(body.cpfCnpj);
    expect(others).toHaveLength(0);
    expect(holder).toMatchObject({
      name: body.name,
      phone: '11988887777',
      zipCode: '01310100',
      state: 'SP',
      city: 'São Paulo',
      address: 'Avenida Paulista, 1000 - Apto 42 - Bela Vista',
      paymentType: 'A',
      serviceType: 'G',
      isActive: true,
      holderId: null,
      resellerId: demoResellerId,
    });
    const saleRows = await salesOf(holder.id);
    expect(saleRows).toHaveLength(1);
    expect(saleRows[0]).toMatchObject({ tipo: 'consulta_avulsa', valor: '39.90', resellerId: demoResellerId, status: 'paid' });

    const [attempt] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.saleId, saleRows[0].id));
    expect(attempt).toMatchObject({ status: 'approved', cardBrand: 'Visa', cardLast4: '4444', plan: 'consulta_avulsa' });
  });

  it('takes plan and price from the server, whatever the body says, and makes plan holders recurring (S)', async () => {
    const body = checkoutBody({ selectedPlan: 'plano_individual', value: 0.01, amount: 1, price: 1, valor: 1, plan: { price: 1 } });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(holder.paymentType).toBe('S');
    expect((await salesOf(holder.id))[0]).toMatchObject({ tipo: 'plano_individual', valor: '44.90' });
    const charged = charges.find((charge) => charge.customer.cpfCnpj === onlyDigits(body.cpfCnpj))!;
    expect(charged).toMatchObject({ amount: 44.9, recurring: true });
  });

  it('sends the gateway digits only, a 4-digit year and the phone as mobile phone when none was given', async () => {
    const body = checkoutBody({ mobilePhone: '' }, { expiryMonth: '3', expiryYear: String(new Date().getFullYear() + 3).slice(2) });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    const charged = charges.find((charge) => charge.customer.cpfCnpj === onlyDigits(body.cpfCnpj))!;
    expect(charged.card).toMatchObject({ number: '4444444444444444', expiryMonth: '03', expiryYear: String(new Date().getFullYear() + 3) });
    expect(charged.holderInfo).toMatchObject({ phone: '1133334444', mobilePhone: '1133334444', postalCode: '01310100' });
  });

  it('reactivates a known beneficiary instead of creating a second one', async () => {
    const cpf = freshCpf();
    const [existing] = await app.db
      .insert(beneficiaries)
      .values({ name: 'Já Cadastrada', cpf, isActive: false, paymentType: 'S', phone: '11911112222' })
      .returning();
    expect((await postPayment(app, checkoutBody({ cpfCnpj: cpf }))).json()).toEqual({ success: true });
    const rows = await beneficiaryByCpf(cpf);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing.id, name: 'Já Cadastrada', isActive: true, paymentType: 'A', phone: '11911112222' });
    expect(await salesOf(existing.id)).toHaveLength(1);
  });

  it.each([
    ['an unknown reseller', async () => '999999'],
    ['a malformed reference', async () => '1; drop table sales'],
    [
      'an inactive reseller',
      async () => {
        const [row] = await app.db.select().from(resellers).where(eq(resellers.ativo, false)).limit(1);
        return String(row.id);
      },
    ],
    [
      'a reseller of an inactive branch',
      async () => {
        const [row] = await app.db
          .select({ id: resellers.id })
          .from(resellers)
          .innerJoin(branches, eq(branches.id, resellers.branchId))
          .where(and(eq(branches.ativo, false), eq(resellers.ativo, true)))
          .limit(1);
        return String(row.id);
      },
    ],
  ])('sells without crediting %s, and says nothing about it', async (_case, reference) => {
    const body = checkoutBody({ rev: await reference() });
    const response = await postPayment(app, body);
    expect(response.json()).toEqual({ success: true });
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(holder.resellerId).toBeNull();
    expect((await salesOf(holder.id))[0].resellerId).toBeNull();
  });

  it('does not credit a reseller whose partner is inactive', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({ nome: 'Parceiro Parado', cnpj: '11222333000181', email: 'parado@x.com', passwordHash: 'x', ativo: false })
      .returning();
    const [branch] = await app.db
      .insert(branches)
      .values({ partnerId: partner.id, titulo: 'F', email: 'f-parado@x.com', passwordHash: 'x' })
      .returning();
    const [reseller] = await app.db
      .insert(resellers)
      .values({ partnerId: partner.id, branchId: branch.id, nome: 'R', cpf: freshCpf(), email: 'r-parado@x.com', passwordHash: 'x' })
      .returning();
    const body = checkoutBody({ rev: String(reseller.id) });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect((await salesOf(holder.id))[0].resellerId).toBeNull();
  });
});

describe('POST /api/payment: refusal', () => {
  it('answers the gateway’s text and stores nothing but the refused attempt', async () => {
    const body = checkoutBody({ rev: String(demoResellerId) }, { number: REFUSED_CARD });
    const response = await postPayment(app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
    expect(await beneficiaryByCpf(body.cpfCnpj)).toHaveLength(0);
    const attempts = await app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.cardLast4, REFUSED_CARD.slice(-4)));
    expect(attempts.at(-1)).toMatchObject({ status: 'refused', saleId: null, failureMessage: CHECKOUT_MESSAGES.cardNotAuthorized });
  });
});

describe('POST /api/payment: idempotency', () => {
  it('answers a replayed key with the first result without charging again', async () => {
    const body = checkoutBody();
    const key = newIdempotencyKey();
    const chargesBefore = charges.length;
    const first = await postPayment(app, body, { key });
    const replay = await postPayment(app, body, { key });
    expect(first.json()).toEqual({ success: true });
    expect(replay.json()).toEqual({ success: true });
    expect(charges.length).toBe(chargesBefore + 1);
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(await salesOf(holder.id)).toHaveLength(1);
  });

  it('replays a refusal as a refusal', async () => {
    const body = checkoutBody({}, { number: REFUSED_CARD });
    const key = newIdempotencyKey();
    await postPayment(app, body, { key });
    expect((await postPayment(app, body, { key })).json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
  });

  it('charges once when the same submit arrives twice at the same time', async () => {
    const body = checkoutBody();
    const key = newIdempotencyKey();
    const chargesBefore = charges.length;
    const answers = await Promise.all([postPayment(app, body, { key }), postPayment(app, body, { key }), postPayment(app, body, { key })]);
    expect(answers.map((answer) => answer.json())).toEqual([{ success: true }, { success: true }, { success: true }]);
    expect(charges.length).toBe(chargesBefore + 1);
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(await salesOf(holder.id)).toHaveLength(1);
  });

  it('refuses a key reused with other data (409) without charging', async () => {
    const key = newIdempotencyKey();
    await postPayment(app, checkoutBody(), { key });
    const chargesBefore = charges.length;
    const reused = await postPayment(app, checkoutBody(), { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(CHECKOUT_MESSAGES.idempotencyKeyReused);
    expect(charges.length).toBe(chargesBefore);
  });
});

describe('POST /api/payment: rate limit', () => {
  it(`answers 429 after ${PAYMENT_RATE_LIMIT.max} attempts from one address, in Portuguese`, async () => {
    const address = '10.200.0.1';
    for (let attempt = 0; attempt < PAYMENT_RATE_LIMIT.max; attempt++) {
      expect((await postPayment(app, {}, { address })).statusCode).toBe(400);
    }
    const blocked = await postPayment(app, checkoutBody(), { address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      message: CHECKOUT_MESSAGES.tooManyAttempts,
      error: CHECKOUT_MESSAGES.tooManyAttempts,
    });
    expect((await postPayment(app, {}, { address: '10.200.0.2' })).statusCode).toBe(400);
  });
});

describe('GET /api/checkout/config', () => {
  const setParameter = (parametro: string, valor: string) =>
    app.db.insert(parameters).values({ parametro, valor }).onConflictDoUpdate({ target: parameters.parametro, set: { valor } });

  it('is public and gives the customer system URL from the parameter, with the support contacts', async () => {
    await setParameter(PARAMETER_NAMES.customerSiteUrl, 'https://cliente.exemplo.com.br/entrar');
    await setParameter(PARAMETER_NAMES.supportEmail, 'ajuda@exemplo.com.br');
    const response = await app.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      customerSiteUrl: 'https://cliente.exemplo.com.br/entrar',
      supportEmail: 'ajuda@exemplo.com.br',
    });
  });

  it('falls back to CUSTOMER_SITE_URL when the parameter is empty, and never hands out a script URL', async () => {
    await setParameter(PARAMETER_NAMES.customerSiteUrl, '');
    expect((await app.inject({ method: 'GET', url: '/api/checkout/config' })).json().customerSiteUrl).toBe(
      'https://fallback.exemplo.com.br',
    );
    await setParameter(PARAMETER_NAMES.customerSiteUrl, 'javascript:alert(1)');
    expect((await app.inject({ method: 'GET', url: '/api/checkout/config' })).json().customerSiteUrl).toBe(
      'https://fallback.exemplo.com.br',
    );
  });
});
