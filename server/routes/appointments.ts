import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_MESSAGES, appointmentStatusLabel, appointmentTypeLabel } from '../../src/domain/care';
import { formatCpf } from '../../src/domain/documents';
import { appointmentRequestSchema } from '../../src/domain/validation/care';
import { inBatches, sendCsv } from '../lib/csv';
import { notFound } from '../lib/httpErrors';
import { setTotalCount, textFilter } from '../lib/listQuery';
import { validateBody } from '../lib/validation';
import { filtersSummary, recordAudit } from '../services/audit/record';
import { activeBeneficiary, searchPatients } from '../services/telemedicine/beneficiaries';
import { appointmentFilters, appointmentPage } from '../services/telemedicine/listParams';

const ADMIN_ONLY = { allow: ['ADMINISTRADOR'] } as const;

/** 'Agenda de Consultas': the appointments at the telemedicine provider. */
export default async function appointmentRoutes(app: FastifyInstance) {
  app.get('/api/appointments', { config: { ...ADMIN_ONLY, readCache: true } }, async (request, reply) => {
    const { paged, request: page } = appointmentPage(request.query);
    const { items, total } = await app.telemedicine.listAppointments(appointmentFilters(request.query), page);
    if (paged) setTotalCount(reply, total);
    return items;
  });

  app.get('/api/appointments/export.csv', { config: ADMIN_ONLY }, async (request, reply) => {
    const { request: page } = appointmentPage(request.query);
    const filters = appointmentFilters(request.query);
    const rows = inBatches(async (limit, offset) => {
      const { items } = await app.telemedicine.listAppointments(filters, { ...page, offset, limit });
      return items.map((item) => [
        item.beneficiary.name,
        formatCpf(item.beneficiary.cpf),
        item.professional.name,
        item.specialty.name,
        appointmentStatusLabel(item.status),
        appointmentTypeLabel(item.type),
        item.detail.date,
        item.detail.from,
        item.detail.to,
      ]);
    }, 500);
    await recordAudit(request, { action: 'export', entity: 'appointment', summary: filtersSummary(filters) });
    return sendCsv(
      reply,
      'consultas.csv',
      ['Paciente', 'CPF', 'Profissional', 'Especialidade', 'Status', 'Tipo', 'Data', 'Início', 'Fim'],
      rows,
    );
  });

  /** The wizard's patients: active beneficiaries by name or CPF (beyond the spec: the list grows large). */
  app.get('/api/appointments/patients', { config: { ...ADMIN_ONLY, readCache: true } }, async (request) =>
    searchPatients(app.db, textFilter(request.query, 'busca')),
  );

  app.get('/api/appointments/:uuid', { config: ADMIN_ONLY }, async (request) => {
    const appointment = await app.telemedicine.getAppointment((request.params as { uuid: string }).uuid);
    if (!appointment) throw notFound('Consulta não encontrada.');
    return appointment;
  });

  app.post('/api/appointments', { config: ADMIN_ONLY }, async (request, reply) => {
    const body = await validateBody(appointmentRequestSchema, request.body);
    const beneficiary = await activeBeneficiary(app.db, body.beneficiaryUuid);
    const appointment = await app.telemedicine.bookAppointment({
      beneficiary,
      specialtyUuid: body.specialtyUuid,
      availabilityUuid: body.availabilityUuid,
      referralUuid: body.beneficiaryMedicalReferralUuid || undefined,
      approveAdditionalPayment: !body.beneficiaryMedicalReferralUuid,
    });
    await recordAudit(request, { action: 'create', entity: 'appointment', entityId: appointment.uuid });
    reply.status(201);
    return appointment;
  });

  app.delete('/api/appointments/:uuid', { config: ADMIN_ONLY }, async (request) => {
    const { uuid } = request.params as { uuid: string };
    await app.telemedicine.cancelAppointment(uuid);
    await recordAudit(request, { action: 'status', entity: 'appointment', entityId: uuid, summary: 'Cancelada' });
    return { success: true, message: APPOINTMENT_MESSAGES.canceled };
  });
}
