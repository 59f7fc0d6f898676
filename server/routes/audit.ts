import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_TEXTS, auditActionLabel, auditEntityLabel, USER_TYPE_LABELS } from '../../src/domain/audit';
import { formatDateTime } from '../../src/domain/format';
import { CsvFile, ListAnswer } from '../../src/domain/wire/answers';
import { AuditEntryView, BeneficiaryAuditEntry } from '../../src/domain/wire/audit';
import { batchesInKeyOrder, sendCsv } from '../lib/csv';
import { keyOf, keyset } from '../lib/keyset';
import { notFound } from '../lib/httpErrors';
import { parseListQuery, setTotalCount } from '../lib/listQuery';
import { BeneficiaryUuidParams, ExportQuery, ListQuery } from '../lib/requestSchemas';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../src/domain/auditKinds';
import { USER_TYPES } from '../../src/domain/userTypes';
import { findBeneficiary } from '../services/beneficiaries/queries';
import {
  AUDIT_DEFAULT_KEY,
  AUDIT_DEFAULT_ORDER,
  AUDIT_SORTS,
  auditBatch,
  auditFiltersOf,
  auditSelectionOf,
  listAudit,
  recentForRecord,
} from '../services/audit/queries';
import { scheduleAuditRetention } from '../services/audit/retention';

/** This module's routes in the API reference (/api/docs). */
const tags = ['audit'];

/** What auditFiltersOf reads, for /api/docs. */
const FILTERS = {
  from: 'From this day, yyyy-mm-dd (São Paulo)',
  to: 'Up to this day, yyyy-mm-dd (São Paulo)',
  user: "User's name contains",
  userType: `The user's type: ${USER_TYPES.join(', ')}`,
  action: `The action: ${AUDIT_ACTIONS.join(', ')}`,
  entity: `What was acted on: ${AUDIT_ENTITIES.join(', ')}`,
};
const sorts = Object.keys(AUDIT_SORTS);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit trail: the administrators' 'Auditoria' list and a beneficiary's recent history. */
function withoutStaffIdentity(entry: AuditEntryView): BeneficiaryAuditEntry {
  const { actorId: _actorId, actorName: _actorName, ipAddress: _ipAddress, ...whatAndWhen } = entry;
  return whatAndWhen;
}

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  scheduleAuditRetention(app);

  /** Newest first; always paged (the trail is large). */
  app.get(
    '/api/audit',
    {
      schema: {
        tags,
        summary: 'List audit entries (one page)',
        querystring: ListQuery({ sorts, filterDescriptions: FILTERS }),
        response: { 200: ListAnswer(AuditEntryView) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, AUDIT_SORTS, AUDIT_DEFAULT_ORDER);
      const filters = await auditSelectionOf(app.db, auditFiltersOf(request.query));
      const { rows, total, estimated } = await listAudit(app.db, filters, {
        limit: list.pageSize,
        offset: list.offset,
        key: keyOf(list.sort, AUDIT_DEFAULT_KEY),
      });
      setTotalCount(reply, total, estimated);
      return { data: { data: rows } };
    },
  );

  /** The whole filtered trail as CSV (an answer to the data protection authority, an internal review). */
  app.get(
    '/api/audit/export',
    {
      schema: {
        tags,
        summary: 'Export audit entries as CSV',
        querystring: ExportQuery({ sorts, filterDescriptions: FILTERS }),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { sort } = parseListQuery(request.query, AUDIT_SORTS, AUDIT_DEFAULT_ORDER);
      const filters = await auditSelectionOf(app.db, auditFiltersOf(request.query));
      const key = keyset(keyOf(sort, AUDIT_DEFAULT_KEY));
      const entries = batchesInKeyOrder((limit, after) => auditBatch(app.db, filters, key, limit, after));
      const C = AUDIT_TEXTS.columns;
      return sendCsv(reply, {
        filename: AUDIT_TEXTS.csvFilename,
        header: [C.when, C.user, C.userType, C.action, C.entity, 'Identificador', C.summary, C.address],
        batches: entries,
        line: (entry) => [
          formatDateTime(entry.createdAt),
          entry.actorName,
          USER_TYPE_LABELS[entry.actorType] ?? entry.actorType,
          auditActionLabel(entry.action),
          auditEntityLabel(entry.entity),
          entry.entityId,
          entry.summary,
          entry.ipAddress,
        ],
      });
    },
  );

  /**
   * Who saw or changed a beneficiary lately, for anyone who may see the beneficiary (404 otherwise).
   * Only administrators learn which staff member did it and from where.
   */
  app.get(
    '/api/audit/beneficiaries/:uuid',
    {
      schema: {
        tags,
        summary: "A beneficiary's history",
        params: BeneficiaryUuidParams,
        response: { 200: ListAnswer(BeneficiaryAuditEntry) },
      },
    },
    async (request) => {
      const uuid = (request.params as { uuid?: string }).uuid ?? '';
      const beneficiary = UUID.test(uuid) ? await findBeneficiary(app.db, request.principal, { uuid: uuid.toLowerCase() }) : undefined;
      if (!beneficiary) throw notFound('Beneficiário não encontrado.');
      const entries = await recentForRecord(app.db, 'beneficiary', beneficiary.uuid);
      const administrator = request.principal.type === 'ADMINISTRADOR';
      return { data: { data: administrator ? entries : entries.map(withoutStaffIdentity) } };
    },
  );
}
