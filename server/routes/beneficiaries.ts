import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES as M, paymentTypeLabel, serviceTypeLabel, type Beneficiary } from '../../src/domain/beneficiaries';
import { formatCep, formatCpf, formatPhone, onlyDigits } from '../../src/domain/documents';
import { formatDate } from '../../src/domain/format';
import { beneficiaryCreateSchema, beneficiaryEditSchema } from '../../src/domain/validation/beneficiaries';
import { CsvFile } from '../../src/domain/wire/answers';
import {
  Beneficiary as BeneficiaryAnswer,
  BeneficiaryPage,
  BeneficiarySaveAnswer,
  BeneficiaryStatusAnswer,
} from '../../src/domain/wire/beneficiaries';
import { SalesChannelOptions } from '../../src/domain/wire/salesChannel';
import { batchesInKeyOrder } from '../lib/csv';
import { forbidden, notFound } from '../lib/httpErrors';
import { idFilter, parseListQuery, setTotalCount, textFilter } from '../lib/listQuery';
import { BeneficiaryUuidParams, ExportQuery, ListQuery, PathParams, Query, QueryText } from '../lib/requestSchemas';
import { documentedBody, validateBody } from '../lib/validation';
import { sendAuditedCsv } from '../services/audit/auditedCsv';
import { actorOf, recordAudit } from '../services/audit/record';
import { salesChannelOptions } from '../services/beneficiaries/channelOptions';
import { HOLDER_SORTS, listHolderPage } from '../services/beneficiaries/holderPage';
import { scheduleHolderSegmentsRebalance } from '../services/beneficiaries/holderSegments';
import type { BeneficiaryFilters } from '../services/beneficiaries/listConditions';
import { beneficiaryBatch, findBeneficiary } from '../services/beneficiaries/queries';
import { createBeneficiary, toggleBeneficiaryStatus, updateBeneficiary } from '../services/beneficiaries/writes';

