import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditEntryView } from '../../../src/domain/audit';
import { cpfCheckDigits, formatCpf } from '../../../src/domain/documents';
import type { UserType } from '../../../src/domain/userTypes';
import { auditLog, beneficiaries, parameters, resellers } from '../../db/schema';
import { freshCnpj, TEST_PASSWORD, unique } from '../../test/channelFixtures';
import { startDemoPortal } from '../../test/demoPortal';
import { csvLines, injectAs } from '../../test/helpers';
import { purgeExpiredAudit } from './retention';

let app: FastifyInstance;
let tokens: Record<UserType, string>;
const ADDRESS = '203.0.113.7';

beforeAll(async () => ({ app, tokens } = await startDemoPortal()));
afterAll(() => app.close());

const call = (type: UserType, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, tokens[type], { method, url, payload, remoteAddress: ADDRESS });

const auditCount = async () => (await app.db.select({ total: count() }).from(auditLog))[0].total;
const lastEntry = async () =>
  (
    await app.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

/** Runs a request and returns the audit rows it added. */
async function rowsWrittenBy(request: () => Promise<{ statusCode: number }>, expectedStatus: number) {
  const before = (await app.db.select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0].max;
  const response = await request();
  expect(response.statusCode).toBe(expectedStatus);
  return app.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${before}`)
    .orderBy(auditLog.id);
}

let cpfSeed = 0;
function freshCpf(): string {
  const base = String(976_000_000 + ++cpfSeed);
  return base + cpfCheckDigits(base);
}
const holderPayload = () => ({
  name: 'Auditada Teste Lima',
  cpf: formatCpf(freshCpf()),
  birthday: '1988-04-12',
  beneficiaryType: 'titular',
  holder: '',
  phone: '(11) 98765-4321',
  email: 'auditada@exemplo.com.br',
  zipCode: '01310-100',
  address: 'Avenida Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  paymentType: 'S',
  serviceType: 'GP',
  general: '',
});

async function ownBeneficiary(type: 'REVENDEDOR') {
  const [reseller] = await app.db.select().from(resellers).where(eq(resellers.email, 'revendedor@demo.com.br'));
  const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.resellerId, reseller.id)).limit(1);
  expect(type).toBe('REVENDEDOR');
  return row;
}

describe('what the audit trail records', () => {
  it('records a read of a beneficiary by CPF with who, what, when and from where — never the CPF', async () => {
    const target = await ownBeneficiary('REVENDEDOR');
    const rows = await rowsWrittenBy(() => call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`), 200);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'REVENDEDOR',
      actorName: expect.stringMatching(/\S/),
      action: 'view',
      entity: 'beneficiary',
      entityId: target.uuid,
      ipAddress: ADDRESS,
    });
    expect(Date.now() - rows[0].createdAt.getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(rows[0])).not.toContain(target.cpf);
  });

  it('records the create, edit, status change and export of beneficiaries', async () => {
    const payload = holderPayload();
    const created = await rowsWrittenBy(() => call('ADMINISTRADOR', 'POST', '/api/beneficiaries', payload), 201);
    const [stored] = await app.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.cpf, payload.cpf.replace(/\D/g, '')));
    expect(created.map((row) => [row.action, row.entityId])).toEqual([['create', stored.uuid]]);

    const { cpf: _cpf, beneficiaryType: _type, holder: _holder, general: _general, ...edit } = payload;
    const edited = await rowsWrittenBy(() => call('ADMINISTRADOR', 'PUT', `/api/beneficiaries/${stored.uuid}`, edit), 200);
    expect(edited.map((row) => [row.action, row.entityId])).toEqual([['update', stored.uuid]]);

    const toggled = await rowsWrittenBy(() => call('ADMINISTRADOR', 'DELETE', `/api/beneficiaries/${stored.uuid}`), 200);
    expect(toggled.map((row) => [row.action, row.entityId, row.summary])).toEqual([['status', stored.uuid, 'Inativado']]);

    const exported = await rowsWrittenBy(() => call('PARCEIRO', 'GET', '/api/beneficiaries/export?name=Ana'), 200);
    expect(exported).toMatchObject([{ action: 'export', entity: 'beneficiary', actorType: 'PARCEIRO', summary: 'Filtros: name=Ana' }]);
    // A document number typed in a filter is not copied into the trail.
    const byCpf = await rowsWrittenBy(() => call('ADMINISTRADOR', 'GET', '/api/resellers/export?cpf=52998224725'), 200);
    expect(byCpf).toMatchObject([{ action: 'export', entity: 'reseller', summary: 'Filtros: cpf=(informado)' }]);
  });

  it('records partners, branches and resellers being created, edited, exported and deleted', async () => {
    const tag = unique();
    const partnerBody = { nome: `Clínica ${tag}`, cnpj: freshCnpj(), email: `audit-${tag}@parceiro.com`, senha: TEST_PASSWORD };
    const [created] = await rowsWrittenBy(() => call('ADMINISTRADOR', 'POST', '/api/partners', partnerBody), 201);
    expect(created).toMatchObject({ action: 'create', entity: 'partner', summary: partnerBody.nome });
    const partnerId = Number(created.entityId);

    const { senha: _senha, ...edit } = partnerBody;
    const [updated] = await rowsWrittenBy(
      () => call('ADMINISTRADOR', 'PUT', `/api/partners/${partnerId}`, { ...edit, nome: `${edit.nome} 2` }),
      200,
    );
    expect(updated).toMatchObject({ action: 'update', entity: 'partner', entityId: String(partnerId) });

    for (const [url, entity] of [
      ['/api/partners/export', 'partner'],
      ['/api/branches/export', 'branch'],
      ['/api/resellers/export', 'reseller'],
      ['/api/professionals/export.csv', 'professional'],
      ['/api/appointments/export.csv', 'appointment'],
    ] as const) {
      const rows = await rowsWrittenBy(() => call('ADMINISTRADOR', 'GET', url), 200);
      expect(rows).toMatchObject([{ action: 'export', entity }]);
    }

    const [removed] = await rowsWrittenBy(() => call('ADMINISTRADOR', 'DELETE', `/api/partners/${partnerId}`), 200);
    expect(removed).toMatchObject({ action: 'delete', entity: 'partner', entityId: String(partnerId) });
  });

  it('records a parameter change', async () => {
    const [parameter] = await app.db.select().from(parameters).where(eq(parameters.tipo, 'text')).limit(1);
    const rows = await rowsWrittenBy(
      () => call('ADMINISTRADOR', 'PUT', `/api/parametros/${parameter.id}`, { valor: parameter.valor || 'x' }),
      200,
    );
    expect(rows).toMatchObject([{ action: 'update', entity: 'parameter', entityId: String(parameter.id), summary: parameter.parametro }]);
  });

  it('writes nothing for a refused, invalid or missing request', async () => {
    const before = await auditCount();
    expect((await call('REVENDEDOR', 'GET', '/api/beneficiaries/cpf/52998224725')).statusCode).toBe(404);
    expect((await call('ADMINISTRADOR', 'POST', '/api/beneficiaries', { ...holderPayload(), cpf: '111' })).statusCode).toBe(400);
    expect((await call('REVENDEDOR', 'POST', '/api/beneficiaries', holderPayload())).statusCode).toBe(403);
    expect((await call('PARCEIRO', 'POST', '/api/partners', {})).statusCode).toBe(403);
    expect((await call('ADMINISTRADOR', 'PUT', '/api/partners/999999', { nome: 'X' })).statusCode).toBe(400);
    expect((await call('ADMINISTRADOR', 'DELETE', '/api/resellers/999999')).statusCode).toBe(404);
    expect((await call('ADMINISTRADOR', 'DELETE', '/api/beneficiaries/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/beneficiaries/export' })).statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});

