import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PARAMETER_NAMES } from '../../src/domain/parameters';
import { PARAMETER_VALUE_MESSAGES } from '../../src/domain/settings';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import type { UserType } from '../../src/domain/userTypes';
import { parameterChanges, parameters } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedAccounts } from '../seed/accounts';
import { seedParameters } from '../seed/parameters';
import { createRandom } from '../seed/random';
import { ensurePortalParameters } from '../services/parameters/catalog';
import { createTestApp, injectAs, login, loginAsDemo, sessionStatus } from '../test/helpers';

let app: FastifyInstance;
let adminToken: string;
// Only what these tests need (the demo accounts and parameters), not the whole, slower demo seed.
beforeAll(async () => {
  app = await createTestApp();
  await seedAccounts(app.db, createRandom(1), await app.passwords.hash(DEMO_PASSWORD));
  await seedParameters(app.db);
  adminToken = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

interface ParameterBody {
  id: number;
  parametro: string;
  valor: string;
  descricao: string | null;
  tipo: string;
  atualizado_em: string;
  versao: number;
}

async function listAsAdmin(): Promise<ParameterBody[]> {
  const response = await injectAs(app, adminToken, { method: 'GET', url: '/api/parametros' });
  expect(response.statusCode).toBe(200);
  return response.json().data.data;
}

async function parameterNamed(name: string): Promise<ParameterBody> {
  return (await listAsAdmin()).find((parameter) => parameter.parametro === name)!;
}

const put = (token: string | undefined, id: number | string, payload: unknown) =>
  injectAs(app, token, { method: 'PUT', url: `/api/parametros/${id}`, payload: payload as object });

const history = (id: number, query = '') => injectAs(app, adminToken, { method: 'GET', url: `/api/parametros/${id}/historico${query}` });

async function changesOf(id: number) {
  return app.db.select().from(parameterChanges).where(eq(parameterChanges.parameterId, id));
}

async function addParameter(parametro: string, tipo: string, valor: string) {
  const [row] = await app.db
    .insert(parameters)
    .values({ parametro, tipo, valor, descricao: `Teste ${tipo}` })
    .returning();
  return row;
}

describe('GET /api/parametros', () => {
  it('answers {data:{data:[{id, parametro, valor}]}} with the portal parameters, each described and typed', async () => {
    const list = await listAsAdmin();
    const byName = Object.fromEntries(list.map((parameter) => [parameter.parametro, parameter]));
    expect(byName[PARAMETER_NAMES.customerSiteUrl]).toMatchObject({ tipo: 'url', valor: expect.stringMatching(/^https:\/\//) });
    expect(byName[PARAMETER_NAMES.supportEmail]).toMatchObject({ tipo: 'email', valor: expect.stringContaining('@') });
    expect(byName[PARAMETER_NAMES.supportPhone]).toMatchObject({ tipo: 'text', valor: expect.any(String) });
    for (const parameter of list) {
      expect(parameter).toEqual({
        id: expect.any(Number),
        parametro: expect.any(String),
        valor: expect.any(String),
        descricao: expect.stringMatching(/.{10,}/),
        tipo: expect.stringMatching(/^(url|number|email|text)$/),
        atualizado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        versao: expect.any(Number),
      });
    }
    expect(list.map((parameter) => parameter.id)).toEqual([...list.map((parameter) => parameter.id)].sort((a, b) => a - b));
  });
});

describe('permissions', () => {
  const others: UserType[] = ['PARCEIRO', 'FILIAL', 'REVENDEDOR'];

  it.each(others)('answers 403 to %s on every parameter route and changes nothing', async (userType) => {
    const token = await loginAsDemo(app, userType);
    const target = await parameterNamed(PARAMETER_NAMES.supportPhone);
    const calls = [
      injectAs(app, token, { method: 'GET', url: '/api/parametros' }),
      put(token, target.id, { valor: '(21) 0000-0000' }),
      injectAs(app, token, { method: 'GET', url: `/api/parametros/${target.id}/historico` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    }
    expect((await parameterNamed(PARAMETER_NAMES.supportPhone)).valor).toBe(target.valor);
  });

  it('answers 401 without a token', async () => {
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/parametros' })).statusCode).toBe(401);
    expect((await put(undefined, 1, { valor: 'x' })).statusCode).toBe(401);
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/parametros/1/historico' })).statusCode).toBe(401);
  });
});

describe('PUT /api/parametros/{id}', () => {
  it('saves a valid value, answers {success:true} with the saved parameter and records who changed it, when, and the old and new value', async () => {
    const before = await parameterNamed(PARAMETER_NAMES.customerSiteUrl);
    const startedAt = Date.now();
    const response = await put(adminToken, before.id, { valor: '  https://novo-cliente.com.br/painel  ' });
    expect(response.statusCode).toBe(200);

    const after = await parameterNamed(PARAMETER_NAMES.customerSiteUrl);
    expect(response.json()).toEqual({ success: true, data: after });
    expect(after.valor).toBe('https://novo-cliente.com.br/painel');
    expect(new Date(after.atualizado_em).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    const answer = await history(before.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-total-count']).toBe('1');
    expect(answer.json().data.data).toEqual([
      {
        id: expect.any(Number),
        valor_anterior: before.valor,
        valor_novo: 'https://novo-cliente.com.br/painel',
        alterado_por: { tipo: 'ADMINISTRADOR', id: expect.any(Number), nome: 'Administrador Demo' },
        alterado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });

  it('records nothing when the value did not change', async () => {
    const target = await parameterNamed(PARAMETER_NAMES.supportEmail);
    const response = await put(adminToken, target.id, { valor: target.valor });
    expect(response.json()).toEqual({ success: true, data: target });
    expect(await changesOf(target.id)).toHaveLength(0);
  });

  it.each([
    ['a URL that is not one', 'url', 'not a url', PARAMETER_VALUE_MESSAGES.url],
    ['a URL of another scheme', 'url', 'ftp://arquivos.com.br', PARAMETER_VALUE_MESSAGES.url],
    ['a URL without a domain', 'url', 'https://semdominio', PARAMETER_VALUE_MESSAGES.url],
    ['a URL with a space', 'url', 'https://com espaco.com.br', PARAMETER_VALUE_MESSAGES.url],
    ['an e-mail without a domain', 'email', 'suporte@', PARAMETER_VALUE_MESSAGES.email],
    ['an e-mail without @', 'email', 'suporte.com.br', PARAMETER_VALUE_MESSAGES.email],
    ['a number with letters', 'number', '12a', PARAMETER_VALUE_MESSAGES.number],
    ['a number with a decimal comma', 'number', '1,5', PARAMETER_VALUE_MESSAGES.number],
    ['an empty text', 'text', '', PARAMETER_VALUE_MESSAGES.required],
    ['a text of spaces only', 'text', '   ', PARAMETER_VALUE_MESSAGES.required],
    ['a text over 2000 characters', 'text', 'x'.repeat(2001), PARAMETER_VALUE_MESSAGES.tooLong],
    ['an e-mail of many dots that ends wrong', 'email', `a@${'a.'.repeat(990)}@`, PARAMETER_VALUE_MESSAGES.email],
    ['an e-mail with an empty label', 'email', 'suporte@empresa..com.br', PARAMETER_VALUE_MESSAGES.email],
  ])('refuses %s with a clear message, changing nothing', async (_case, tipo, valor, message) => {
    const parameter = await addParameter(`teste_${tipo}_${Math.random().toString(36).slice(2)}`, tipo, 'original');
    const response = await put(adminToken, parameter.id, { valor });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: { valor: message } });
    const [stored] = await app.db.select().from(parameters).where(eq(parameters.id, parameter.id));
    expect(stored.valor).toBe('original');
    expect(stored.updatedAt.getTime()).toBe(parameter.updatedAt.getTime());
    expect(await changesOf(parameter.id)).toHaveLength(0);
  });

  it('answers an over-long e-mail built to make a backtracking check slow with the length message (ReDoS)', async () => {
    // The e-mail pattern itself is checked linear in src/domain/regexSafety.test.ts; this is the route's side.
    const parameter = await addParameter(`teste_email_${Math.random().toString(36).slice(2)}`, 'email', 'original');
    const response = await put(adminToken, parameter.id, { valor: `a@${'a.'.repeat(12 * 1024)}@` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: PARAMETER_VALUE_MESSAGES.tooLong,
      errors: { valor: PARAMETER_VALUE_MESSAGES.tooLong },
    });
  });

  it('refuses a 1 MB value unread, by the body limit', async () => {
    const parameter = await addParameter(`teste_email_${Math.random().toString(36).slice(2)}`, 'email', 'original');
    const response = await put(adminToken, parameter.id, { valor: `a@${'a.'.repeat(512 * 1024)}@` });
    expect(response.statusCode).toBe(413);
    const [stored] = await app.db.select().from(parameters).where(eq(parameters.id, parameter.id));
    expect(stored.valor).toBe('original');
  });

  it.each([
    ['number', '-12.75'],
    ['number', '30'],
    ['email', 'atendimento@empresa.com.br'],
    ['url', 'http://localhost:8080/retorno?origem=checkout'],
    ['text', 'Qualquer texto, com acentuação.'],
    ['desconhecido', 'kinds the portal does not know are checked as text'],
  ])('accepts a %s parameter set to %j', async (tipo, valor) => {
    const parameter = await addParameter(`aceito_${tipo}_${Math.random().toString(36).slice(2)}`, tipo, 'original');
    expect((await put(adminToken, parameter.id, { valor })).statusCode).toBe(200);
    const [stored] = await app.db.select().from(parameters).where(eq(parameters.id, parameter.id));
    expect(stored.valor).toBe(valor);
  });

  it.each([
    ['no valor', {}, PARAMETER_VALUE_MESSAGES.required],
    ['valor null', { valor: null }, PARAMETER_VALUE_MESSAGES.required],
    ['valor as an object', { valor: { url: 'https://x.com.br' } }, PARAMETER_VALUE_MESSAGES.notText],
  ])('answers 400 for %s', async (_case, payload, message) => {
    const target = await parameterNamed(PARAMETER_NAMES.companyName);
    const response = await put(adminToken, target.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await parameterNamed(PARAMETER_NAMES.companyName)).valor).toBe(target.valor);
  });

  it('answers 400 for a body that is not an object and 404 for an unknown or malformed id', async () => {
    const target = await parameterNamed(PARAMETER_NAMES.companyName);
    expect((await put(adminToken, target.id, ['x'])).statusCode).toBe(400);
    const unknown = await put(adminToken, 999_999, { valor: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Parâmetro não encontrado.' });
    expect((await put(adminToken, 'abc', { valor: 'x' })).statusCode).toBe(400);
    expect((await history(999_999)).statusCode).toBe(404);
  });

  it('keeps the history a true chain when changes arrive at the same time', async () => {
    const parameter = await addParameter('concorrente', 'text', 'v0');
    const values = ['v1', 'v2', 'v3', 'v4', 'v5'];
    const answers = await Promise.all(values.map((valor) => put(adminToken, parameter.id, { valor })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const changes = (await changesOf(parameter.id)).sort((a, b) => a.id - b.id);
    expect(changes).toHaveLength(5);
    expect(changes[0].oldValue).toBe('v0');
    for (let index = 1; index < changes.length; index++) expect(changes[index].oldValue).toBe(changes[index - 1].newValue);
    const [stored] = await app.db.select().from(parameters).where(eq(parameters.id, parameter.id));
    expect(stored.valor).toBe(changes[4].newValue);
  });
});

describe('GET /api/parametros/{id}/historico', () => {
  it('pages the changes newest first with the total in X-Total-Count', async () => {
    const parameter = await addParameter('paginado', 'number', '0');
    for (let value = 1; value <= 12; value++) {
      expect((await put(adminToken, parameter.id, { valor: String(value) })).statusCode).toBe(200);
    }
    const first = await history(parameter.id, '?page=1&pageSize=10');
    expect(first.headers['x-total-count']).toBe('12');
    const firstRows = first.json().data.data;
    expect(firstRows).toHaveLength(10);
    expect(firstRows[0]).toMatchObject({ valor_anterior: '11', valor_novo: '12' });

    const second = await history(parameter.id, '?page=2&pageSize=10');
    expect(second.json().data.data.map((row: { valor_novo: string }) => row.valor_novo)).toEqual(['2', '1']);
    expect((await history(parameter.id, '?page=0')).statusCode).toBe(400);
  });
});

describe('the portal parameters on every install', () => {
  it('exist without the demo data, empty and described, and a restart never overwrites a saved value', async () => {
    const bare = await createTestApp();
    try {
      const rows = await bare.db.select().from(parameters);
      const byName = Object.fromEntries(rows.map((row) => [row.parametro, row]));
      for (const name of Object.values(PARAMETER_NAMES)) {
        expect(byName[name]).toMatchObject({ valor: '', descricao: expect.stringMatching(/.{10,}/) });
      }
      expect(byName[PARAMETER_NAMES.customerSiteUrl].tipo).toBe('url');
      expect(byName[PARAMETER_NAMES.supportEmail].tipo).toBe('email');

      await bare.db
        .update(parameters)
        .set({ valor: 'https://salvo.com.br' })
        .where(eq(parameters.parametro, PARAMETER_NAMES.customerSiteUrl));
      await ensurePortalParameters(bare.db);
      const [kept] = await bare.db.select().from(parameters).where(eq(parameters.parametro, PARAMETER_NAMES.customerSiteUrl));
      expect(kept.valor).toBe('https://salvo.com.br');
    } finally {
      await bare.close();
    }
  });
});

describe("'Meu Perfil' calls, for every user type", () => {
  it.each(DEMO_ACCOUNTS.map((account) => [account.userType, account.email] as const))(
    '%s reads its name and e-mail, and changes its password under the rules',
    async (userType, email) => {
      let token = await login(app, email, userType);
      const verify = await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().user).toMatchObject({ nome: expect.any(String), email });

      const change = (payload: object) => injectAs(app, token, { method: 'POST', url: '/api/auth/change-password', payload });
      const missing = await change({ newPassword: 'novasenha1' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ currentPassword: expect.any(String) });

      const short = await change({ currentPassword: 'demo1234', newPassword: '12345' });
      expect(short.json()).toMatchObject({ message: AUTH_MESSAGES.passwordMin });

      const wrong = await change({ currentPassword: 'errada99', newPassword: 'novasenha1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Senha atual incorreta.');

      const changed = await change({ currentPassword: 'demo1234', newPassword: 'novasenha1' });
      expect(changed.json()).toEqual({ success: true, token: expect.any(String) });
      const oldToken = token;
      token = changed.json().token;
      expect(await sessionStatus(app, oldToken)).toBe(401);
      expect(await sessionStatus(app, token)).toBe(200);
      await expect(login(app, email, userType, 'novasenha1')).resolves.toEqual(expect.any(String));
    },
  );
});