/** This module's routes in the API reference (/api/docs). */
const tags = ['beneficiaries'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtersOf(query: unknown): BeneficiaryFilters {
  return {
    name: textFilter(query, 'name'),
    reseller: idFilter(query, 'reseller'),
    branch: idFilter(query, 'branch'),
    partner: idFilter(query, 'partner'),
  };
}

/** What filtersOf reads, for /api/docs. */
const FILTERS = {
  name: "Name contains (a holder's whole family shows)",
  reseller: "The reseller's id",
  branch: "The branch's id",
  partner: "The partner's id",
};

/** A uuid path parameter; anything else cannot name a beneficiary (404, never a database error). */
function uuidParam(params: unknown): string {
  const uuid = (params as { uuid?: string }).uuid ?? '';
  if (!UUID.test(uuid)) throw notFound();
  return uuid.toLowerCase();
}

/** The optional `?uuid=` of a look-up; one that cannot name a beneficiary answers 404, as a uuid path parameter does. */
function optionalUuidQuery(query: unknown): string | undefined {
  const { uuid } = (query ?? {}) as { uuid?: unknown };
  if (uuid === undefined) return undefined;
  return uuidParam({ uuid: typeof uuid === 'string' ? uuid : '' });
}

const CSV_HEADER = [
  'Nome',
  'CPF',
  'Tipo',
  'CPF do Titular',
  'Data de Nascimento',
  'Telefone',
  'Email',
  'CEP',
  'Endereço',
  'Cidade',
  'Estado',
  'Tipo de Pagamento',
  'Tipo de Serviço',
  'Revendedor',
  'Filial',
  'Parceiro',
  'Status',
];

const csvRow = (row: Beneficiary) => [
  row.name,
  formatCpf(row.cpf),
  row.holder ? 'Dependente' : 'Titular',
  row.holder ? formatCpf(row.holder) : '',
  formatDate(row.birthday),
  formatPhone(row.phone),
  row.email,
  formatCep(row.zipCode),
  row.address,
  row.city,
  row.state,
  paymentTypeLabel(row.paymentType),
  serviceTypeLabel(row.serviceType),
  row.nome_revendedor,
  row.nome_filial,
  row.nome_parceiro,
  row.isActive ? 'Ativo' : 'Inativo',
];

/**
 * Beneficiaries (spec section 7), each call within the caller's scope: a reseller its own, a branch
 * its resellers', a partner its branches', an administrator all (staff-created ones included).
 * Out of scope answers 404, as if it did not exist.
 */
export default async function beneficiaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  scheduleHolderSegmentsRebalance(app);
  /**
   * One page of holders (`page`/`pageSize`; without them the first page), each followed by its
   * dependents (a dependent carries its holder's CPF in `holder`); X-Total-Count counts holders.
   */
  app.get(
    '/api/beneficiaries',
    {
      schema: {
        tags,
        summary: 'List beneficiaries (one page)',
        querystring: ListQuery({ sorts: Object.keys(HOLDER_SORTS), filterDescriptions: FILTERS }),
        response: { 200: BeneficiaryPage },
      },
    },
    async (request, reply) => {
      // The service builds the order itself (listHolderPage reads deep pages from the end).
      const list = parseListQuery(request.query, HOLDER_SORTS, []);
      const filters = filtersOf(request.query);
      const { rows, total } = await listHolderPage(app.db, request.principal, filters, {
        sort: list.sort,
        limit: list.pageSize,
        offset: list.offset,
      });
      setTotalCount(reply, total.total, total.estimated);
      return rows;
    },
  );

  /** The filter dropdowns: the partners, branches and resellers present among the beneficiaries in scope. */
  app.get(
    '/api/beneficiaries/filters',
    {
      schema: { tags, summary: "The beneficiaries list's filter options", response: { 200: SalesChannelOptions } },
    },
    async (request) => salesChannelOptions(app.db, request.principal, { onlyWithBeneficiaries: true }),
  );

  /** The whole filtered list as CSV, read in keyset batches. */
  app.get(
    '/api/beneficiaries/export',
    {
      schema: {
        tags,
        summary: 'Export beneficiaries as CSV',
        querystring: ExportQuery({ filterDescriptions: FILTERS }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      return sendAuditedCsv(app.db, request, reply, {
        entity: 'beneficiary',
        filters,
        filename: 'beneficiarios.csv',
        header: CSV_HEADER,
        rows: batchesInKeyOrder((limit, after) => beneficiaryBatch(app.db, request.principal, filters, limit, after)),
        line: csvRow,
      });
    },
  );

  /**
   * A CPF names one record within a partner, so an administrator's look-up by CPF alone may find
   * another partner's person; a screen opened from a row sends the row's `uuid` too.
   */
  app.get(
    '/api/beneficiaries/cpf/:cpf',
    {
      schema: {
        tags,
        summary: 'Find a beneficiary by CPF',
        params: PathParams({ cpf: 'The CPF, digits or formatted (anything else answers 404)' }),
        querystring: Query({
          uuid: QueryText("The record's UUID: only the record of this UUID answers, when it has this CPF (else 404)"),
        }),
        response: { 200: BeneficiaryAnswer },
      },
    },
    async (request) => {
      const cpf = onlyDigits((request.params as { cpf: string }).cpf);
      const uuid = optionalUuidQuery(request.query);
      // 14 digits: a company bought a plan before the checkout refused CNPJs; its record must still open.
      const beneficiary =
        cpf.length === 11 || cpf.length === 14 ? await findBeneficiary(app.db, request.principal, { cpf, uuid }) : undefined;
      if (!beneficiary) throw notFound('Beneficiário não encontrado.');
      await recordAudit(app.db, actorOf(request), { action: 'view', entity: 'beneficiary', entityId: beneficiary.uuid });
      return beneficiary;
    },
  );

  /** Resellers bring beneficiaries in through the checkout only. */
  app.post(
    '/api/beneficiaries',
    {
      schema: {
        tags,
        summary: 'Create a beneficiary',
        body: documentedBody(beneficiaryCreateSchema),
        response: { 201: BeneficiarySaveAnswer },
      },
    },
    async (request, reply) => {
      if (request.principal.type === 'REVENDEDOR') throw forbidden(M.resellerCannotCreate);
      const input = await validateBody(beneficiaryCreateSchema, request.body);
      const beneficiary = await createBeneficiary(app.db, app.telemedicine, request.principal, actorOf(request), input);
      reply.status(201);
      return { success: true, message: M.created, beneficiary };
    },
  );

  app.put(
    '/api/beneficiaries/:uuid',
    {
      schema: {
        tags,
        summary: 'Change a beneficiary',
        params: BeneficiaryUuidParams,
        body: documentedBody(beneficiaryEditSchema),
        response: { 200: BeneficiarySaveAnswer },
      },
    },
    async (request) => {
      const uuid = uuidParam(request.params);
      const input = await validateBody(beneficiaryEditSchema, request.body);
      const beneficiary = await updateBeneficiary(app.db, app.telemedicine, request.principal, actorOf(request), uuid, input);
      return { success: true, message: M.updated, beneficiary };
    },
  );

  /** Flips isActive (spec: the delete call toggles the status) and answers the new state. */
  app.delete(
    '/api/beneficiaries/:uuid',
    {
      schema: {
        tags,
        summary: 'Switch a beneficiary between active and inactive',
        params: BeneficiaryUuidParams,
        response: { 200: BeneficiaryStatusAnswer },
      },
    },
    async (request) => {
      const uuid = uuidParam(request.params);
      const isActive = await toggleBeneficiaryStatus(app.db, app.telemedicine, request.principal, actorOf(request), uuid);
      return { success: true, message: M.statusUpdated, isActive };
    },
  );
}
