import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_VIEW_SOURCES } from '../../../src/domain/audit';
import type { UserType } from '../../../src/domain/userTypes';
import { inTimeZone } from '../../../src/test/timeZone';
import { appointments, auditLog, beneficiaries, branches, parameters, partners, professionals, resellers } from '../../db/schema';
import { startDemoPortal } from '../../test/demoPortal';
import { csvLines, injectAs } from '../../test/helpers';
import { createChain, freshCnpj, TEST_PASSWORD, unique } from '../../test/channelFixtures';
import { addDays, todayIn, zonedInstant } from '../telemedicine/dates';
import { encodeSlotId } from '../telemedicine/local/slotIds';
import { EVERY_DAY, insertBeneficiary, insertProfessional, insertReferral, specialtyByName } from '../../test/careFixtures';

/**
 * The audit trail and the changes it records (issue 26): a change is committed with its audit row or
 * not at all; reads that show a beneficiary's CPF, birth date or phone leave a 'view' row; times are
 * São Paulo's whatever the server's time zone.
 */

let app: FastifyInstance;
let tokens: Record<UserType, string>;
beforeAll(async () => ({ app, tokens } = await startDemoPortal()));
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, tokens.ADMINISTRADOR, { method, url, payload });

/**
 * Runs `request` while the audit trail refuses rows of `entity` (as a full disk or a lost connection
 * would, between the change and its row), then lets it write again.
 */
async function whileAuditFails<T>(entity: string, request: () => Promise<T>): Promise<T> {
  await app.db.execute(
    sql.raw(`create function audit_down() returns trigger language plpgsql as $$
      begin if new.entity = '${entity}' then raise exception 'audit trail unavailable'; end if; return new; end $$`),
  );
  await app.db.execute(sql`create trigger audit_down before insert on audit_log for each row execute function audit_down()`);
  try {
    return await request();
  } finally {
    await app.db.execute(sql`drop trigger audit_down on audit_log`);
    await app.db.execute(sql`drop function audit_down()`);
  }
}

/** A far day with a free slot of a professional of its own. */
async function freeSlot(specialtyName: string, start: string) {
  const specialty = await specialtyByName(app.db, specialtyName);
  const professional = await insertProfessional(app.db, {
    specialtyNames: [specialtyName],
    schedule: EVERY_DAY(start, '23:00'),
    minutes: 30,
  });
  const startsAt = zonedInstant(addDays(todayIn(new Date()), 30), start);
  return {
    specialty,
    availabilityUuid: encodeSlotId({ professionalId: professional.id, specialtyId: specialty.id, startsAt, minutes: 30 }),
  };
}

describe('a change is never kept without its audit row', () => {
  it.each([
    [
      'a new partner',
      'partner',
      async () => {
        const tag = unique();
        const body = { nome: `Parceiro ${tag}`, cnpj: freshCnpj(), email: `p-${tag}@audit.com`, senha: TEST_PASSWORD };
        return {
          request: () => call('POST', '/api/partners', body),
          kept: async () => (await app.db.select().from(partners).where(eq(partners.cnpj, body.cnpj))).length > 0,
        };
      },
    ],
    [
      'a partner’s inactivation',
      'partner',
      async () => {
        const { partner } = await createChain(app);
        const body = { nome: partner.nome, cnpj: partner.cnpj, email: partner.email, ativo: false };
        return {
          request: () => call('PUT', `/api/partners/${partner.id}`, body),
          kept: async () => !(await app.db.select().from(partners).where(eq(partners.id, partner.id)))[0].ativo,
        };
      },
    ],
    [
      'a branch’s removal',
      'branch',
      async () => {
        const { partner } = await createChain(app);
        const [branch] = await app.db
          .insert(branches)
          .values({ partnerId: partner.id, titulo: 'Vazia', email: `f-${unique()}@audit.com`, passwordHash: 'x' })
          .returning();
        return {
          request: () => call('DELETE', `/api/branches/${branch.id}`),
          kept: async () => (await app.db.select().from(branches).where(eq(branches.id, branch.id))).length === 0,
        };
      },
    ],
    [
      'a reseller’s edit',
      'reseller',
      async () => {
        const { reseller } = await createChain(app);
        const body = { id_filial: reseller.branchId, nome: 'Novo Nome', cpf: reseller.cpf, email: reseller.email };
        return {
          request: () => call('PUT', `/api/resellers/${reseller.id}`, body),
          kept: async () => (await app.db.select().from(resellers).where(eq(resellers.id, reseller.id)))[0].nome === 'Novo Nome',
        };
      },
    ],
    [
      'a beneficiary’s inactivation',
      'beneficiary',
      async () => {
        const beneficiary = await insertBeneficiary(app.db);
        return {
          request: () => call('DELETE', `/api/beneficiaries/${beneficiary.uuid}`),
          kept: async () => !(await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, beneficiary.id)))[0].isActive,
        };
      },
    ],
    [
      'a professional’s removal',
      'professional',
      async () => {
        const professional = await insertProfessional(app.db, { specialtyNames: ['Urologia'], schedule: [] });
        return {
          request: () => call('DELETE', `/api/professionals/${professional.id}`),
          kept: async () => (await app.db.select().from(professionals).where(eq(professionals.id, professional.id)))[0].removedAt !== null,
        };
      },
    ],
    [
      'a booking',
      'appointment',
      async () => {
        const { specialty, availabilityUuid } = await freeSlot('Reumatologia', '19:00');
        const patient = await insertBeneficiary(app.db);
        const body = { beneficiaryUuid: patient.uuid, specialtyUuid: specialty.uuid, availabilityUuid, approveAdditionalPayment: true };
        return {
          request: () => call('POST', '/api/appointments', body),
          kept: async () => (await app.db.select().from(appointments).where(eq(appointments.beneficiaryId, patient.id))).length > 0,
        };
      },
    ],
    [
      'a parameter’s new value',
      'parameter',
      async () => {
        const [parameter] = await app.db.select().from(parameters).where(eq(parameters.tipo, 'text')).limit(1);
        return {
          request: () => call('PUT', `/api/parametros/${parameter.id}`, { valor: `${parameter.valor} (novo)` }),
          kept: async () => (await app.db.select().from(parameters).where(eq(parameters.id, parameter.id)))[0].valor !== parameter.valor,
        };
      },
    ],
  ])('undoes %s when its audit row cannot be written', async (_change, entity, prepare) => {
    const { request, kept } = await prepare();
    const response = await whileAuditFails(entity, request);
    expect(response.statusCode).toBe(500);
    expect(await kept()).toBe(false);
  });
});

