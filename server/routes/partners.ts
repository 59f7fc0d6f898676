import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PARTNER_TEXTS, statusLabel } from '../../src/domain/channels';
import { formatCnpj } from '../../src/domain/documents';
import { ACCEPTED_IMAGE_TYPES } from '../../src/domain/imageFiles';
import { partnerSchema } from '../../src/domain/validation/channels';
import { CsvFile, DoneAnswer, ListAnswer, NotModified, RecordAnswer, SaveAnswer, StoredFile } from '../../src/domain/wire/answers';
import { Partner, PartnerOption, PartnerView } from '../../src/domain/wire/channels';
import { BODY_LIMITS } from '../lib/bodyLimits';
import { batchesInKeyOrder } from '../lib/csv';
import { keyOf, keyset } from '../lib/keyset';
import { notFound } from '../lib/httpErrors';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { queryFilters, text } from '../lib/queryFilters';
import { ExportQuery, ListQuery, Query, QueryText, RecordIdParams } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf } from '../services/audit/record';
import { csvDate } from '../services/channels/listing';
import {
  createPartner,
  deletePartner,
  findPartner,
  listPartners,
  partnerOptions,
  PARTNER_DEFAULT_KEY,
  PARTNER_DEFAULT_SORT,
  PARTNER_SORTS,
  partnerExportBatch,
  readLogo,
  updatePartner,
} from '../services/channels/partners';
import { partnerAsSeenBy, seesPartnerBankDetails } from '../services/channels/partnerView';
import { recordId } from '../services/channels/requestValues';

/** This module's routes in the API reference (/api/docs). */
const tags = ['partners'];

/** The list's and the export's filters: the query parameters /api/docs shows and what the service gets. */
const FILTERS = queryFilters({
  nome: text('Name contains'),
  cnpj: text('CNPJ contains (digits)'),
  email: text('E-mail contains'),
});
const sorts = Object.keys(PARTNER_SORTS);

/**
 * Partners: only administrators create, edit or delete them. Partner and branch users read their
 * own partner (their forms show it), branch users without its bank details; resellers read none.
 */
export default async function partnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/partners',
    {
      schema: {
        tags,
        summary: 'List partners (one page)',
        querystring: ListQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: ListAnswer(PartnerView) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, PARTNER_SORTS, PARTNER_DEFAULT_SORT);
      const { items, total } = await listPartners(app.db, request.principal, FILTERS.read(request.query), list);
      setTotalCount(reply, total);
      return { data: { data: items.map((partner) => partnerAsSeenBy(request.principal, partner)) } };
    },
  );

  /** Names only, for the branch and reseller forms' picker: the whole scope (partners are few). */
  app.get(
    '/api/partners/options',
    { schema: { tags, summary: 'Partners as select options', response: { 200: ListAnswer(PartnerOption) } } },
    async (request) => ({
      data: { data: await partnerOptions(app.db, request.principal) },
    }),
  );

  app.get(
    '/api/partners/export',
    {
      schema: {
        tags,
        summary: 'Export partners as CSV',
        querystring: ExportQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { sort } = parseListQuery(request.query, PARTNER_SORTS, PARTNER_DEFAULT_SORT);
      const filters = FILTERS.read(request.query);
      const key = keyset(keyOf(sort, PARTNER_DEFAULT_KEY));
      const bank = seesPartnerBankDetails(request.principal);
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'partner',
        filters,
        filename: PARTNER_TEXTS.csvFilename,
        header: ['Nome', 'CNPJ', 'Email', ...(bank ? ['Agência', 'Conta', 'Dígito', 'PIX'] : []), 'Status', 'Data de Registro'],
        rows: batchesInKeyOrder((limit, after) => partnerExportBatch(app.db, request.principal, filters, key, limit, after)),
        line: (partner) => [
          partner.nome,
          formatCnpj(partner.cnpj),
          partner.email,
          ...(bank ? [partner.agencia, partner.conta, partner.digito, partner.pix] : []),
          statusLabel(partner.ativo),
          csvDate(new Date(partner.data_registro)),
        ],
      });
    },
  );

  app.get(
    '/api/partners/:id',
    { schema: { tags, summary: 'One partner', params: RecordIdParams, response: { 200: RecordAnswer(PartnerView) } } },
    async (request) => ({
      data: partnerAsSeenBy(request.principal, await findPartner(app.db, request.principal, recordId(request.params))),
    }),
  );

  // Public: an <img> cannot send a bearer token, and a logo is not sensitive.
  app.get(
    '/api/partners/:id/logo',
    {
      schema: {
        tags,
        summary: "A partner's logo",
        params: RecordIdParams,
        querystring: Query({
          v: QueryText('The logo version (its change time) the lists name: an answer for the current one is cached for a year'),
        }),
        response: { 200: StoredFile([...ACCEPTED_IMAGE_TYPES]), 304: NotModified },
      },
    },
    async (request, reply) => {
      const logo = await readLogo(app.db, recordId(request.params));
      if (!logo) throw notFound();
      const version = String(logo.updatedAt.getTime());
      const etag = `"${version}"`;
      const versioned = (request.query as { v?: string }).v === version;
      reply.header('ETag', etag);
      reply.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(logo.mimeType).send(logo.content);
    },
  );

  app.post(
    '/api/partners',
    {
      schema: {
        tags,
        summary: 'Create a partner',
        body: documentedBody(partnerSchema({ creating: true })),
        response: { 201: SaveAnswer(Partner) },
      },
      bodyLimit: BODY_LIMITS.partnerWithLogo,
    },
    async (request, reply) => {
      const values = await validateBody(partnerSchema({ creating: true }), request.body);
      const partner = await createPartner(app.db, app.passwords, actorOf(request), values);
      reply.code(201);
      return { success: true, message: PARTNER_TEXTS.messages.created, data: partner };
    },
  );

  app.put(
    '/api/partners/:id',
    {
      schema: {
        tags,
        summary: 'Change a partner',
        params: RecordIdParams,
        body: documentedBody(partnerSchema({ creating: false })),
        response: { 200: SaveAnswer(Partner) },
      },
      bodyLimit: BODY_LIMITS.partnerWithLogo,
    },
    async (request) => {
      const id = recordId(request.params);
      const values = await validateBody(partnerSchema({ creating: false }), request.body);
      const partner = await updatePartner(app.db, app.passwords, actorOf(request), id, values);
      return { success: true, message: PARTNER_TEXTS.messages.updated, data: partner };
    },
  );

  app.delete(
    '/api/partners/:id',
    { schema: { tags, summary: 'Delete a partner', params: RecordIdParams, response: { 200: DoneAnswer } } },
    async (request) => {
      const id = recordId(request.params);
      await deletePartner(app.db, actorOf(request), id);
      return { success: true, message: PARTNER_TEXTS.messages.removed };
    },
  );
}
