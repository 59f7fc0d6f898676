import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { testConfig } from '../config';
import { paymentAttempts } from '../db/schema';
import { paymentContext } from '../services/payments/checkout';
import { reconcilePayments } from '../services/payments/reconcileJob';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { ageAttempt, approvedButUnsaved, checkoutBody, newIdempotencyKey } from '../test/payments';
import { countQueries } from '../test/queryCounter';
import { unique, uniqueCnpj } from '../test/scopeFixtures';

/**
 * Nothing watches the database: each writer moves the data version itself (plugins/dataVersion.ts).
 * The caches live a minute here, so a write that forgot to say so is seen as a stale answer, not
 * hidden by an expiry; the gateway's time limit puts the reconciliation job's next run minutes away.
 */
const GATEWAY_TIMEOUT_MS = 60_000;

let app: FastifyInstance;
let admin: string;
/** The data version as each answer of POST /api/partners was about to leave. */
const versionsAtSend: number[] = [];

/** A route hook of the partner create, run after the app's own onSend hooks, just before the answer is written. */
function watchPartnerCreate(route: RouteOptions) {
  if (route.url !== '/api/partners' || route.method !== 'POST') return;
  const recordVersion = async (_request: unknown, _reply: unknown, payload: unknown) => {
    versionsAtSend.push(app.dataVersion.current);
    return payload;
  };
  route.onSend = [...([] as NonNullable<RouteOptions['onSend']>[]).concat(route.onSend ?? []).flat(), recordVersion];
}

beforeAll(async () => {
  app = await createTestApp({
    seed: true,
    config: { caches: { authTtlMs: 60_000, readTtlMs: 60_000 }, payments: { ...testConfig().payments, timeoutMs: GATEWAY_TIMEOUT_MS } },
    build: { onRoute: watchPartnerCreate },
  });
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

const get = (url: string) => injectAs(app, admin, { method: 'GET', url });

/** Holders named `name` in the administrator's list, read twice: the second time from the cache. */
async function cachedHolders(name: string): Promise<number> {
  const url = `/api/beneficiaries?name=${encodeURIComponent(name)}`;
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  const queries = countQueries(app);
  try {
    expect((await get(url)).body).toBe(first.body);
    expect(queries.count).toBe(0);
  } finally {
    queries.restore();
  }
  return Number(first.headers['x-total-count']);
}
const holders = async (name: string) => Number((await get(`/api/beneficiaries?name=${encodeURIComponent(name)}`)).headers['x-total-count']);

describe('the data version', () => {
  it('moves before the answer of a write request leaves, whether it succeeded or was refused; a read leaves it', async () => {
    const before = app.dataVersion.current;
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/partners',
      payload: { nome: unique('Clínica Versão '), cnpj: uniqueCnpj(), email: `${unique('versao')}@parceiro.com`, senha: 'senha-segura-1' },
    });
    expect(created.statusCode).toBe(201);
    expect(versionsAtSend.at(-1)).toBeGreaterThan(before);

    const afterCreate = app.dataVersion.current;
    const refused = await injectAs(app, admin, { method: 'POST', url: '/api/partners', payload: { nome: '' } });
    expect(refused.statusCode).toBe(400);
    expect(versionsAtSend.at(-1)).toBeGreaterThan(afterCreate);
    expect(versionsAtSend).toHaveLength(2);

    const afterRefusal = app.dataVersion.current;
    expect((await get('/api/partners?page=1')).statusCode).toBe(200);
    expect(app.dataVersion.current).toBe(afterRefusal);
  });

  it('is moved by the payment reconciliation job: the sale it saves shows at once in a cached list', async () => {
    const name = unique('Comprador Reconciliado ');
    const attempt = await approvedButUnsaved(app.db, name);
    await ageAttempt(app.db, attempt.id, GATEWAY_TIMEOUT_MS);
    expect(await cachedHolders(name)).toBe(0);

    expect((await reconcilePayments(paymentContext(app, app.log))).approved).toBe(1);
    expect(await holders(name)).toBe(1);
  });

  it('is moved by a Pix status look (a GET) that saves the sale of a charge paid at the last second', async () => {
    const name = unique('Comprador Pix ');
    const { creditCard: _card, ...body } = checkoutBody({ name });
    const created = await app.inject({
      method: 'POST',
      url: '/api/payment/pix',
      payload: body,
      headers: { 'idempotency-key': newIdempotencyKey() },
    });
    expect(created.statusCode).toBe(200);
    const { orderId } = created.json();
    const [attempt] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
    // The buyer's bank pays, the webhook never comes, and the window closes.
    expect(await app.paymentGateway.simulatePixReceived!(attempt.gatewayPaymentId!)).toBe(true);
    await app.db
      .update(paymentAttempts)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.id, attempt.id));
    expect(await cachedHolders(name)).toBe(0);

    const status = await app.inject({ method: 'GET', url: `/api/payment/pix/${orderId}` });
    expect(status.json()).toMatchObject({ status: 'paid' });
    expect(await holders(name)).toBe(1);
  });
});
