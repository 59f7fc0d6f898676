import type { FastifyInstance } from 'fastify';
import { PARTNER_TEXTS, statusLabel } from '../../src/domain/channels';
import { formatCnpj } from '../../src/domain/documents';
import { partnerSchema } from '../../src/domain/validation/channels';
import { inBatches, sendCsv } from '../lib/csv';
import { notFound } from '../lib/httpErrors';
import { parseListQuery, setTotalCount, textFilter } from '../lib/listQuery';
import { validateBody } from '../lib/validation';
import { filtersSummary, recordAudit } from '../services/audit/record';
import { csvDate } from '../services/channels/listing';
import {
  createPartner,
  deletePartner,
  findPartner,
  listPartners,
  PARTNER_DEFAULT_SORT,
  PARTNER_SORTS,
  partnerExportPage,
  readLogo,
  updatePartner,
  type PartnerFilters,
} from '../services/channels/partners';
import { mapRows, recordId } from '../services/channels/requestValues';

/** A logo of 5 MB travels as ~6.7 MB of base64: room for it, and for a too-large one to get a clear 400. */
const LOGO_BODY_LIMIT = 12 * 1024 * 1024;

const readers = { config: { allow: ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const } };
const adminOnly = { config: { allow: ['ADMINISTRADOR'] as const } };

const filtersOf = (query: unknown): PartnerFilters => ({
  nome: textFilter(query, 'nome'),
  cnpj: textFilter(query, 'cnpj'),
  email: textFilter(query, 'email'),
});

/**
 * Partners: only administrators create, edit or delete them. Partner and branch users read their
 * own partner (their forms show it); resellers read none.
 */
export default async function partnerRoutes(app: FastifyInstance) {
  app.get('/api/partners', { config: { ...readers.config, readCache: true } }, async (request, reply) => {
    const list = parseListQuery(request.query, PARTNER_SORTS, PARTNER_DEFAULT_SORT);
    const { items, total } = await listPartners(app.db, request.principal, filtersOf(request.query), list);
    if (list.paged) setTotalCount(reply, total);
    return { data: { data: items } };
  });

  app.get('/api/partners/export', readers, async (request, reply) => {
    const { orderBy } = parseListQuery(request.query, PARTNER_SORTS, PARTNER_DEFAULT_SORT);
    const filters = filtersOf(request.query);
    const rows = inBatches((limit, offset) => partnerExportPage(app.db, request.principal, filters, orderBy, limit, offset));
    await recordAudit(request, { action: 'export', entity: 'partner', summary: filtersSummary(filters) });
    return sendCsv(
      reply,
      PARTNER_TEXTS.csvFilename,
      ['Nome', 'CNPJ', 'Email', 'Agência', 'Conta', 'Dígito', 'PIX', 'Status', 'Data de Registro'],
      mapRows(rows, (partner) => [
        partner.nome,
        formatCnpj(partner.cnpj),
        partner.email,
        partner.agencia,
        partner.conta,
        partner.digito,
        partner.pix,
        statusLabel(partner.ativo),
        csvDate(new Date(partner.data_registro)),
      ]),
    );
  });

  app.get('/api/partners/:id', readers, async (request) => ({
    data: await findPartner(app.db, request.principal, recordId(request.params)),
  }));

  // Public: an <img> cannot send a bearer token, and a logo is not sensitive.
  app.get('/api/partners/:id/logo', { config: { public: true } }, async (request, reply) => {
    const logo = await readLogo(app.db, recordId(request.params));
    if (!logo) throw notFound();
    const version = String(logo.updatedAt.getTime());
    const etag = `"${version}"`;
    const versioned = (request.query as { v?: string }).v === version;
    reply.header('ETag', etag);
    reply.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(logo.mimeType).send(logo.content);
  });

  app.post('/api/partners', { ...adminOnly, bodyLimit: LOGO_BODY_LIMIT }, async (request, reply) => {
    const values = await validateBody(partnerSchema({ creating: true }), request.body);
    const partner = await createPartner(app.db, app.passwords, values);
    await recordAudit(request, { action: 'create', entity: 'partner', entityId: partner.id, summary: partner.nome });
    reply.code(201);
    return { success: true, message: PARTNER_TEXTS.messages.created, data: partner };
  });

  app.put('/api/partners/:id', { ...adminOnly, bodyLimit: LOGO_BODY_LIMIT }, async (request) => {
    const id = recordId(request.params);
    const values = await validateBody(partnerSchema({ creating: false }), request.body);
    const partner = await updatePartner(app.db, app.passwords, id, values);
    await recordAudit(request, { action: 'update', entity: 'partner', entityId: id, summary: partner.nome });
    return { success: true, message: PARTNER_TEXTS.messages.updated, data: partner };
  });

  app.delete('/api/partners/:id', adminOnly, async (request) => {
    const id = recordId(request.params);
    await deletePartner(app.db, id);
    await recordAudit(request, { action: 'delete', entity: 'partner', entityId: id });
    return { success: true, message: PARTNER_TEXTS.messages.removed };
  });
}
