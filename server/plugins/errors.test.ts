import type { FastifyInstance } from 'fastify';
import { USER_TYPES } from '../../src/domain/userTypes';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { HttpError } from '../lib/httpErrors';
import { loginAsDemo } from '../test/helpers';
import { seedDemo } from '../seed';

/** Every error answers `{success: false, message}` in JSON, whatever the failed route had begun to send. */

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await buildApp(testConfig());
  const failingDownload =
    (error: Error) => async (_request: unknown, reply: { type: (value: string) => void; header: (k: string, v: string) => void }) => {
      reply.type('text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="x.csv"');
      throw error;
    };
  const allow = { allow: USER_TYPES };
  app.get('/api/error-test/refused', { config: allow }, failingDownload(new HttpError(400, 'Filtro inválido.')));
  app.get('/api/error-test/broken', { config: allow }, failingDownload(new Error('boom')));
  await seedDemo(app.db, app.passwords);
  await app.ready();
  token = await loginAsDemo(app, 'ADMINISTRADOR');
});
afterAll(() => app.close());

it.each([
  ['a refusal', '/api/error-test/refused', 400, 'Filtro inválido.'],
  ['a failure', '/api/error-test/broken', 500, undefined],
])('%s after a download chose its type answers JSON, not an attachment', async (_what, url, status, message) => {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['content-disposition']).toBeUndefined();
  const body = response.json();
  expect(body.success).toBe(false);
  if (message) expect(body.message).toBe(message);
  else expect(body.message).toMatch(/^Erro interno do servidor/);
});
