import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { administrators, auditLog } from '../../db/schema';
import { createTestApp, csvLines } from '../../test/helpers';
import { unique } from '../../test/channelFixtures';
import { sendAuditedCsv } from './auditedCsv';

/**
 * A list's CSV download (auditedCsv.ts), served by a route of its own over the portal's database:
 * the audit row (who, what, under which filters) and the lines, one per row in the rows' order.
 * Without the demo data, so that a mutant's run stays short.
 */

let portal: FastifyInstance;
let downloads: FastifyInstance;
let admin: { id: number; nome: string };
const ADDRESS = '203.0.113.7';

/** The rows as an export reads them: in batches (of two here), none of them empty. */
async function* listOf<T>(rows: T[]) {
  for (let start = 0; start < rows.length; start += 2) yield rows.slice(start, start + 2);
}

beforeAll(async () => {
  portal = await createTestApp();
  [admin] = await portal.db
    .insert(administrators)
    .values({ nome: `Exportadora ${unique()}`, email: `e-${unique()}@teste.com`, passwordHash: 'x' })
    .returning({ id: administrators.id, nome: administrators.nome });
  downloads = Fastify();
  // The auth plugin's part: the signed-in account of the request.
  downloads.addHook('onRequest', async (request) => {
    request.principal = { id: admin.id, type: 'ADMINISTRADOR', tokenVersion: 0 };
  });
  downloads.get('/partners.csv', (request, reply) =>
    sendAuditedCsv(portal.db, request, reply, {
      entity: 'partner',
      filters: { nome: 'Ana', status: undefined, cnpj: '12345678000199' },
      filename: 'parceiros.csv',
      header: ['Nome', 'Cidade'],
      rows: listOf([
        { nome: 'Ana', cidade: 'Recife' },
        { nome: 'Bia', cidade: 'Natal' },
        { nome: 'Caio', cidade: 'Olinda' },
      ]),
      line: (row) => [row.nome, row.cidade],
    }),
  );
  downloads.get('/empty.csv', (request, reply) =>
    sendAuditedCsv(portal.db, request, reply, {
      entity: 'reseller',
      filters: {},
      filename: 'revendedores.csv',
      header: ['Nome'],
      rows: listOf<{ nome: string }>([]),
      line: (row) => [row.nome],
    }),
  );
  await downloads.ready();
});
afterAll(async () => {
  await downloads?.close();
  await portal?.close();
});

/** What a download answered and the audit rows it wrote. */
async function download(url: string) {
  const [{ last }] = await portal.db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  const response = await downloads.inject({ method: 'GET', url, remoteAddress: ADDRESS });
  const rows = await portal.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${last}`)
    .orderBy(auditLog.id);
  return { response, rows };
}

describe('an audited CSV export', () => {
  it('sends the header and one line per row, in the rows’ order', async () => {
    const { response } = await download('/partners.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="parceiros.csv"');
    expect(csvLines(response.body)).toEqual(['Nome;Cidade', 'Ana;Recife', 'Bia;Natal', 'Caio;Olinda']);
  });

  it('leaves one export row: the account, the list and its filters (a document number only said to be given)', async () => {
    const { rows } = await download('/partners.csv');
    expect(
      rows.map((row) => [row.actorType, row.actorId, row.actorName, row.action, row.entity, row.entityId, row.summary, row.ipAddress]),
    ).toEqual([['ADMINISTRADOR', admin.id, admin.nome, 'export', 'partner', null, 'Filtros: nome=Ana; cnpj=(informado)', ADDRESS]]);
  });

  it('records an export of nothing too, without filters, and sends the header alone', async () => {
    const { response, rows } = await download('/empty.csv');
    expect(csvLines(response.body)).toEqual(['Nome']);
    expect(rows.map((row) => [row.action, row.entity, row.summary])).toEqual([['export', 'reseller', null]]);
  });
});
