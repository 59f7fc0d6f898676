import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { WireObject } from '../../src/domain/wire/answers';
import { badRequest } from '../lib/httpErrors';
import answerSchemas from './answerSchemas';
import errors from './errors';

const Answer = WireObject({ nome: Type.String() });

async function appWith(production: boolean, answer: unknown): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('config', { production } as FastifyInstance['config']);
  await app.register(errors);
  await app.register(answerSchemas);
  app.get('/api/thing', { schema: { response: { 200: Answer } } }, async () => answer);
  app.get('/api/refused', async () => {
    throw badRequest('Nome é obrigatório', { nome: 'Nome é obrigatório' });
  });
  return app;
}

describe('answer schemas', () => {
  it('outside production, refuses an answer with a field its route does not declare, or without one it does', async () => {
    for (const answer of [{ nome: 'Ana', senha: 'x' }, {}, { nome: 1 }]) {
      const app = await appWith(false, answer);
      const response = await app.inject({ url: '/api/thing' });
      expect([answer, response.statusCode]).toEqual([answer, 500]);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining('A resposta não segue seu esquema') });
      await app.close();
    }
    const app = await appWith(false, { nome: 'Ana' });
    expect((await app.inject({ url: '/api/thing' })).json()).toEqual({ nome: 'Ana' });
    await app.close();
  });

  it('in production, serialises by the schema: an undeclared field never leaves the server', async () => {
    const app = await appWith(true, { nome: 'Ana', senha: 'x' });
    const response = await app.inject({ url: '/api/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ nome: 'Ana' });
    await app.close();
  });

  it('gives every API route the one error shape', async () => {
    const app = await appWith(false, { nome: 'Ana' });
    const response = await app.inject({ url: '/api/refused' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Nome é obrigatório', errors: { nome: 'Nome é obrigatório' } });
    expect(app.printRoutes({ includeHooks: false })).toContain('refused');
    await app.close();
  });
});
