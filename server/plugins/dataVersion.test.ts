import { DEFAULT_CACHES } from '../config';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';
import { unique, uniqueCnpj } from '../test/scopeFixtures';

/**
 * Nothing watches the database: every write request moves the data version (plugins/dataVersion.ts)
 * before its answer leaves, so the account cache never outlives a revocation.
 */

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
    config: { caches: { ...DEFAULT_CACHES, authTtlMs: 60_000 } },
    build: { onRoute: watchPartnerCreate },
  });
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

const get = (url: string) => injectAs(app, admin, { method: 'GET', url });

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
});
