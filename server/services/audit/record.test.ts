import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../../src/domain/userTypes';
import { administrators, auditLog } from '../../db/schema';
import { createTestApp, injectAs, login } from '../../test/helpers';
import { countQueries } from '../../test/queryCounter';
import { chainTokens, createChain, TEST_PASSWORD, unique } from '../../test/channelFixtures';
import { insertBeneficiary } from '../../test/careFixtures';
import { GATEWAY_ACTOR, recordAudit, recordBeneficiaryViews, recordPublicAudit, type AuditEntry } from './record';

/**
 * What one audit row holds (record.ts): the actor's name as each account type keeps it, the record
 * named as text, the summary's limit, the system actors of the checkout and the gateway, and a page's
 * views one per beneficiary, by our uuid or the provider's id. A portal of its own,
 * without the demo data: one sales chain and an administrator.
 */

let app: FastifyInstance;
let tokens: Record<UserType, string>;
let names: Record<UserType, string>;
let sold: { uuid: string; cpf: string };
const ADDRESS = '198.51.100.4';

beforeAll(async () => {
  app = await createTestApp();
  const chain = await createChain(app);
  const admin = { nome: `Administradora ${unique()}`, email: `a-${unique()}@teste.com` };
  await app.db.insert(administrators).values({ ...admin, passwordHash: await app.passwords.hash(TEST_PASSWORD) });
  const channel = await chainTokens(app, chain);
  tokens = {
    ADMINISTRADOR: await login(app, admin.email, 'ADMINISTRADOR', TEST_PASSWORD),
    PARCEIRO: channel.partner,
    FILIAL: channel.branch,
    REVENDEDOR: channel.reseller,
  };
  names = { ADMINISTRADOR: admin.nome, PARCEIRO: chain.partner.nome, FILIAL: chain.branch.titulo, REVENDEDOR: chain.reseller.nome };
  sold = await insertBeneficiary(app.db, { resellerId: chain.reseller.id });
});
afterAll(() => app?.close());

/** The audit rows written while `write` ran, oldest first. */
async function rowsWrittenBy(write: () => Promise<unknown>) {
  const [{ last }] = await app.db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  await write();
  return app.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${last}`)
    .orderBy(auditLog.id);
}

describe('the actor of a row', () => {
  it.each(['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)('is a %s named by its account’s name', async (type) => {
    const rows = await rowsWrittenBy(async () => {
      const response = await injectAs(app, tokens[type], {
        method: 'GET',
        url: `/api/beneficiaries/cpf/${sold.cpf}`,
        remoteAddress: ADDRESS,
      });
      expect(response.statusCode).toBe(200);
    });
    expect(rows.map((row) => [row.actorType, row.actorName, row.action, row.entityId, row.ipAddress])).toEqual([
      [type, names[type], 'view', sold.uuid, ADDRESS],
    ]);
  });

  it('is a system actor by the name it gives, and nameless when of no known type', async () => {
    const entry: AuditEntry = { action: 'delete', entity: 'parameter' };
    const rows = await rowsWrittenBy(async () => {
      await recordAudit(app.db, { type: 'GATEWAY', id: 0, name: 'Gateway de teste', ipAddress: 'job' }, entry);
      await recordAudit(app.db, { type: 'SISTEMA', id: 0, ipAddress: 'job' }, entry);
    });
    expect(rows.map((row) => [row.actorType, row.actorName])).toEqual([
      ['GATEWAY', 'Gateway de teste'],
      ['SISTEMA', ''],
    ]);
  });
});

describe('the actor of a write without an account', () => {
  it('is the public checkout unless another is named (the gateway), at the address the entry gives', async () => {
    const rows = await rowsWrittenBy(async () => {
      await recordPublicAudit(app.db, {
        action: 'create',
        entity: 'beneficiary',
        entityId: sold.uuid,
        summary: 'Compra',
        ipAddress: ADDRESS,
      });
      await recordPublicAudit(
        app.db,
        { action: 'status', entity: 'beneficiary', entityId: sold.uuid, ipAddress: 'webhook' },
        GATEWAY_ACTOR,
      );
    });
    // Rows written without an account name their writer by these two: the checkout unless told otherwise.
    expect(rows.map((row) => [row.actorType, row.actorId, row.actorName, row.action, row.entityId, row.summary, row.ipAddress])).toEqual([
      ['CHECKOUT', 0, 'Checkout público', 'create', sold.uuid, 'Compra', ADDRESS],
      ['GATEWAY', 0, 'Gateway de pagamento', 'status', sold.uuid, null, 'webhook'],
    ]);
  });
});

describe('the record and summary of a row', () => {
  it('keeps the record’s id as text, none for a list, and a summary of at most 300 characters', async () => {
    const actor = { type: 'ADMINISTRADOR', id: 0, name: 'Rotina', ipAddress: ADDRESS };
    const rows = await rowsWrittenBy(async () => {
      for (const entry of [{ entityId: 42, summary: 'x'.repeat(301) }, { entityId: null, summary: '' }, {}]) {
        await recordAudit(app.db, actor, { action: 'update', entity: 'parameter', ...entry });
      }
    });
    expect(rows.map((row) => [row.entityId, row.summary])).toEqual([
      ['42', 'x'.repeat(300)],
      [null, null],
      [null, null],
    ]);
  });
});

describe('the views of a page', () => {
  const actor = { type: 'FILIAL', id: 0, name: 'Leitura', ipAddress: ADDRESS };

  it('records one view per beneficiary shown, however often and in whatever case its uuid came', async () => {
    const rows = await rowsWrittenBy(() => recordBeneficiaryViews(app.db, actor, [sold.uuid.toUpperCase(), sold.uuid, ''], 'Página 1'));
    expect(rows.map((row) => [row.action, row.entity, row.entityId, row.summary, row.actorName])).toEqual([
      ['view', 'beneficiary', sold.uuid, 'Página 1', 'Leitura'],
    ]);
  });

  // The provider's id is looked up as text only: sent to our uuid column, an id that is no uuid fails the statement.
  it('records the beneficiary the provider named by its own id (no uuid) under our uuid, beside one named by ours', async () => {
    const providerId = `paciente-${unique()}`;
    const known = await insertBeneficiary(app.db, { providerUuid: providerId });
    const rows = await rowsWrittenBy(() => recordBeneficiaryViews(app.db, actor, [providerId, sold.uuid], 'Agenda'));
    expect(rows.map((row) => row.entityId).sort()).toEqual([known.uuid, sold.uuid].sort());
  });

  // Prepared once for every page (db/preparedStatements.ts): a parameter per id made a text per page length.
  it('writes the views of pages of any length, with our uuids or the provider’s ids, with one statement text', async () => {
    const providerId = `paciente-${unique()}`;
    const known = await insertBeneficiary(app.db, { providerUuid: providerId });
    const queries = countQueries(app);
    try {
      await recordBeneficiaryViews(app.db, actor, [sold.uuid], 'Página 1');
      await recordBeneficiaryViews(app.db, actor, [providerId, known.uuid, sold.uuid], 'Página 2');
      await recordBeneficiaryViews(app.db, actor, [providerId], 'Página 3');
    } finally {
      queries.restore();
    }
    expect(queries.statements).toHaveLength(3);
    expect(new Set(queries.statements).size).toBe(1);
  });

  it('records nothing for a page that showed no one, without a statement to the database', async () => {
    const queries = countQueries(app);
    try {
      await recordBeneficiaryViews(app.db, actor, ['', ''], 'Página vazia');
    } finally {
      queries.restore();
    }
    expect(queries.statements).toEqual([]);
  });
});
