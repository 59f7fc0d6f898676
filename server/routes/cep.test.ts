import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CEP_MESSAGES } from '../../src/domain/cep';
import { startFakeViaCep, type FakeViaCep } from '../test/fakeViaCep';
import { createTestApp } from '../test/helpers';

/** GET /api/cep/:cep against a local stand-in for ViaCEP (never the network). */

let fake: FakeViaCep;
let app: FastifyInstance;
let off: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeViaCep();
  app = await createTestApp({ config: { cep: { provider: 'viacep', baseUrl: fake.baseUrl, timeoutMs: 300 } } });
  off = await createTestApp({ config: { cep: { provider: 'off', baseUrl: fake.baseUrl, timeoutMs: 300 } } });
});
afterAll(async () => {
  await Promise.all([app.close(), off.close()]);
  await fake.close();
});
afterEach(() => {
  fake.mode = 'normal';
});

const address = () => `10.6.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const lookUp = (cep: string, on = app, remoteAddress = address()) => on.inject({ method: 'GET', url: `/api/cep/${cep}`, remoteAddress });

describe('GET /api/cep/:cep', () => {
  it('answers street, neighbourhood, city and UF of a known CEP (with or without its dash), without a session', async () => {
    for (const cep of ['01310100', '01310-100']) {
      const response = await lookUp(cep);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        cep: '01310100',
        street: 'Avenida Paulista',
        neighbourhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
    }
  });

  it('answers 404 for a CEP the service does not know', async () => {
    const response = await lookUp('99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CEP_MESSAGES.notFound);
  });

  it('refuses a malformed CEP with 400 without asking the service', async () => {
    const before = fake.asked.length;
    for (const cep of ['123', '0131010a', '013101000', '01.310-100', '%2e%2e%2f']) {
      const response = await lookUp(cep);
      expect([cep, response.statusCode]).toEqual([cep, 400]);
      expect(response.json().message).toBe(CEP_MESSAGES.invalid);
    }
    expect(fake.asked.length).toBe(before);
  });

  it('answers 503 when the service fails or is slower than the timeout', async () => {
    fake.mode = 'down';
    expect((await lookUp('01310100')).statusCode).toBe(503);
    fake.mode = 'slow';
    const started = Date.now();
    const slow = await lookUp('20040020');
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe(CEP_MESSAGES.unavailable);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 503 with CEP_PROVIDER=off and never calls the service', async () => {
    const before = fake.asked.length;
    const response = await lookUp('01310100', off);
    expect(response.statusCode).toBe(503);
    expect(fake.asked.length).toBe(before);
  });

  it('limits look-ups per address', async () => {
    const from = address();
    const codes: number[] = [];
    for (let index = 0; index < 61; index++) codes.push((await lookUp('123', app, from)).statusCode);
    expect(codes.slice(0, 60).every((code) => code === 400)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});
