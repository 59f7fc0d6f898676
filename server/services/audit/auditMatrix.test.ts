import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditAction, AuditEntity } from '../../../src/domain/audit';
import { USER_TYPES, type UserType } from '../../../src/domain/userTypes';
import { auditLog } from '../../db/schema';
import { ACCESS_TABLE, expectedAnswer, routeKey, type RouteAccess } from '../../test/accessTable';
import { ScopeFixtures } from '../../test/scopeFixtures';
import { createTestApp, loginAsDemo } from '../../test/helpers';

/**
 * The audit matrix: every write route and every export → the one audit row it must leave (action,
 * entity, which record, and the caller as actor), walked for every user type allowed to call it, on
 * the requests of the authorization matrix (accessTable.ts). A write route missing here fails.
 */

/** Which record the row names: the one of the path, the one the answer created, or none (an export). */
type RowRecord = 'path' | 'created' | 'none';
type Expected = { action: AuditAction; entity: AuditEntity; record: RowRecord } | { noRow: string };

const write = (action: AuditAction, entity: AuditEntity, record: RowRecord): Expected => ({ action, entity, record });
const exported = (entity: AuditEntity): Expected => ({ action: 'export', entity, record: 'none' });

export const AUDIT_TABLE: Record<string, Expected> = {
  'POST /api/auth/login': { noRow: 'a sign-in is no change to the data (the attempt counters keep refusals)' },
  'POST /api/auth/logout': { noRow: 'ending a session changes no data' },
  'POST /api/auth/change-password': { noRow: 'the account’s own password: never in the trail' },
  'POST /api/payment': { noRow: 'public checkout: its rows (actor CHECKOUT) are checked by checkoutAudit.test.ts' },
  'POST /api/payment/pix': {
    noRow: 'a Pix charge is no sale yet: the sale and its row come when it is paid (recordApprovedSale, as for the card)',
  },
  'POST /api/payment/pix/:orderId/simulate': {
    noRow: "sandbox only: pays through the webhook's handler, whose rows checkoutAudit.test.ts checks",
  },
  'POST /api/payment/webhook/asaas': { noRow: 'gateway events: their rows (actor GATEWAY) are checked by checkoutAudit.test.ts' },
  'PUT /api/parametros/:id': write('update', 'parameter', 'path'),

  'POST /api/partners': write('create', 'partner', 'created'),
  'PUT /api/partners/:id': write('update', 'partner', 'path'),
  'DELETE /api/partners/:id': write('delete', 'partner', 'path'),
  'GET /api/partners/export': exported('partner'),

  'POST /api/branches': write('create', 'branch', 'created'),
  'PUT /api/branches/:id': write('update', 'branch', 'path'),
  'DELETE /api/branches/:id': write('delete', 'branch', 'path'),
  'GET /api/branches/export': exported('branch'),

  'POST /api/resellers': write('create', 'reseller', 'created'),
  'PUT /api/resellers/:id': write('update', 'reseller', 'path'),
  'DELETE /api/resellers/:id': write('delete', 'reseller', 'path'),
  'GET /api/resellers/export': exported('reseller'),

  'POST /api/beneficiaries': write('create', 'beneficiary', 'created'),
  'PUT /api/beneficiaries/:uuid': write('update', 'beneficiary', 'path'),
  // 'Excluir' switches the status (spec 5): the row says so.
  'DELETE /api/beneficiaries/:uuid': write('status', 'beneficiary', 'path'),
  'GET /api/beneficiaries/export': exported('beneficiary'),

  'POST /api/professionals': write('create', 'professional', 'created'),
  'PUT /api/professionals/:id': write('update', 'professional', 'path'),
  'DELETE /api/professionals/:id': write('delete', 'professional', 'path'),
  'GET /api/professionals/export.csv': exported('professional'),

  'POST /api/appointments': write('create', 'appointment', 'created'),
  // Cancelling keeps the appointment, with its status changed.
  'DELETE /api/appointments/:uuid': write('status', 'appointment', 'path'),
  'GET /api/appointments/export.csv': exported('appointment'),
  'GET /api/appointments/referrals/export.csv': exported('referral'),
  'GET /api/reports/sales/export': { noRow: 'sales figures by channel: no personal data to account for' },
  'GET /api/audit/export': { noRow: 'the trail itself: reading it is not a change to record' },
};