describe('GET /api/audit', () => {
  it('is for administrators only', async () => {
    for (const type of ['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) {
      expect((await call(type, 'GET', '/api/audit?page=1')).statusCode).toBe(403);
    }
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('lists newest first, one page at a time, with the total', async () => {
    const response = await call('ADMINISTRADOR', 'GET', '/api/audit?page=1&pageSize=2');
    expect(response.statusCode).toBe(200);
    const items: AuditEntryView[] = response.json().data.data;
    expect(items).toHaveLength(2);
    expect(Number(response.headers['x-total-count'])).toBe(await auditCount());
    expect(items[0].id).toBe((await lastEntry()).id);
    expect(items[0].createdAt >= items[1].createdAt).toBe(true);
  });

  it('filters by user type, user name, action, entity and period', async () => {
    const query = '/api/audit?page=1&pageSize=100&userType=REVENDEDOR&action=view&entity=beneficiary';
    const items: AuditEntryView[] = (await call('ADMINISTRADOR', 'GET', query)).json().data.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.actorType === 'REVENDEDOR' && item.action === 'view' && item.entity === 'beneficiary')).toBe(true);

    const name = items[0].actorName.slice(1, 6).toUpperCase();
    const byName: AuditEntryView[] = (await call('ADMINISTRADOR', 'GET', `/api/audit?page=1&user=${encodeURIComponent(name)}`)).json().data
      .data;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((item) => item.actorName.toUpperCase().includes(name))).toBe(true);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const todays = await call('ADMINISTRADOR', 'GET', `/api/audit?page=1&from=${today}&to=${today}`);
    expect(Number(todays.headers['x-total-count'])).toBe(await auditCount());
    const past = await call('ADMINISTRADOR', 'GET', '/api/audit?page=1&from=2020-01-01&to=2020-01-31');
    expect(past.json().data.data).toEqual([]);
  });

  it('exports the whole filtered trail as CSV for administrators only', async () => {
    const response = await call('ADMINISTRADOR', 'GET', '/api/audit/export?action=view&userType=REVENDEDOR');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('auditoria.csv');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Data/Hora;Usuário;Tipo;Ação;Registro;Identificador;Detalhes;Endereço IP');
    const expected = (
      await app.db
        .select({ total: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'view'), eq(auditLog.actorType, 'REVENDEDOR')))
    )[0].total;
    expect(lines).toHaveLength(expected + 1);
    expect(lines.slice(1).every((line) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};[^;]*;Revendedor;Visualização;Beneficiário;/.test(line))).toBe(
      true,
    );
    expect((await call('PARCEIRO', 'GET', '/api/audit/export')).statusCode).toBe(403);
    expect((await call('ADMINISTRADOR', 'GET', '/api/audit/export?from=ontem')).statusCode).toBe(400);
  });

  it.each([
    ['from=31/12/2024', 'Parâmetro from inválido.'],
    ['to=2024-13-45', 'Parâmetro to inválido.'],
    ['to=2025-02-31', 'Parâmetro to inválido.'],
    ['from=2025-02-01&to=2025-01-01', 'A data inicial deve ser anterior à data final.'],
    ['action=drop', 'Filtro action inválido.'],
    ['entity=accounts', 'Filtro entity inválido.'],
    ['userType=ROOT', 'Filtro userType inválido.'],
  ])('answers 400 to %s', async (query, message) => {
    const response = await call('ADMINISTRADOR', 'GET', `/api/audit?page=1&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/audit/beneficiaries/:uuid', () => {
  it('shows who saw or changed a beneficiary to anyone who may see it, and 404 to others', async () => {
    const target = await ownBeneficiary('REVENDEDOR');
    await call('REVENDEDOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`);
    const response = await call('FILIAL', 'GET', `/api/audit/beneficiaries/${target.uuid}`);
    expect(response.statusCode).toBe(200);
    const items: AuditEntryView[] = response.json().data.data;
    expect(items[0]).toMatchObject({ action: 'view', actorType: 'REVENDEDOR', entityId: target.uuid });
    expect(items.every((item) => item.entity === 'beneficiary' && item.entityId === target.uuid)).toBe(true);

    const [outside] = await app.db
      .select({ uuid: beneficiaries.uuid })
      .from(beneficiaries)
      .innerJoin(resellers, eq(resellers.id, beneficiaries.resellerId))
      .where(and(sql`${resellers.email} <> 'revendedor@demo.com.br'`))
      .limit(1);
    expect((await call('REVENDEDOR', 'GET', `/api/audit/beneficiaries/${outside.uuid}`)).statusCode).toBe(404);
    expect((await call('REVENDEDOR', 'GET', '/api/audit/beneficiaries/nao-e-uuid')).statusCode).toBe(404);
  });
});

