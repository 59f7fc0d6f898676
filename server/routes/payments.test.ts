import type { FastifyInstance } from 'fastify';
import { count, eq, ne, sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, CHECKOUT_VALIDATION as V, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { onlyDigits } from '../../src/domain/documents';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import { beneficiaries, branches, partners, paymentAttempts, resellers, sales } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import type { ChargeRequest } from '../services/payments/gateway';
import {
  checkoutBody,
  countingGateway,
  createPaymentsApp,
  freshCpf,
  newIdempotencyKey,
  postPayment,
  REFUSED_CARD,
  setParameters,
} from '../test/payments';
import { freshCnpj } from '../test/channelFixtures';
import { injectAs, login } from '../test/helpers';

let app: FastifyInstance;
let charges: ChargeRequest[];
let demoResellerId: number;

beforeAll(async () => {
  const sandbox = countingGateway();
  charges = sandbox.charges;
  app = await createPaymentsApp({ gateway: sandbox.gateway, config: { customerSiteUrl: 'https://fallback.exemplo.com.br' } });
  const token = await login(app, DEMO_ACCOUNTS[3].email, 'REVENDEDOR');
  demoResellerId = (await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' })).json().user.id;
});
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
    ['phone as a list', { phone: ['11987654321'] }, {}, 'phone', V.phoneInvalid],
    ['postalCode as a list of parts', { postalCode: ['0100', '1000'] }, {}, 'postalCode', V.postalCodeInvalid],
    ['mobilePhone as an object', { mobilePhone: {} }, {}, 'mobilePhone', V.mobilePhoneInvalid],
    ['mobilePhone without a digit', { mobilePhone: 'abc' }, {}, 'mobilePhone', V.mobilePhoneInvalid],
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
    expect(attempt).toMatchObject({
      status: 'approved',
      cardBrand: 'Visa',
      cardLast4: body.creditCard.number.slice(-4),
      plan: 'consulta_avulsa',
    });
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
    expect(charged.card).toMatchObject({
      number: onlyDigits(body.creditCard.number),
      expiryMonth: '03',
      expiryYear: String(new Date().getFullYear() + 3),
    });
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
    ['an unknown reseller', '999999'],
    ['a malformed reference', '1; drop table sales'],
  ])('sells without crediting %s, and says nothing about it', async (_case, reference) => {
    const body = checkoutBody({ rev: reference });
    const response = await postPayment(app, body);
    expect(response.json()).toEqual({ success: true });
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(holder.resellerId).toBeNull();
    expect((await salesOf(holder.id))[0].resellerId).toBeNull();
  });
});

