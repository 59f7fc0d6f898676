import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CEP_DIGITS, CEP_MESSAGES } from '../../src/domain/cep';
import { CepAddress } from '../../src/domain/wire/cep';
import { onlyDigits } from '../../src/domain/documents';
import { badRequest, notFound, serviceUnavailable } from '../lib/httpErrors';
import type { AttemptLimit } from '../services/limits/attemptCounters';
import { CepUnavailableError, viaCepLookup } from '../services/cep/viaCep';
import { perAddressLimit } from './perAddressLimit';

/** This module's routes in the API reference (/api/docs). */
const tags = ['cep'];

/** Look-ups per client address: a form needs one or two; the limit keeps us a polite ViaCEP client. */
const CEP_LOOKUPS_PER_ADDRESS: AttemptLimit = { name: 'cep:address', max: 60, windowMs: 10 * 60 * 1000 };

/**
 * GET /api/cep/:cep: the address of a CEP, through our server (CEP_PROVIDER=viacep|off) so the
 * browser talks to one host. 400 malformed, 404 unknown, 503 when the service is off, failing or
 * slower than CEP_TIMEOUT_MS: the forms then leave the fields as they are.
 */
export default async function cepRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/cep/:cep',
    {
      schema: {
        tags,
        summary: 'Look up an address by CEP',
        params: Type.Object({ cep: Type.String({ maxLength: 12, description: 'The CEP: 8 digits, with or without its hyphen' }) }),
        response: { 200: CepAddress },
      },
      onRequest: perAddressLimit(app, CEP_LOOKUPS_PER_ADDRESS, CEP_MESSAGES.tooManyLookups),
    },
    async (request, reply): Promise<CepAddress> => {
      const cep = onlyDigits(request.params.cep);
      if (cep.length !== CEP_DIGITS || cep !== request.params.cep.replace(/-/, '')) throw badRequest(CEP_MESSAGES.invalid);
      const { provider, baseUrl, timeoutMs } = app.config.cep;
      if (provider === 'off') throw serviceUnavailable(CEP_MESSAGES.unavailable);
      let address: CepAddress | null;
      try {
        address = await viaCepLookup(baseUrl, cep, timeoutMs);
      } catch (error) {
        if (!(error instanceof CepUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, 'CEP lookup failed');
        throw serviceUnavailable(CEP_MESSAGES.unavailable);
      }
      if (!address) throw notFound(CEP_MESSAGES.notFound);
      // Addresses change rarely: the browser may keep an answer for a day.
      reply.header('Cache-Control', 'public, max-age=86400');
      return address;
    },
  );
}
