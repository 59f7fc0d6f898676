import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_MESSAGES, AVAILABILITY_MAX_RANGE_DAYS, CARE_ERRORS } from '../../src/domain/care';
import { AvailabilitySlot, Specialty } from '../../src/domain/wire/specialties';
import { badRequest } from '../lib/httpErrors';
import { textFilter } from '../lib/listQuery';
import { Query, QueryText } from '../lib/requestSchemas';
import { activeBeneficiary } from '../services/telemedicine/beneficiaries';
import { parseBrDate } from '../../src/domain/dateRange';
import { daysBetween } from '../services/telemedicine/dates';

/** This module's routes in the API reference (/api/docs). */
const tags = ['appointments'];

/** The specialties and their free times, from the telemedicine provider. */
export default async function specialtyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/specialties', { schema: { tags, summary: 'List specialties', response: { 200: Type.Array(Specialty) } } }, async () =>
    app.telemedicine.listSpecialties(),
  );

  app.get(
    '/api/specialty-availability',
    {
      schema: {
        tags,
        summary: 'Free times for a specialty',
        querystring: Query({
          specialtyUuid: QueryText('The specialty (required)'),
          dateInitial: QueryText('First day, dd/mm/yyyy (required)'),
          dateFinal: QueryText(`Last day, dd/mm/yyyy (required; at most ${AVAILABILITY_MAX_RANGE_DAYS} days after the first)`),
          beneficiaryUuid: QueryText('The beneficiary who will book, if known'),
        }),
        response: { 200: Type.Array(AvailabilitySlot) },
      },
    },
    async (request) => {
      const query = request.query;
      const specialtyUuid = textFilter(query, 'specialtyUuid');
      if (!specialtyUuid)
        throw badRequest(APPOINTMENT_MESSAGES.specialtyRequired, { specialtyUuid: APPOINTMENT_MESSAGES.specialtyRequired });
      const dateInitial = parseBrDate(textFilter(query, 'dateInitial'));
      if (!dateInitial) throw badRequest(CARE_ERRORS.dateInitialInvalid, { dateInitial: CARE_ERRORS.dateInitialInvalid });
      const dateFinal = parseBrDate(textFilter(query, 'dateFinal'));
      if (!dateFinal) throw badRequest(CARE_ERRORS.dateFinalInvalid, { dateFinal: CARE_ERRORS.dateFinalInvalid });
      if (dateFinal < dateInitial) throw badRequest(CARE_ERRORS.dateOrder, { dateFinal: CARE_ERRORS.dateOrder });
      if (daysBetween(dateInitial, dateFinal) > AVAILABILITY_MAX_RANGE_DAYS) {
        throw badRequest(CARE_ERRORS.rangeTooLong, { dateFinal: CARE_ERRORS.rangeTooLong });
      }
      const beneficiaryUuid = textFilter(query, 'beneficiaryUuid');
      const beneficiary = beneficiaryUuid ? await activeBeneficiary(app.db, beneficiaryUuid) : undefined;
      return app.telemedicine.availability({ specialtyUuid, dateInitial, dateFinal, beneficiary });
    },
  );
}