let app: FastifyInstance;
let fx: ScopeFixtures;
const tokens: Partial<Record<UserType, string>> = {};

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
  for (const type of USER_TYPES) tokens[type] = await loginAsDemo(app, type);
});
afterAll(() => app?.close());

const isExport = (row: RouteAccess) => row.method === 'GET' && /\/export(\.csv)?$/.test(row.url);
const auditedRoutes = () => ACCESS_TABLE.filter((row) => row.method !== 'GET' || isExport(row));

/** The signed-in account of each demo user type (the actor its rows must name). */
const actorIdOf = (type: UserType) =>
  ({ ADMINISTRADOR: fx.demo.adminId, PARCEIRO: fx.demo.partnerId, FILIAL: fx.demo.branchId, REVENDEDOR: fx.demo.resellerId })[type];

/** The audit rows a request added, and its answer. */
async function rowsAddedBy(row: RouteAccess, type: UserType) {
  const record = row.record ? await fx.record(row.record, type, 'in', Boolean(row.fresh)) : '';
  const session = row.endsSession ? await fx.freshSession(type) : { id: actorIdOf(type), token: tokens[type]! };
  const request = row.request
    ? await row.request({
        record,
        scope: 'in',
        type,
        succeeds: true,
        fx,
        adminToken: tokens.ADMINISTRADOR!,
        jwtSecret: app.config.jwtSecret,
      })
    : { url: row.url.replace(/:\w+/, record), payload: undefined, headers: undefined, remoteAddress: undefined };
  const [{ last }] = await app.db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  const response = await app.inject({
    method: row.method,
    url: request.url,
    payload: request.payload as string | object | undefined,
    headers: { ...request.headers, authorization: `Bearer ${session.token}` },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  const rows = await app.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${last}`)
    .orderBy(auditLog.id);
  return { record, actorId: session.id, response, rows };
}

describe('the audit table', () => {
  it('names every write route and every export the app has, and nothing else', () => {
    expect(auditedRoutes().map(routeKey).sort()).toEqual(Object.keys(AUDIT_TABLE).sort());
  });
});

const signedInWrites = ACCESS_TABLE.filter((row) => row.access !== 'public' && routeKey(row) in AUDIT_TABLE);

for (const row of signedInWrites) {
  const expected = AUDIT_TABLE[routeKey(row)];
  const callers = USER_TYPES.filter((type) => expectedAnswer(row, type, 'in') < 300);
  describe(routeKey(row), () => {
    it.each(callers)(
      'noRow' in expected ? '%s: leaves no audit row' : `%s: leaves one row '${expected.action} ${expected.entity}' naming the caller`,
      async (type) => {
        const { record, actorId, response, rows } = await rowsAddedBy(row, type);
        expect([response.statusCode, response.body.slice(0, 200)]).toEqual([expectedAnswer(row, type, 'in'), expect.any(String)]);
        expect(rows).toHaveLength('noRow' in expected ? 0 : 1);
        if ('noRow' in expected) return;
        const [written] = rows;
        expect({ actorType: written.actorType, actorId: written.actorId, action: written.action, entity: written.entity }).toEqual({
          actorType: type,
          actorId,
          action: expected.action,
          entity: expected.entity,
        });
        expect(written.actorName).toMatch(/\S/);
        if (expected.record === 'path') expect(written.entityId).toBe(record);
        if (expected.record === 'none') expect(written.entityId).toBeNull();
        if (expected.record === 'created') {
          expect(written.entityId).toMatch(/\S/);
          expect(written.entityId).not.toBe(record);
          expect(response.body).toContain(written.entityId!);
        }
      },
    );
  });
}
