import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEntity } from '../../../src/domain/audit';
import type { Database } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { actorOf, filtersSummary, recordAudit } from './record';

export interface CsvExport<T> {
  /** What the exported list holds, as the audit trail names it. */
  entity: AuditEntity;
  /** The list's filters as the export applies them: their summary goes into the audit row. */
  filters: object;
  filename: string;
  header: readonly string[];
  /** The rows in the export's order, a batch at a time as they are read. */
  rows: AsyncIterable<readonly T[]>;
  /** One row's cells, in the header's order. */
  line: (row: T) => readonly unknown[];
}

/**
 * A list's CSV download: records who exported it under which filters, then streams the lines.
 * Every export goes through here, so none leaves the trail without its row.
 */
export async function sendAuditedCsv<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  { entity, filters, filename, header, rows, line }: CsvExport<T>,
) {
  await recordAudit(db, actorOf(request), { action: 'export', entity, summary: filtersSummary(filters) });
  return sendCsv(reply, { filename, header, batches: rows, line });
}
