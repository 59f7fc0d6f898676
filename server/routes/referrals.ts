import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_VIEW_SOURCES } from '../../src/domain/audit';
import { referralStatusLabel } from '../../src/domain/care';
import { formatCpf } from '../../src/domain/documents';
import { CsvFile, StoredFile } from '../../src/domain/wire/answers';
import { Referral } from '../../src/domain/wire/care';
import { forbidden, notFound } from '../lib/httpErrors';
import { setTotalCount } from '../lib/listQuery';
import { ExportQuery, ListQuery, PathParams } from '../lib/requestSchemas';
import { REFERRAL_SORT_COLUMNS } from '../services/telemedicine/types';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf, recordBeneficiaryViews } from '../services/audit/record';
import { toBrDate, zonedParts } from '../services/telemedicine/dates';
import { referralFilters, referralPage } from '../services/telemedicine/listParams';
import { referralFileKey, referralFilePath } from '../services/telemedicine/local/referralQueries';
import { administratorSessions, createLinkSigner, linkSessionOf, SignedLinkQuery, type LinkSession } from '../services/uploads/signedLinks';
import { FILE_TYPES } from '../services/uploads/fileTypes';
import { sendStoredFile } from '../services/uploads/sendFile';

/** This module's routes in the API reference (/api/docs). */
const tags = ['appointments'];

/** What referralFilters reads, for /api/docs. */
const FILTERS = {
  dataInicial: 'Created on or after (yyyy-mm-dd or dd/mm/yyyy)',
  dataFinal: 'Created on or before (yyyy-mm-dd or dd/mm/yyyy)',
  busca: "Beneficiary's name or CPF",
  status: "The referral's status",
};

/** dd/mm/yyyy in São Paulo of an ISO instant; anything unreadable as it came. */
function createdDate(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : toBrDate(zonedParts(instant).date);
}

/** 'Lista de Encaminhamentos' and the referral documents. */
export default async function referralRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const links = createLinkSigner(app.config.jwtSecret);
  // Our own documents become links signed for the administrator who asked; the provider's stay as they are.
  const withLink = (referral: Referral, session: LinkSession): Referral => ({
    ...referral,
    urlPath: referral.urlPath?.startsWith('/api/') ? links.sign(referral.urlPath, session) : referral.urlPath,
  });

  /** A page shows each patient's CPF: every answer is audited (a 'view' row per beneficiary shown), hence never cached. */
  app.get(
    '/api/appointments/referrals',
    {
      schema: {
        tags,
        summary: 'List referrals (one page)',
        querystring: ListQuery({ sorts: REFERRAL_SORT_COLUMNS, filterDescriptions: FILTERS }),
        response: { 200: Type.Array(Referral) },
      },
    },
    async (request, reply) => {
      const { request: page } = referralPage(request.query);
      const { items, total, totalEstimated } = await app.telemedicine.listReferrals(referralFilters(request.query), page);
      const shown = items.map((referral) => referral.beneficiary.uuid);
      await recordBeneficiaryViews(app.db, actorOf(request), shown, AUDIT_VIEW_SOURCES.referrals);
      setTotalCount(reply, total, totalEstimated);
      return items.map((referral) => withLink(referral, linkSessionOf(request)));
    },
  );

  app.get(
    '/api/appointments/referrals/export.csv',
    {
      schema: {
        tags,
        summary: 'Export referrals as CSV',
        querystring: ExportQuery({ sorts: REFERRAL_SORT_COLUMNS, filterDescriptions: FILTERS }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { request: page } = referralPage(request.query);
      const filters = referralFilters(request.query);
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'referral',
        filters,
        filename: 'encaminhamentos.csv',
        header: ['Beneficiário', 'CPF', 'Especialidade', 'Data de criação', 'Status', 'Profissional', 'Parceiro'],
        rows: app.telemedicine.exportReferrals(filters, page.sort),
        line: (item) => [
          item.beneficiary.name,
          formatCpf(item.beneficiary.cpf),
          item.specialty?.name,
          createdDate(item.createdAt),
          referralStatusLabel(item.status),
          item.professional?.name,
          item.partner?.name,
        ],
      });
    },
  );

  app.get(
    '/api/referrals/:uuid/file',
    {
      schema: {
        tags,
        summary: "A referral's file (signed link)",
        params: PathParams({ uuid: "The referral's UUID" }),
        querystring: SignedLinkQuery,
        response: { 200: StoredFile(Object.values(FILE_TYPES).map((type) => type.mimeType)) },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params as { uuid: string };
      const signed = await links.verify(referralFilePath(uuid), request.query, administratorSessions(app.db));
      if (!signed) throw forbidden('Link expirado ou inválido. Abra a lista novamente.');
      const key = await referralFileKey(app.db, uuid);
      const file = key ? await app.uploads.read(key) : undefined;
      if (!file) throw notFound('Arquivo não encontrado.');
      return sendStoredFile(reply, file, `encaminhamento-${uuid}`);
    },
  );
}
