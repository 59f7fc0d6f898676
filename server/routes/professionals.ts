import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isProfessionalFileField, PROFESSIONAL_FILES, PROFESSIONAL_MESSAGES } from '../../src/domain/care';
import { formatCpf } from '../../src/domain/documents';
import { CsvFile, DoneAnswer, RecordAnswer, SaveAnswer, StoredFile } from '../../src/domain/wire/answers';
import { Professional } from '../../src/domain/wire/care';
import { batchesInKeyOrder } from '../lib/csv';
import { keyOf, keyset } from '../lib/keyset';
import { forbidden, notFound } from '../lib/httpErrors';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { queryFilters, text } from '../lib/queryFilters';
import { ExportQuery, ListQuery, PathParams, RecordIdParams } from '../lib/requestSchemas';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf } from '../services/audit/record';
import { MULTIPART_LIMITS, professionalFormBody, readProfessionalForm } from '../services/professionals/form';
import { createProfessional, removeProfessional, updateProfessional } from '../services/professionals/mutations';
import {
  fileKeysOf,
  findProfessionalRow,
  listProfessionals,
  PROFESSIONAL_DEFAULT_KEY,
  PROFESSIONAL_DEFAULT_SORT,
  professionalExportBatch,
  PROFESSIONAL_SORTS,
  professionalFilePath,
  professionalView,
} from '../services/professionals/queries';
import { administratorSessions, createLinkSigner, linkSessionOf, SignedLinkQuery } from '../services/uploads/signedLinks';
import { sendStoredFile } from '../services/uploads/sendFile';
import { FILE_TYPES } from '../services/uploads/fileTypes';

/** This module's routes in the API reference (/api/docs). */
const tags = ['professionals'];

const LINK_REFUSED = 'Link expirado ou inválido. Abra os detalhes novamente.';

const PROFESSIONAL_FILE_NAMES = PROFESSIONAL_FILES.map((file) => file.field).join(', ');

function idParam(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/** The list's and the export's filters: the query parameters /api/docs shows and what the service gets. */
const FILTERS = queryFilters({
  nome: text('Name contains'),
  cpf: text('CPF contains'),
  email: text('E-mail contains'),
});
const sorts = Object.keys(PROFESSIONAL_SORTS);

/** 'Lista de Profissionais' and, beyond the spec, the registration of professionals with their documents. */
export default async function professionalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // An oversized file arrives cut short (`truncated`) and becomes that field's 400, not a 413.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  const links = createLinkSigner(app.config.jwtSecret);
  const linksFor = (request: FastifyRequest) => (path: string) => links.sign(path, linkSessionOf(request));

  app.get(
    '/api/professionals',
    {
      schema: {
        tags,
        summary: 'List professionals (one page)',
        querystring: ListQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: RecordAnswer(Type.Array(Professional)) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, PROFESSIONAL_SORTS, PROFESSIONAL_DEFAULT_SORT);
      const { items, total } = await listProfessionals(
        app.db,
        FILTERS.read(request.query),
        { sort: list.sort, offset: list.offset, limit: list.pageSize },
        linksFor(request),
      );
      setTotalCount(reply, total);
      return { data: items };
    },
  );

  app.get(
    '/api/professionals/export.csv',
    {
      schema: {
        tags,
        summary: 'Export professionals as CSV',
        querystring: ExportQuery({ sorts, filterDescriptions: FILTERS.descriptions }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { sort } = parseListQuery(request.query, PROFESSIONAL_SORTS, PROFESSIONAL_DEFAULT_SORT);
      const filters = FILTERS.read(request.query);
      const key = keyset(keyOf(sort, PROFESSIONAL_DEFAULT_KEY));
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'professional',
        filters,
        filename: 'profissionais.csv',
        header: ['Nome', 'CPF', 'Email', 'CRM', 'Especialidades', 'Modalidade', 'Horários de atendimento'],
        rows: batchesInKeyOrder((limit, after) => professionalExportBatch(app.db, filters, key, limit, after), 500),
        line: (item) => [
          item.nome_completo,
          formatCpf(item.cpf),
          item.email,
          `${item.crm}/${item.crm_estado}`,
          item.especialidades.map((specialty) => specialty.name).join(', '),
          item.modalidade_atendimento,
          item.horarios_atendimento,
        ],
      });
    },
  );

  app.get(
    '/api/professionals/:id',
    { schema: { tags, summary: 'One professional', params: RecordIdParams, response: { 200: RecordAnswer(Professional) } } },
    async (request) => {
      const row = await findProfessionalRow(app.db, idParam(request.params));
      if (!row) throw notFound();
      return { data: await professionalView(app.db, row.id, linksFor(request)) };
    },
  );

  app.post(
    '/api/professionals',
    {
      schema: {
        tags,
        summary: 'Create a professional (multipart, with files)',
        body: professionalFormBody('create'),
        response: { 201: SaveAnswer(Professional) },
      },
    },
    async (request, reply) => {
      const { input, files } = await readProfessionalForm(request, 'create');
      const id = await createProfessional(app.db, app.uploads, actorOf(request), input, files);
      reply.status(201);
      return {
        success: true,
        message: PROFESSIONAL_MESSAGES.created,
        data: await professionalView(app.db, id, linksFor(request)),
      };
    },
  );

  app.put(
    '/api/professionals/:id',
    {
      schema: {
        tags,
        summary: 'Change a professional (multipart, with files)',
        params: RecordIdParams,
        body: professionalFormBody('update'),
        response: { 200: SaveAnswer(Professional) },
      },
    },
    async (request) => {
      const id = idParam(request.params);
      if (!(await findProfessionalRow(app.db, id))) throw notFound();
      const { input, files } = await readProfessionalForm(request, 'update');
      await updateProfessional(app.db, app.uploads, actorOf(request), id, input, files);
      return {
        success: true,
        message: PROFESSIONAL_MESSAGES.updated,
        data: await professionalView(app.db, id, linksFor(request)),
      };
    },
  );

  app.delete(
    '/api/professionals/:id',
    {
      schema: {
        tags,
        summary: 'Remove a professional from the roster (past appointments keep it)',
        params: RecordIdParams,
        response: { 200: DoneAnswer },
      },
    },
    async (request) => {
      const id = idParam(request.params);
      await removeProfessional(app.db, actorOf(request), id);
      return { success: true, message: PROFESSIONAL_MESSAGES.removed };
    },
  );

  // Opened from a plain link (a new tab cannot send the bearer token): the signed link names the
  // administrator it was issued to, who must still be active and in the sessions the link came from.
  app.get(
    '/api/professionals/:id/files/:field',
    {
      schema: {
        tags,
        summary: "A professional's file (signed link)",
        params: PathParams({
          id: "The professional's id (anything but a positive integer answers 404)",
          field: `The document: ${PROFESSIONAL_FILE_NAMES}`,
        }),
        querystring: SignedLinkQuery,
        response: { 200: StoredFile(Object.values(FILE_TYPES).map((type) => type.mimeType)) },
      },
    },
    async (request, reply) => {
      const { field } = request.params as { field: string };
      const id = idParam(request.params);
      if (!isProfessionalFileField(field)) throw notFound();
      const signed = await links.verify(professionalFilePath(id, field), request.query, administratorSessions(app.db));
      if (!signed) throw forbidden(LINK_REFUSED);
      const row = await findProfessionalRow(app.db, id);
      const key = row && fileKeysOf(row)[field];
      const file = key ? await app.uploads.read(key) : undefined;
      if (!file) throw notFound('Arquivo não encontrado.');
      return sendStoredFile(reply, file, `${field}-${id}`);
    },
  );
}
