import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import { RECORD_CHANGED, RECORD_VERSION_INVALID } from '../../src/domain/recordVersion';
import { parameterChanges, parameters } from '../db/schema';
import { DEMO_PASSWORD, seedAccounts } from '../seed/accounts';
import { createRandom } from '../seed/random';
import { ensurePortalParameters } from '../services/parameters/catalog';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * Optimistic concurrency of the system parameters (migration 0045), as the channels have it: the list
 * carries each parameter's `versao`, and a value sent with an older one that would replace a value
 * changed since changes nothing and answers 409; without `versao`, a value is saved as before.
 */

let app: FastifyInstance;
let admin: string;
// Only what these tests need (the accounts; the portal's parameters exist from the start), not the demo seed.
beforeAll(async () => {
  app = await createTestApp();
  await seedAccounts(app.db, createRandom(1), await app.passwords.hash(DEMO_PASSWORD));
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

interface ParameterAnswer {
  id: number;
  parametro: string;
  valor: string;
  versao: number;
}

async function read(parametro: string): Promise<ParameterAnswer> {
  const response = await injectAs(app, admin, { method: 'GET', url: '/api/parametros' });
  expect(response.statusCode).toBe(200);
  return (response.json().data.data as ParameterAnswer[]).find((parameter) => parameter.parametro === parametro)!;
}

const put = (id: number, payload: object) => injectAs(app, admin, { method: 'PUT', url: `/api/parametros/${id}`, payload });

/** The stored row and its history: what a refused change must leave as it was. */
async function stored(id: number) {
  const [row] = await app.db.select().from(parameters).where(eq(parameters.id, id));
  return { row, history: await app.db.select().from(parameterChanges).where(eq(parameterChanges.parameterId, id)) };
}

describe('PUT /api/parametros/{id} with versao', () => {
  it('answers versao in the list, and a value sent with the current one is saved and bumps it', async () => {
    const parameter = await read(PARAMETER_NAMES.companyName);
    expect(parameter.versao).toBe(1);
    const saved = await put(parameter.id, { valor: 'Empresa Atual', versao: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, data: expect.objectContaining({ valor: 'Empresa Atual', versao: 2 }) });
    expect(await read(PARAMETER_NAMES.companyName)).toMatchObject({ valor: 'Empresa Atual', versao: 2 });
  });

  it('answers 409 to a value sent with an older versao after another change, changing nothing', async () => {
    const parameter = await read(PARAMETER_NAMES.supportPhone);
    // Another administrator saves a value after this screen read the parameter.
    expect((await put(parameter.id, { valor: '(11) 3000-0000', versao: parameter.versao })).statusCode).toBe(200);
    const before = await stored(parameter.id);

    const stale = await put(parameter.id, { valor: '(11) 4000-0000', versao: parameter.versao });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: RECORD_CHANGED });
    expect(await stored(parameter.id)).toEqual(before);
    expect(before.row).toMatchObject({ valor: '(11) 3000-0000', rowVersion: parameter.versao + 1 });
  });

  it('saves a stale value that is the one stored (nothing of anyone else is replaced), recording no change', async () => {
    const parameter = await read(PARAMETER_NAMES.supportEmail);
    expect((await put(parameter.id, { valor: 'ajuda@portal.com.br', versao: parameter.versao })).statusCode).toBe(200);
    const before = await stored(parameter.id);

    const same = await put(parameter.id, { valor: 'ajuda@portal.com.br', versao: parameter.versao });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ valor: 'ajuda@portal.com.br', versao: parameter.versao + 1 });
    expect(await stored(parameter.id)).toEqual(before);
  });

  it('saves a value without versao as before (the spec body), whatever changed since', async () => {
    const parameter = await read(PARAMETER_NAMES.privacyPolicyUrl);
    expect((await put(parameter.id, { valor: 'https://um.com.br/privacidade' })).statusCode).toBe(200);
    const later = await put(parameter.id, { valor: 'https://dois.com.br/privacidade' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ valor: 'https://dois.com.br/privacidade', versao: parameter.versao + 2 });
  });

  it('refuses a versao that is not a positive integer (400), changing nothing', async () => {
    const parameter = await read(PARAMETER_NAMES.customerSiteUrl);
    const before = await stored(parameter.id);
    for (const versao of [0, -1, 1.5, 'abc', true, {}]) {
      const response = await put(parameter.id, { valor: 'https://versao-ruim.com.br', versao });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: RECORD_VERSION_INVALID, errors: { versao: RECORD_VERSION_INVALID } });
    }
    expect(await stored(parameter.id)).toEqual(before);
  });
});

describe('the catalogue of parameters at start (ensurePortalParameters)', () => {
  it('keeps the versions when nothing changed, and bumps the one whose description it restores', async () => {
    const versions = async () => Object.fromEntries((await app.db.select().from(parameters)).map((row) => [row.id, row.rowVersion]));
    const before = await versions();
    await ensurePortalParameters(app.db);
    expect(await versions()).toEqual(before);

    const parameter = await read(PARAMETER_NAMES.companyName);
    await app.db.update(parameters).set({ descricao: 'Editada à mão' }).where(eq(parameters.id, parameter.id));
    await ensurePortalParameters(app.db);
    expect(await versions()).toEqual({ ...before, [parameter.id]: before[parameter.id] + 1 });
    expect((await stored(parameter.id)).row.descricao).not.toBe('Editada à mão');
  });
});