describe('an inactivated reseller’s link', () => {
  /** A reseller of its own partner and branch, all active until the test inactivates one of them. */
  async function freshChannel() {
    const [partner] = await app.db
      .insert(partners)
      .values({ nome: 'Parceiro Link', cnpj: freshCnpj(), email: `p-${freshCpf()}@x.com`, passwordHash: 'x' })
      .returning();
    const [branch] = await app.db
      .insert(branches)
      .values({ partnerId: partner.id, titulo: 'F', email: `f-${freshCpf()}@x.com`, passwordHash: 'x' })
      .returning();
    const [reseller] = await app.db
      .insert(resellers)
      .values({ partnerId: partner.id, branchId: branch.id, nome: 'R', cpf: freshCpf(), email: `r-${freshCpf()}@x.com`, passwordHash: 'x' })
      .returning();
    return { partner, branch, reseller };
  }

  it.each([
    [
      'the reseller',
      (c: Awaited<ReturnType<typeof freshChannel>>) =>
        app.db.update(resellers).set({ ativo: false }).where(eq(resellers.id, c.reseller.id)),
    ],
    [
      'its branch',
      (c: Awaited<ReturnType<typeof freshChannel>>) => app.db.update(branches).set({ ativo: false }).where(eq(branches.id, c.branch.id)),
    ],
    [
      'its partner',
      (c: Awaited<ReturnType<typeof freshChannel>>) => app.db.update(partners).set({ ativo: false }).where(eq(partners.id, c.partner.id)),
    ],
  ])('still sells once %s is inactivated, and records the sale without a reseller (Sem revendedor)', async (_case, inactivate) => {
    const channel = await freshChannel();
    const rev = String(channel.reseller.id);
    await inactivate(channel);

    const body = checkoutBody({ rev });
    const chargesBefore = charges.length;
    const response = await postPayment(app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(charges.length).toBe(chargesBefore + 1);
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(holder.resellerId).toBeNull();
    const [sale] = await salesOf(holder.id);
    expect(sale.resellerId).toBeNull();
  });

  it('still sells, without a reseller, when the reseller is deleted as the payment starts', async () => {
    const channel = await freshChannel();
    // The deletion lands after the link was read and before the attempt naming the reseller is stored.
    await app.db.execute(
      sql.raw(`CREATE FUNCTION test_delete_reseller() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN DELETE FROM resellers WHERE id = NEW.reseller_id; RETURN NEW; END $$`),
    );
    await app.db.execute(
      sql.raw(`CREATE TRIGGER test_delete_reseller BEFORE INSERT ON payment_attempts FOR EACH ROW
        WHEN (NEW.reseller_id = ${channel.reseller.id}) EXECUTE FUNCTION test_delete_reseller()`),
    );
    try {
      const body = checkoutBody({ rev: String(channel.reseller.id) });
      const response = await postPayment(app, body);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      const [holder] = await beneficiaryByCpf(body.cpfCnpj);
      expect((await salesOf(holder.id))[0].resellerId).toBeNull();
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER test_delete_reseller ON payment_attempts'));
      await app.db.execute(sql.raw('DROP FUNCTION test_delete_reseller()'));
    }
  });

  it('credits the reseller while it is active', async () => {
    const channel = await freshChannel();
    const body = checkoutBody({ rev: String(channel.reseller.id) });
    expect((await postPayment(app, body)).json()).toEqual({ success: true });
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect((await salesOf(holder.id))[0].resellerId).toBe(channel.reseller.id);
  });
});

describe('GET /api/payment/orders/:orderId', () => {
  it('shows the approved order from the id given with the approval: plan, value, e-mail, never card data', async () => {
    const body = checkoutBody({ selectedPlan: 'plano_individual' });
    const approval = await postPayment(app, body);
    const orderId = approval.headers['order-id'] as string;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const response = await app.inject({ method: 'GET', url: `/api/payment/orders/${orderId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId, plan: 'plano_individual', value: 44.9, email: body.email });
    const digits = body.creditCard.number.replace(/\D/g, '');
    expect(response.body).not.toContain(digits);
    expect(Object.values(response.json())).not.toContain(digits.slice(-4));
    expect(response.body).not.toMatch(/card|ccv|holder/i);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 with a clear message for a refused, unknown, malformed or expired order', async () => {
    const refused = await postPayment(app, checkoutBody({}, { number: REFUSED_CARD }));
    expect(refused.headers['order-id']).toBeUndefined();
    const [refusedAttempt] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.status, 'refused')).limit(1);
    const approval = await postPayment(app, checkoutBody());
    const old = approval.headers['order-id'] as string;
    await app.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(paymentAttempts.orderId, old));
    for (const id of [refusedAttempt.orderId, '00000000-0000-4000-8000-000000000000', 'nao-e-um-pedido', old]) {
      const response = await app.inject({ method: 'GET', url: `/api/payment/orders/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CHECKOUT_MESSAGES.orderNotFound);
    }
  });
});

describe('POST /api/payment: the buyer becomes the plan’s beneficiary, a person', () => {
  it('refuses a company’s CNPJ with a message saying why, charging and storing nothing', async () => {
    const [chargesBefore, attemptsBefore] = [charges.length, await attemptTotal()];
    const response = await postPayment(app, checkoutBody({ cpfCnpj: '11.222.333/0001-81' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: V.cpfCnpjCompany });
    expect([charges.length, await attemptTotal()]).toEqual([chargesBefore, attemptsBefore]);
    expect(await beneficiaryByCpf('11222333000181')).toHaveLength(0);
  });

  it('refuses the CPF of a dependent, which follows its holder’s plan, charging nothing and leaving it as it was', async () => {
    const [holder] = await app.db.insert(beneficiaries).values({ name: 'Titular Inativo', cpf: freshCpf(), isActive: false }).returning();
    const [dependent] = await app.db
      .insert(beneficiaries)
      .values({ name: 'Dependente', cpf: freshCpf(), holderId: holder.id, isActive: false, paymentType: 'S' })
      .returning();
    const [chargesBefore, attemptsBefore] = [charges.length, await attemptTotal()];
    const response = await postPayment(app, checkoutBody({ cpfCnpj: dependent.cpf }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: CHECKOUT_MESSAGES.dependentBuyer });
    expect([charges.length, await attemptTotal()]).toEqual([chargesBefore, attemptsBefore]);
    const [stored] = await beneficiaryByCpf(dependent.cpf);
    expect(stored).toMatchObject({ isActive: false, holderId: holder.id });
    expect(await salesOf(dependent.id)).toHaveLength(0);
  });

  it('sells to a person who is a dependent only in another partner’s records, as the selling partner’s own holder', async () => {
    const [seller] = await app.db.select().from(resellers).where(eq(resellers.id, demoResellerId));
    const [otherPartner] = await app.db.select({ id: partners.id }).from(partners).where(ne(partners.id, seller.partnerId)).limit(1);
    const [holder] = await app.db
      .insert(beneficiaries)
      .values({ name: 'Titular de outro parceiro', cpf: freshCpf(), partnerId: otherPartner.id })
      .returning();
    const [dependent] = await app.db
      .insert(beneficiaries)
      .values({ name: 'Dependente lá', cpf: freshCpf(), holderId: holder.id, partnerId: otherPartner.id, paymentType: 'S' })
      .returning();
    const response = await postPayment(app, checkoutBody({ cpfCnpj: dependent.cpf, rev: String(demoResellerId) }));
    expect(response.json()).toEqual({ success: true });
    const records = await beneficiaryByCpf(dependent.cpf);
    const sold = records.find((record) => record.id !== dependent.id);
    expect(sold).toMatchObject({ partnerId: seller.partnerId, holderId: null, resellerId: demoResellerId });
    expect(records.find((record) => record.id === dependent.id)).toMatchObject({ holderId: holder.id, partnerId: otherPartner.id });
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

  it('charges once when the same purchase arrives twice at once without an Idempotency-Key', async () => {
    const body = checkoutBody();
    const chargesBefore = charges.length;
    const answers = await Promise.all([postPayment(app, body, { key: null }), postPayment(app, body, { key: null })]);
    expect(answers.map((answer) => answer.json())).toEqual([{ success: true }, { success: true }]);
    expect(charges.length).toBe(chargesBefore + 1);
    const [holder] = await beneficiaryByCpf(body.cpfCnpj);
    expect(await salesOf(holder.id)).toHaveLength(1);
    // Other data is another purchase.
    expect((await postPayment(app, checkoutBody(), { key: null })).json()).toEqual({ success: true });
    expect(charges.length).toBe(chargesBefore + 2);
  });

  it('lets the same data be tried again without an Idempotency-Key once refused', async () => {
    const body = checkoutBody({}, { number: REFUSED_CARD });
    const chargesBefore = charges.length;
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await postPayment(app, body, { key: null });
      expect(refused.json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
    }
    expect(charges.length).toBe(chargesBefore + 2);
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

  it('counts an IPv6 client by its /64: another address of the same network is the same client', async () => {
    for (let attempt = 1; attempt <= PAYMENT_RATE_LIMIT.max; attempt++) {
      expect((await postPayment(app, {}, { address: `2001:db8:200:1::${attempt}` })).statusCode).toBe(400);
    }
    expect((await postPayment(app, {}, { address: '2001:db8:200:1:abcd::1' })).statusCode).toBe(429);
    expect((await postPayment(app, {}, { address: '2001:db8:200:2::1' })).statusCode).toBe(400);
  });
});

describe('GET /api/checkout/config', () => {
  const setParameter = (parametro: string, valor: string) => setParameters(app.db, { [parametro]: valor });

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
