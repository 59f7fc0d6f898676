import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RESELLER_TEXTS, statusLabel } from '../../src/domain/channels';
import { formatCpf } from '../../src/domain/documents';
import { resellerSchema } from '../../src/domain/validation/channels';
import { CsvFile, DoneAnswer, ListAnswer, RecordAnswer, SaveAnswer } from '../../src/domain/wire/answers';
import { Reseller } from '../../src/domain/wire/channels';
import { batchesInKeyOrder } from '../lib/csv';
import { keyOf, keyset } from '../lib/keyset';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { queryFilters, text } from '../lib/queryFilters';
import { ExportQuery, ListQuery, RecordIdParams } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import type { Principal } from '../services/auth/tokens';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf } from '../services/audit/record';
import { csvDate } from '../services/channels/listing';
import { recordId } from '../services/channels/requestValues';
import { listResellers, resellerExportBatch } from '../services/channels/resellerList';
import {
  createReseller,
  deleteReseller,
  findReseller,
  RESELLER_DEFAULT_KEY,
  RESELLER_DEFAULT_SORT,
  RESELLER_SORTS,
  updateReseller,
} from '../services/channels/resellers';

/** This module's routes in the API reference (/api/docs). */
const tags = ['resellers'];

/**
 * The server takes only the branch: the partner always follows from it. A branch user's reseller
 * always goes under its own branch, whatever the body says.
 */
const schemaFor = (principal: Principal, creating: boolean) =>
  resellerSchema({ creating, withPartner: false, withBranch: principal.type !== 'FILIAL' });

/** The body as an administrator or partner user sends it; a branch user's `id_filial` is ignored. */
const bodyOf = (creating: boolean) =>
  documentedBody(
    resellerSchema({ creating, withPartner: false, withBranch: true }),
    "The partner follows from the branch (id_parceiro is ignored); a branch user's reseller goes under its own branch.",
  );

/** The list's and the export's filters: the query parameters /api/docs shows and what the service gets. */
const FILTERS = queryFilters({
  nome: text('Name contains'),
  parceiro: text("Partner's name contains"),
  filial: text("Branch's title contains"),
  cpf: text('CPF contains (digits)'),
});
const sorts = Object.keys(RESELLER_SORTS);

export default async function resellerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/resellers',
    {
      schema: {
        tags,
        summary: 'List resellers (one page)',
        querystring: ListQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: ListAnswer(Reseller) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, RESELLER_SORTS, RESELLER_DEFAULT_SORT);
      const { items, total } = await listResellers(app.db, request.principal, FILTERS.read(request.query), list);
      setTotalCount(reply, total);
      return { data: { data: items } };
    },
  );

  app.get(
    '/api/resellers/export',
    {
      schema: {
        tags,
        summary: 'Export resellers as CSV',
        querystring: ExportQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { sort } = parseListQuery(request.query, RESELLER_SORTS, RESELLER_DEFAULT_SORT);
      const filters = FILTERS.read(request.query);
      const key = keyset(keyOf(sort, RESELLER_DEFAULT_KEY));
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'reseller',
        filters,
        filename: RESELLER_TEXTS.csvFilename,
        header: ['Nome', 'CPF', 'Cargo', 'Email', 'PIX', 'Parceiro', 'Filial', 'Status', 'Data de Registro'],
        rows: batchesInKeyOrder((limit, after) => resellerExportBatch(app.db, request.principal, filters, key, limit, after)),
        line: (reseller) => [
          reseller.nome,
          formatCpf(reseller.cpf),
          reseller.cargo,
          reseller.email,
          reseller.pix,
          reseller.parceiro_nome,
          reseller.filial_titulo,
          statusLabel(reseller.ativo),
          csvDate(new Date(reseller.data_registro)),
        ],
      });
    },
  );

  app.get(
    '/api/resellers/:id',
    { schema: { tags, summary: 'One reseller', params: RecordIdParams, response: { 200: RecordAnswer(Reseller) } } },
    async (request) => ({
      data: await findReseller(app.db, request.principal, recordId(request.params)),
    }),
  );

  app.post(
    '/api/resellers',
    { schema: { tags, summary: 'Create a reseller', body: bodyOf(true), response: { 201: SaveAnswer(Reseller) } } },
    async (request, reply) => {
      const values = await validateBody(schemaFor(request.principal, true), request.body);
      const reseller = await createReseller(app.db, app.passwords, request.principal, actorOf(request), values);
      reply.code(201);
      return { success: true, message: RESELLER_TEXTS.messages.created, data: reseller };
    },
  );

  app.put(
    '/api/resellers/:id',
    {
      schema: { tags, summary: 'Change a reseller', params: RecordIdParams, body: bodyOf(false), response: { 200: SaveAnswer(Reseller) } },
    },
    async (request) => {
      const id = recordId(request.params);
      const values = await validateBody(schemaFor(request.principal, false), request.body);
      const reseller = await updateReseller(app.db, app.passwords, request.principal, actorOf(request), id, values);
      return { success: true, message: RESELLER_TEXTS.messages.updated, data: reseller };
    },
  );

  app.delete(
    '/api/resellers/:id',
    { schema: { tags, summary: 'Delete a reseller', params: RecordIdParams, response: { 200: DoneAnswer } } },
    async (request) => {
      const id = recordId(request.params);
      await deleteReseller(app.db, request.principal, actorOf(request), id);
      return { success: true, message: RESELLER_TEXTS.messages.removed };
    },
  );
}
