import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_VIEW_SOURCES } from '../../src/domain/audit';
import { APPOINTMENT_MESSAGES, appointmentStatusLabel, appointmentTypeLabel } from '../../src/domain/care';
import { formatCpf } from '../../src/domain/documents';
import { appointmentRequestSchema } from '../../src/domain/validation/care';
import { CsvFile, DoneAnswer } from '../../src/domain/wire/answers';
import { Appointment, Patient } from '../../src/domain/wire/care';
import { notFound } from '../lib/httpErrors';
import { setTotalCount, textFilter } from '../lib/listQuery';
import { ExportQuery, ListQuery, PathParams, Query, QueryText } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf, recordAudit, recordBeneficiaryViews } from '../services/audit/record';
import { activeBeneficiary, searchPatients } from '../services/telemedicine/beneficiaries';
import { isProviderId } from '../services/telemedicine/uuid';
import { appointmentFilters, appointmentPage } from '../services/telemedicine/listParams';
import { APPOINTMENT_SORT_COLUMNS } from '../services/telemedicine/types';

/** This module's routes in the API reference (/api/docs). */
const tags = ['appointments'];

const NOT_FOUND = 'Consulta não encontrada.';

/** What appointmentFilters reads, for /api/docs. */
const FILTERS = {
  dataInicial: 'On or after (yyyy-mm-dd or dd/mm/yyyy)',
  dataFinal: 'On or before (yyyy-mm-dd or dd/mm/yyyy)',
  paciente: "Patient's name contains",
  especialidade: 'Specialty',
  status: "The appointment's status",
  profissional: "Professional's name contains",
};

const AppointmentParams = PathParams({ uuid: "The appointment's id at the telemedicine provider (anything else answers 404)" });

/** The appointment named in the path; an id the provider cannot have is 404 before anything is sent or audited. */
function appointmentId(params: unknown): string {
  const { uuid } = params as { uuid: string };
  if (!isProviderId(uuid)) throw notFound(NOT_FOUND);
  return uuid;
}

/** 'Agenda de Consultas': the appointments at the telemedicine provider. */
export default async function appointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * A page of the agenda shows each patient's CPF, birth date and phone: every answer is audited (a
   * 'view' row per beneficiary shown).
   */
  app.get(
    '/api/appointments',
    {
      schema: {
        tags,
        summary: 'List appointments (one page)',
        querystring: ListQuery({ sorts: APPOINTMENT_SORT_COLUMNS, filterDescriptions: FILTERS }),
        response: { 200: Type.Array(Appointment) },
      },
    },
    async (request, reply) => {
      const { request: page } = appointmentPage(request.query);
      const { items, total, totalEstimated } = await app.telemedicine.listAppointments(appointmentFilters(request.query), page);
      const shown = items.map((item) => item.beneficiary.uuid);
      await recordBeneficiaryViews(app.db, actorOf(request), shown, AUDIT_VIEW_SOURCES.agenda);
      setTotalCount(reply, total, totalEstimated);
      return items;
    },
  );

  app.get(
    '/api/appointments/export.csv',
    {
      schema: {
        tags,
        summary: 'Export appointments as CSV',
        querystring: ExportQuery({ sorts: APPOINTMENT_SORT_COLUMNS, filterDescriptions: FILTERS }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { request: page } = appointmentPage(request.query);
      const filters = appointmentFilters(request.query);
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'appointment',
        filters,
        filename: 'consultas.csv',
        header: ['Paciente', 'CPF', 'Profissional', 'Especialidade', 'Status', 'Tipo', 'Data', 'Início', 'Fim'],
        rows: app.telemedicine.exportAppointments(filters, page.sort),
        line: (item) => [
          item.beneficiary.name,
          formatCpf(item.beneficiary.cpf),
          item.professional.name,
          item.specialty.name,
          appointmentStatusLabel(item.status),
          appointmentTypeLabel(item.type),
          item.detail.date,
          item.detail.from,
          item.detail.to,
        ],
      });
    },
  );

  /** The wizard's patients: active beneficiaries by name or CPF (beyond the spec: the list grows large). */
  app.get(
    '/api/appointments/patients',
    {
      schema: {
        tags,
        summary: 'Beneficiaries who may book',
        querystring: Query({ busca: QueryText('Name or CPF') }),
        response: { 200: Type.Array(Patient) },
      },
    },
    async (request) => searchPatients(app.db, textFilter(request.query, 'busca')),
  );

  app.get(
    '/api/appointments/:uuid',
    { schema: { tags, summary: 'One appointment', params: AppointmentParams, response: { 200: Appointment } } },
    async (request) => {
      const appointment = await app.telemedicine.getAppointment(appointmentId(request.params));
      if (!appointment) throw notFound(NOT_FOUND);
      await recordBeneficiaryViews(app.db, actorOf(request), [appointment.beneficiary.uuid], AUDIT_VIEW_SOURCES.appointment);
      return appointment;
    },
  );

  app.post(
    '/api/appointments',
    { schema: { tags, summary: 'Book an appointment', body: documentedBody(appointmentRequestSchema), response: { 201: Appointment } } },
    async (request, reply) => {
      const body = await validateBody(appointmentRequestSchema, request.body);
      const beneficiary = await activeBeneficiary(app.db, body.beneficiaryUuid);
      const actor = actorOf(request);
      const appointment = await app.telemedicine.bookAppointment(
        {
          beneficiary,
          specialtyUuid: body.specialtyUuid,
          availabilityUuid: body.availabilityUuid,
          referralUuid: body.beneficiaryMedicalReferralUuid || undefined,
          // What the client approved: true for a standalone booking (validated above); a referral's has no extra charge.
          approveAdditionalPayment: !body.beneficiaryMedicalReferralUuid && body.approveAdditionalPayment === true,
        },
        (uuid, transaction = app.db) => recordAudit(transaction, actor, { action: 'create', entity: 'appointment', entityId: uuid }),
      );
      reply.status(201);
      return appointment;
    },
  );

  app.delete(
    '/api/appointments/:uuid',
    { schema: { tags, summary: 'Cancel an appointment', params: AppointmentParams, response: { 200: DoneAnswer } } },
    async (request) => {
      const uuid = appointmentId(request.params);
      const actor = actorOf(request);
      await app.telemedicine.cancelAppointment(uuid, (canceled, transaction = app.db) =>
        recordAudit(transaction, actor, { action: 'status', entity: 'appointment', entityId: canceled, summary: 'Cancelada' }),
      );
      return { success: true, message: APPOINTMENT_MESSAGES.canceled };
    },
  );
}