describe('GET /api/audit/beneficiaries/:uuid per user type', () => {
  it.each(['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)(
    'tells %s what happened and when, never which staff member nor from where',
    async (type) => {
      const target = await ownBeneficiary('REVENDEDOR');
      await call('ADMINISTRADOR', 'GET', `/api/beneficiaries/cpf/${target.cpf}`);
      await call('FILIAL', 'GET', `/api/beneficiaries/cpf/${target.cpf}`);
      const response = await call(type, 'GET', `/api/audit/beneficiaries/${target.uuid}`);
      const items = response.json().data.data as Array<Record<string, unknown>>;
      expect(items.length).toBeGreaterThanOrEqual(2);
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(['action', 'actorType', 'createdAt', 'entity', 'entityId', 'id', 'summary']);
      }
      expect(items.slice(0, 2).map((item) => [item.action, item.actorType])).toEqual([
        ['view', 'FILIAL'],
        ['view', 'ADMINISTRADOR'],
      ]);
      expect(response.body).not.toContain(ADDRESS);
    },
  );

  it('keeps showing administrators who did it and from where', async () => {
    const target = await ownBeneficiary('REVENDEDOR');
    await call('FILIAL', 'GET', `/api/beneficiaries/cpf/${target.cpf}`);
    const [latest] = (await call('ADMINISTRADOR', 'GET', `/api/audit/beneficiaries/${target.uuid}`)).json().data.data;
    expect(latest).toMatchObject({ action: 'view', actorType: 'FILIAL', ipAddress: ADDRESS, actorName: expect.any(String) });
    expect(latest.actorId).toEqual(expect.any(Number));
  });
});

describe('append-only and retention', () => {
  it('refuses to change or delete a recorded row', async () => {
    const row = await lastEntry();
    await expect(app.db.update(auditLog).set({ actorName: 'Outro' }).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(app.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    expect(await lastEntry()).toEqual(row);
  });

  it('purges only rows older than six months', async () => {
    const base = {
      actorType: 'ADMINISTRADOR',
      actorId: 1,
      actorName: 'Antigo',
      action: 'view',
      entity: 'beneficiary',
      ipAddress: '10.0.0.1',
    };
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    const [old, kept] = await app.db
      .insert(auditLog)
      .values([
        { ...base, entityId: 'old', createdAt: at(200) },
        { ...base, entityId: 'kept', createdAt: at(170) },
      ])
      .returning();
    const total = await auditCount();
    expect(await purgeExpiredAudit(app.db)).toBe(1);
    expect(await auditCount()).toBe(total - 1);
    const left = await app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.id} in (${old.id}, ${kept.id})`);
    expect(left).toEqual([{ id: kept.id }]);
  });
});
