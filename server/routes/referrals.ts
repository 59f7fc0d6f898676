import type { FastifyInstance } from 'fastify';
import { referralStatusLabel } from '../../src/domain/care';
import { formatCpf } from '../../src/domain/documents';
import { inBatches, sendCsv } from '../lib/csv';
import { forbidden, notFound } from '../lib/httpErrors';
import { setTotalCount } from '../lib/listQuery';
import { findAccount } from '../services/auth/accounts';
import { toBrDate, zonedParts } from '../services/telemedicine/dates';
import { referralFilters, referralPage } from '../services/telemedicine/listParams';
import { referralFileKey, referralFilePath } from '../services/telemedicine/local/referralQueries';
import type { Referral } from '../services/telemedicine/types';
import { createLinkSigner } from '../services/uploads/signedLinks';
import { sendStoredFile } from '../services/uploads/sendFile';

const ADMIN_ONLY = { allow: ['ADMINISTRADOR'] } as const;

/** dd/mm/yyyy in São Paulo of an ISO instant; anything unreadable as it came. */
function createdDate(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : toBrDate(zonedParts(instant).date);
}

/** 'Lista de Encaminhamentos' and the referral documents. */
export default async function referralRoutes(app: FastifyInstance) {
  const links = createLinkSigner(app.config.jwtSecret);
  // Our own documents become links signed for the administrator who asked; the provider's stay as they are.
  const withLink = (referral: Referral, accountId: number): Referral => ({
    ...referral,
    urlPath: referral.urlPath?.startsWith('/api/') ? links.sign(referral.urlPath, accountId) : referral.urlPath,
  });

  app.get('/api/appointments/referrals', { config: { ...ADMIN_ONLY, readCache: true } }, async (request, reply) => {
    const { paged, request: page } = referralPage(request.query);
    const { items, total } = await app.telemedicine.listReferrals(referralFilters(request.query), page);
    if (paged) setTotalCount(reply, total);
    return items.map((referral) => withLink(referral, request.principal.id));
  });

  app.get('/api/appointments/referrals/export.csv', { config: ADMIN_ONLY }, async (request, reply) => {
    const { request: page } = referralPage(request.query);
    const filters = referralFilters(request.query);
    const rows = inBatches(async (limit, offset) => {
      const { items } = await app.telemedicine.listReferrals(filters, { ...page, offset, limit });
      return items.map((item) => [
        item.beneficiary.name,
        formatCpf(item.beneficiary.cpf),
        item.specialty?.name,
        createdDate(item.createdAt),
        referralStatusLabel(item.status),
        item.professional?.name,
        item.partner?.name,
      ]);
    }, 500);
    return sendCsv(
      reply,
      'encaminhamentos.csv',
      ['Beneficiário', 'CPF', 'Especialidade', 'Data de criação', 'Status', 'Profissional', 'Parceiro'],
      rows,
    );
  });

  app.get('/api/referrals/:uuid/file', { config: { public: true } }, async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const signed = links.verify(referralFilePath(uuid), request.query);
    const administrator = signed && (await findAccount(app.db, 'ADMINISTRADOR', { id: signed.accountId }));
    if (!administrator || !administrator.active) throw forbidden('Link expirado ou inválido. Abra a lista novamente.');
    const key = await referralFileKey(app.db, uuid);
    const file = key ? await app.uploads.read(key) : undefined;
    if (!file) throw notFound('Arquivo não encontrado.');
    return sendStoredFile(reply, file, `encaminhamento-${uuid}`);
  });
}
