import type { FastifyInstance } from 'fastify';
import { parameterKindOf, SETTINGS_MESSAGES } from '../../src/domain/settings';
import { parameterUpdateSchema } from '../../src/domain/validation/parameters';
import { notFound, unauthorized } from '../lib/httpErrors';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { validateBody } from '../lib/validation';
import { actorOf } from '../services/audit/record';
import { findAccount } from '../services/auth/accounts';
import { ensurePortalParameters } from '../services/parameters/catalog';
import { changeParameterValue, findParameter, listParameterChanges, listParameters } from '../services/parameters/parameters';

/** This module's routes in the API reference (/api/docs). */
const tags = ['parameters'];

const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  required: ['id'],
} as const;

const parameterSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    parametro: { type: 'string' },
    valor: { type: 'string' },
    descricao: { type: ['string', 'null'] },
    tipo: { type: 'string' },
    atualizado_em: { type: 'string', format: 'date-time' },
  },
} as const;

const changeSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    valor_anterior: { type: ['string', 'null'] },
    valor_novo: { type: 'string' },
    alterado_por: {
      type: 'object',
      properties: { tipo: { type: 'string' }, id: { type: 'integer' }, nome: { type: 'string' } },
    },
    alterado_em: { type: 'string', format: 'date-time' },
  },
} as const;

const successSchema = { type: 'object', properties: { success: { type: 'boolean' } } } as const;

const listOf = (item: object) => ({
  type: 'object',
  properties: { data: { type: 'object', properties: { data: { type: 'array', items: item } } } },
});

/** System parameters ('Configurações do Sistema'): administrators only. */
export default async function parameterRoutes(app: FastifyInstance) {
  // Every install has the parameters the portal reads, even without the demo data.
  app.addHook('onReady', () => ensurePortalParameters(app.db));

  app.get(
    '/api/parametros',
    { schema: { tags, summary: "List the site's parameters", response: { 200: listOf(parameterSchema) } } },
    async () => ({
      data: { data: await listParameters(app.db) },
    }),
  );

  app.put<{ Params: { id: number } }>(
    '/api/parametros/:id',
    { schema: { tags, summary: 'Change a parameter', params: idParams, response: { 200: successSchema } } },
    async (request) => {
      const parameter = await findParameter(app.db, request.params.id);
      if (!parameter) throw notFound(SETTINGS_MESSAGES.notFound);
      const { valor } = await validateBody(parameterUpdateSchema(parameterKindOf(parameter.tipo)), request.body);

      const { type, id } = request.principal;
      const account = await findAccount(app.db, type, { id });
      if (!account) throw unauthorized();
      const outcome = await changeParameterValue(app.db, parameter.id, valor, { type, id, nome: account.nome }, actorOf(request));
      if (outcome === 'missing') throw notFound(SETTINGS_MESSAGES.notFound);
      return { success: true };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/parametros/:id/historico',
    { schema: { tags, summary: "A parameter's change history", params: idParams, response: { 200: listOf(changeSchema) } } },
    async (request, reply) => {
      if (!(await findParameter(app.db, request.params.id))) throw notFound(SETTINGS_MESSAGES.notFound);
      // Sorting is fixed (newest first); only page and pageSize are read.
      const { offset, pageSize } = parseListQuery(request.query, {}, []);
      const { rows, total } = await listParameterChanges(app.db, request.params.id, { offset, limit: pageSize });
      setTotalCount(reply, total);
      return { data: { data: rows } };
    },
  );
}
