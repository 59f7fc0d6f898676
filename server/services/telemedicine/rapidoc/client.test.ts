import { CARE_ERRORS } from '../../../../src/domain/care';
import { FAKE_CLIENT_ID, FAKE_TOKEN, startFakeRapidoc, type FakeRapidoc } from '../../../test/fakeRapidoc';
import { createRapidocClient, PROVIDER_REFUSED, providerMessage, type RapidocClient, type RapidocFailureLog } from './client';

/**
 * The Rapidoc client on its own, against the fake provider told how to answer: which answers are the
 * user's refusals (with the provider's words), which mean nothing is there, and which mean the
 * provider failed (502, logged with why).
 */

const UNAVAILABLE = CARE_ERRORS.providerUnavailable;

let fake: FakeRapidoc;
let call: RapidocClient;
const failures: Array<Parameters<RapidocFailureLog>[0]> = [];

beforeAll(async () => {
  fake = await startFakeRapidoc();
  call = createRapidocClient({ baseUrl: fake.baseUrl, clientId: FAKE_CLIENT_ID, token: FAKE_TOKEN, timeoutMs: 1000 }, (failure) =>
    failures.push(failure),
  );
});
afterAll(() => fake.close());
beforeEach(() => (failures.length = 0));

describe('providerMessage', () => {
  it.each([
    [{ message: 'Sem cobertura' }, 'Sem cobertura'],
    [{ error: 'Plano vencido' }, 'Plano vencido'],
    [{ detail: 'Limite atingido' }, 'Limite atingido'],
    [{ message: '', error: 'Plano vencido' }, 'Plano vencido'],
    [{ message: 42, detail: 'Limite atingido' }, 'Limite atingido'],
    [{ errors: [{ message: 'CPF inválido' }, { message: 'Nome curto' }] }, 'CPF inválido'],
    [{ errors: [{ description: 'Data inválida' }] }, 'Data inválida'],
    [{ message: 'Sem cobertura', errors: [{ message: 'CPF inválido' }] }, 'Sem cobertura'],
  ])('reads %j as %s', (data, message) => {
    expect(providerMessage(data)).toBe(message);
  });

  it.each([
    null,
    undefined,
    'Sem cobertura',
    7,
    {},
    { message: '' },
    { errors: [] },
    { errors: ['CPF inválido'] },
    { errors: [null] },
    { errors: [{ message: 7 }] },
    { errors: 'CPF inválido' },
  ])('finds no message in %j', (data) => {
    expect(providerMessage(data)).toBeUndefined();
  });
});

describe('the client', () => {
  it('answers a 404 with the provider’s message, or nothing when the caller allows a missing thing', async () => {
    fake.script('GET', '/qualquer', { status: 404, body: { message: 'Consulta inexistente' } });
    await expect(call('GET', '/qualquer')).rejects.toMatchObject({ statusCode: 404, message: 'Consulta inexistente' });
    fake.script('GET', '/qualquer', { status: 404, body: { message: 'Consulta inexistente' } });
    await expect(call('GET', '/qualquer', { missingAsUndefined: true })).resolves.toBeUndefined();
    expect(failures).toEqual([]);
  });

  it('answers a refusal without words with its own: the slot taken for a 409, a generic refusal for a 400 or 422', async () => {
    fake.script('POST', '/qualquer', { status: 409, body: {} });
    await expect(call('POST', '/qualquer', { body: {} })).rejects.toMatchObject({ statusCode: 409, message: CARE_ERRORS.slotTaken });
    for (const status of [400, 422]) {
      fake.script('POST', '/qualquer', { status, raw: '' });
      await expect(call('POST', '/qualquer', { body: {} })).rejects.toMatchObject({ statusCode: 400, message: PROVIDER_REFUSED });
    }
    fake.script('POST', '/qualquer', { status: 200, body: { success: false } });
    await expect(call('POST', '/qualquer', { body: {} })).rejects.toMatchObject({ statusCode: 400, message: PROVIDER_REFUSED });
    expect(failures).toEqual([]);
  });

  it('reads an empty answer as no data, and `success:false` as missing when the caller allows it', async () => {
    fake.script('DELETE', '/qualquer', { status: 200, raw: '  ' });
    await expect(call('DELETE', '/qualquer')).resolves.toBeUndefined();
    fake.script('GET', '/qualquer', { status: 200, body: { success: false, message: 'Beneficiário não encontrado' } });
    await expect(call('GET', '/qualquer', { missingAsUndefined: true })).resolves.toBeUndefined();
    fake.script('GET', '/qualquer', { status: 200, body: { success: true, beneficiary: { uuid: 'b-1' } } });
    await expect(call('GET', '/qualquer')).resolves.toEqual({ success: true, beneficiary: { uuid: 'b-1' } });
  });

  it('answers 502 to a provider failure and logs why, with the status when there was one', async () => {
    fake.script('GET', '/qualquer', { status: 503, body: { error: 'Em manutenção' } });
    await expect(call('GET', '/qualquer')).rejects.toMatchObject({ statusCode: 502, message: UNAVAILABLE });
    fake.script('GET', '/qualquer', { status: 500, raw: 'falhou' });
    await expect(call('GET', '/qualquer')).rejects.toMatchObject({ statusCode: 502, message: UNAVAILABLE });
    fake.script('GET', '/qualquer', { status: 200, raw: '<html>' });
    await expect(call('GET', '/qualquer')).rejects.toMatchObject({ statusCode: 502, message: UNAVAILABLE });
    fake.script('GET', '/qualquer', { delayMs: 3000, body: [] });
    await expect(call('GET', '/qualquer')).rejects.toMatchObject({ statusCode: 502, message: UNAVAILABLE });
    expect(failures).toEqual([
      { method: 'GET', path: '/qualquer', status: 503, reason: 'HTTP 503: Em manutenção' },
      { method: 'GET', path: '/qualquer', status: 500, reason: 'HTTP 500' },
      { method: 'GET', path: '/qualquer', status: 200, reason: 'answer is not JSON' },
      { method: 'GET', path: '/qualquer', status: undefined, reason: 'timeout after 1000 ms' },
    ]);
  });
});
