import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BRANCH_TEXTS, statusLabel } from '../../src/domain/channels';
import { branchSchema } from '../../src/domain/validation/channels';
import { CsvFile, DoneAnswer, ListAnswer, RecordAnswer, SaveAnswer } from '../../src/domain/wire/answers';
import { Branch, BranchOption } from '../../src/domain/wire/channels';
import { batchesInKeyOrder } from '../lib/csv';
import { keyOf, keyset } from '../lib/keyset';
import { idFilter, parseListQuery, setTotalCount } from '../lib/listQuery';
import { id, queryFilters, text } from '../lib/queryFilters';
import { ExportQuery, ListQuery, Query, QueryText, RecordIdParams } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import type { Principal } from '../services/auth/tokens';
import {
  BRANCH_DEFAULT_KEY,
  BRANCH_DEFAULT_SORT,
  BRANCH_SORTS,
  branchExportBatch,
  createBranch,
  deleteBranch,
  findBranch,
  listBranches,
  branchOptions,
  updateBranch,
} from '../services/channels/branches';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf } from '../services/audit/record';
import { csvDate } from '../services/channels/listing';
import { recordId } from '../services/channels/requestValues';

/** This module's routes in the API reference (/api/docs). */
const tags = ['branches'];

/** The list's and the export's filters: the query parameters /api/docs shows and what the service gets. */
const FILTERS = queryFilters({
  titulo: text('Title contains'),
  parceiro: text("Partner's name contains"),
  email: text('E-mail contains'),
  partnerId: id('id_parceiro', "The partner's id"),
});
const sorts = Object.keys(BRANCH_SORTS);

/** A partner user's branch always goes under its own partner, whatever the body says. */
const schemaFor = (principal: Principal, creating: boolean) => branchSchema({ creating, withPartner: principal.type !== 'PARCEIRO' });

/** The body as an administrator sends it; a partner user's `id_parceiro` is ignored. */
const bodyOf = (creating: boolean) =>
  documentedBody(
    branchSchema({ creating, withPartner: true }),
    "A partner user's branch goes under its own partner: id_parceiro is ignored.",
  );

export default async function branchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/branches',
    {
      schema: {
        tags,
        summary: 'List branches (one page)',
        querystring: ListQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: ListAnswer(Branch) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, BRANCH_SORTS, BRANCH_DEFAULT_SORT);
      const { items, total } = await listBranches(app.db, request.principal, FILTERS.read(request.query), list);
      setTotalCount(reply, total);
      return { data: { data: items } };
    },
  );

  /** Names only, for the reseller form's picker: the whole scope (branches are a few hundred at most). */
  app.get(
    '/api/branches/options',
    {
      schema: {
        tags,
        summary: 'Branches as select options',
        querystring: Query({ id_parceiro: QueryText("Only this partner's branches") }),
        response: { 200: ListAnswer(BranchOption) },
      },
    },
    async (request) => ({
      data: { data: await branchOptions(app.db, request.principal, idFilter(request.query, 'id_parceiro')) },
    }),
  );

  app.get(
    '/api/branches/export',
    {
      schema: {
        tags,
        summary: 'Export branches as CSV',
        querystring: ExportQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { sort } = parseListQuery(request.query, BRANCH_SORTS, BRANCH_DEFAULT_SORT);
      const filters = FILTERS.read(request.query);
      const key = keyset(keyOf(sort, BRANCH_DEFAULT_KEY));
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'branch',
        filters,
        filename: BRANCH_TEXTS.csvFilename,
        header: ['Título', 'Parceiro', 'Apelido', 'Email', 'Endereço', 'Status', 'Data de Registro'],
        rows: batchesInKeyOrder((limit, after) => branchExportBatch(app.db, request.principal, filters, key, limit, after)),
        line: (branch) => [
          branch.titulo,
          branch.parceiro.nome,
          branch.apelido,
          branch.email,
          branch.endereco,
          statusLabel(branch.ativo),
          csvDate(new Date(branch.data_registro)),
        ],
      });
    },
  );

  app.get(
    '/api/branches/:id',
    { schema: { tags, summary: 'One branch', params: RecordIdParams, response: { 200: RecordAnswer(Branch) } } },
    async (request) => ({
      data: await findBranch(app.db, request.principal, recordId(request.params)),
    }),
  );

  app.post(
    '/api/branches',
    { schema: { tags, summary: 'Create a branch', body: bodyOf(true), response: { 201: SaveAnswer(Branch) } } },
    async (request, reply) => {
      const values = await validateBody(schemaFor(request.principal, true), request.body);
      const branch = await createBranch(app.db, app.passwords, request.principal, actorOf(request), values);
      reply.code(201);
      return { success: true, message: BRANCH_TEXTS.messages.created, data: branch };
    },
  );

  app.put(
    '/api/branches/:id',
    { schema: { tags, summary: 'Change a branch', params: RecordIdParams, body: bodyOf(false), response: { 200: SaveAnswer(Branch) } } },
    async (request) => {
      const id = recordId(request.params);
      const values = await validateBody(schemaFor(request.principal, false), request.body);
      const branch = await updateBranch(app.db, app.passwords, request.principal, actorOf(request), id, values);
      return { success: true, message: BRANCH_TEXTS.messages.updated, data: branch };
    },
  );

  app.delete(
    '/api/branches/:id',
    { schema: { tags, summary: 'Delete a branch', params: RecordIdParams, response: { 200: DoneAnswer } } },
    async (request) => {
      const id = recordId(request.params);
      await deleteBranch(app.db, request.principal, actorOf(request), id);
      return { success: true, message: BRANCH_TEXTS.messages.removed };
    },
  );
}