/** The 'view' rows a request left for beneficiaries. */
async function viewsBy(request: () => Promise<{ statusCode: number }>) {
  const [{ last }] = await app.db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  expect((await request()).statusCode).toBe(200);
  return app.db
    .select()
    .from(auditLog)
    .where(and(sql`${auditLog.id} > ${last}`, eq(auditLog.action, 'view'), eq(auditLog.entity, 'beneficiary')));
}

describe('reads that show a beneficiary’s CPF, birth date or phone are audited', () => {
  let patient: typeof beneficiaries.$inferSelect;
  let appointmentUuid: string;
  beforeAll(async () => {
    const { specialty, availabilityUuid } = await freeSlot('Endocrinologia', '20:00');
    // No digits in the name: the filters below would also match them in CPFs.
    patient = await insertBeneficiary(app.db, { name: 'Paciente Auditada Com Nome Sem Algarismos' });
    const booked = await call('POST', '/api/appointments', {
      beneficiaryUuid: patient.uuid,
      specialtyUuid: specialty.uuid,
      availabilityUuid,
      approveAdditionalPayment: true,
    });
    expect(booked.statusCode).toBe(201);
    appointmentUuid = booked.json().uuid;
    await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Cardiologia' });
  });

  it('records the appointment’s details as a view of its patient', async () => {
    const rows = await viewsBy(() => call('GET', `/api/appointments/${appointmentUuid}`));
    expect(rows.map((row) => [row.entityId, row.summary, row.actorType])).toEqual([
      [patient.uuid, AUDIT_VIEW_SOURCES.appointment, 'ADMINISTRADOR'],
    ]);
  });

  it('records a page of the agenda as a view of each patient on it, every time (never from a cache)', async () => {
    const page = `/api/appointments?page=1&pageSize=5&paciente=${encodeURIComponent(patient.name)}`;
    for (let read = 0; read < 2; read++) {
      const rows = await viewsBy(() => call('GET', page));
      expect(rows.map((row) => [row.entityId, row.summary])).toEqual([[patient.uuid, AUDIT_VIEW_SOURCES.agenda]]);
    }
  });

  it('records a page of referrals as a view of each patient on it, and their export as an export', async () => {
    const rows = await viewsBy(() => call('GET', `/api/appointments/referrals?page=1&busca=${encodeURIComponent(patient.name)}`));
    expect(rows.map((row) => [row.entityId, row.summary])).toEqual([[patient.uuid, AUDIT_VIEW_SOURCES.referrals]]);
    expect((await call('GET', '/api/appointments/referrals/export.csv?status=PENDING')).statusCode).toBe(200);
    const [exported] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'referral'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(exported).toMatchObject({ action: 'export', summary: 'Filtros: status=PENDING' });
  });
});

describe('the audit trail’s times are São Paulo’s', () => {
  it('exports an entry made at 22:30 in Brasília (01:30 UTC, the next day) with its São Paulo date and time', async () => {
    const [row] = await app.db
      .insert(auditLog)
      .values({
        actorType: 'ADMINISTRADOR',
        actorId: 1,
        actorName: `Relógio ${unique()}`,
        action: 'view',
        entity: 'beneficiary',
        ipAddress: '203.0.113.9',
        createdAt: new Date('2026-03-10T01:30:00Z'),
      })
      .returning();
    const lines = await inTimeZone('UTC', async () =>
      csvLines((await call('GET', `/api/audit/export?from=2026-03-09&to=2026-03-09&user=${encodeURIComponent(row.actorName)}`)).body),
    );
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^09\/03\/2026 22:30;/)]);
  });
});
