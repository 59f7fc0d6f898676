import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parameterKindOf, SETTINGS_MESSAGES } from '../../src/domain/settings';
import { parameterUpdateSchema } from '../../src/domain/validation/parameters';
import { ListAnswer, WireObject } from '../../src/domain/wire/answers';
import { Parameter, ParameterChange } from '../../src/domain/wire/parameters';
import { notFound, unauthorized } from '../lib/httpErrors';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { ListQuery } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import { actorOf } from '../services/audit/record';
import { findAccount } from '../services/auth/accounts';
import { ensurePortalParameters } from '../services/parameters/catalog';
import { changeParameterValue, findParameter, listParameterChanges, listParameters } from '../services/parameters/parameters';

/** This module's routes in the API reference (/api/docs). */
const tags = ['parameters'];

// Validated by Fastify, as it always was: an id that is not a positive integer answers 400.
const idParams = WireObject({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The parameter id (anything but a positive integer answers 400)' }),
});

/** The value's rule follows the parameter's kind: the text rule's shape stands for all. */
const changeBody = documentedBody(
  parameterUpdateSchema('text'),
  "valor must also be a URL, an e-mail or a number where the parameter's kind says so.",
);

/** System parameters ('Configurações do Sistema'): administrators only. */
export default async function parameterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Every install has the parameters the portal reads, even without the demo data.
  app.addHook('onReady', () => ensurePortalParameters(app.db));

  app.get(
    '/api/parametros',
    { schema: { tags, summary: "List the site's parameters", response: { 200: ListAnswer(Parameter) } } },
    async () => ({
      data: { data: await listParameters(app.db) },
    }),
  );

  app.put(
    '/api/parametros/:id',
    {
      schema: {
        tags,
        summary: 'Change a parameter',
        params: idParams,
        body: changeBody,
        // The spec's success flag, and the parameter as saved (its new `versao` for the next change).
        response: { 200: WireObject({ success: Type.Boolean(), data: Parameter }) },
      },
    },
    async (request) => {
      const parameter = await findParameter(app.db, request.params.id);
      if (!parameter) throw notFound(SETTINGS_MESSAGES.notFound);
      const change = await validateBody(parameterUpdateSchema(parameterKindOf(parameter.tipo)), request.body);

      const { type, id } = request.principal;
      const account = await findAccount(app.db, type, { id });
      if (!account) throw unauthorized();
      const outcome = await changeParameterValue(app.db, parameter.id, change, { type, id, nome: account.nome }, actorOf(request));
      const saved = outcome === 'missing' ? undefined : await findParameter(app.db, parameter.id);
      if (!saved) throw notFound(SETTINGS_MESSAGES.notFound);
      return { success: true, data: saved };
    },
  );

  app.get(
    '/api/parametros/:id/historico',
    {
      schema: {
        tags,
        summary: "A parameter's change history (one page)",
        params: idParams,
        // Newest first, always: no sort.
        querystring: ListQuery({}),
        response: { 200: ListAnswer(ParameterChange) },
      },
    },
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
