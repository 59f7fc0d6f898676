import type { FastifyInstance } from 'fastify';
import { formatCpf } from '../../src/domain/documents';
import { auditLog, beneficiaries, professionals, sales } from '../db/schema';
import { createChain } from '../test/channelFixtures';
import { insertBeneficiary, uniqueCpf } from '../test/careFixtures';
import { expectDeepPages } from '../test/deepPages';
import {
  byNameThenId,
  exportedColumn,
  insertPairedReferrals,
  letterTag,
  microsAfterStart,
  MORE_THAN_A_BATCH,
  pair,
  pairedName,
} from '../test/keysetExports';
import { startAdminPortal } from '../test/demoPortal';

/**
 * The beneficiary, audit, professional and referral exports read by keyset (each batch resumes after
 * the last row sent): an export of more than one batch keeps every row once and the list's order,
 * with ties on the sorted column split across a batch boundary and timestamps that differ by a
 * microsecond only (a key read back as a JavaScript Date would lose them). The audit and professional
 * lists' pages past the middle, read from the end, hold the rows the order puts there (expectDeepPages).
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app?.close());

describe('record CSV exports longer than one batch, by keyset', () => {
  it('beneficiaries: every row once, holders by name then id, each followed by its dependents by name', async () => {
    const { partner, branch, reseller } = await createChain(app);
    const place = { partnerId: partner.id, branchId: branch.id, resellerId: reseller.id };
    const tag = letterTag();
    const holders = await app.db
      .insert(beneficiaries)
      .values(
        Array.from({ length: 700 }, (_, index) => ({
          ...place,
          name: pairedName(`Titular ${tag}`, index),
          cpf: uniqueCpf(),
          birthday: '1990-05-20',
        })),
      )
      .returning();
    // Every third holder gets two dependents inserted in the reverse of their names' order.
    const dependents = await app.db
      .insert(beneficiaries)
      .values(
        holders
          .filter((_, index) => index % 3 === 0)
          .flatMap((holder) =>
            ['B', 'A'].map((letter) => ({
              ...place,
              holderId: holder.id,
              name: `${letter} dependente ${tag}`,
              cpf: uniqueCpf(),
              birthday: '2015-01-01',
            })),
          ),
      )
      .returning();
    expect(holders.length + dependents.length).toBeGreaterThan(1000);
    const expected = [...holders].sort(byNameThenId).flatMap((holder) => [
      holder.cpf,
      ...dependents
        .filter((dependent) => dependent.holderId === holder.id)
        .sort(byNameThenId)
        .map((dependent) => dependent.cpf),
    ]);
    expect(await exportedColumn(app, admin, `/api/beneficiaries/export?reseller=${reseller.id}`, 1)).toEqual(
      expected.map((cpf) => formatCpf(cpf)),
    );
    // The name filter keeps groups whole: a dependent's name brings its holder and its other dependent.
    const withDependents = new Set(dependents.map((dependent) => dependent.holderId));
    const groupsOfDependents = expected.filter((cpf) => {
      const row = [...holders, ...dependents].find((beneficiary) => beneficiary.cpf === cpf)!;
      return withDependents.has(row.holderId ?? row.id);
    });
    expect(groupsOfDependents.length).toBe(3 * withDependents.size);
    const named = encodeURIComponent(`A dependente ${tag}`);
    expect(await exportedColumn(app, admin, `/api/beneficiaries/export?reseller=${reseller.id}&name=${named}`, 1)).toEqual(
      groupsOfDependents.map((cpf) => formatCpf(cpf)),
    );
  });

  it('audit: every row once, newest first then by id, instants a microsecond apart', async () => {
    const tag = letterTag();
    const rows = await app.db
      .insert(auditLog)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          actorType: 'ADMINISTRADOR',
          actorId: 1,
          actorName: `Auditor ${tag}`,
          action: 'view',
          entity: 'beneficiary',
          summary: `linha ${index}`,
          ipAddress: '127.0.0.1',
          createdAt: microsAfterStart(pair(index)),
        })),
      )
      .returning({ id: auditLog.id, summary: auditLog.summary });
    // Inserted oldest first, ties in pairs: newest first is the pairs from the end, the higher id first in each.
    const expected = rows
      .map((row, index) => ({ ...row, micros: pair(index) }))
      .sort((a, b) => (a.micros === b.micros ? b.id - a.id : b.micros - a.micros));
    expect(await exportedColumn(app, admin, `/api/audit/export?user=${tag}`, 6)).toEqual(expected.map((row) => row.summary));
    await expectDeepPages(
      app,
      admin,
      `/api/audit?user=${tag}`,
      expected.map((row) => row.id),
    );
  });

  it('professionals: every row once, by name then id, and by CPF descending', async () => {
    const tag = letterTag();
    const rows = await app.db
      .insert(professionals)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          nomeCompleto: pairedName(`Dra ${tag}`, index),
          cpf: uniqueCpf(),
          crm: String(100000 + index),
          crmEstado: 'SP',
          email: `dra-${tag}-${index}@teste.com.br`,
        })),
      )
      .returning();
    const keyed = rows.map((row) => ({ id: row.id, name: row.nomeCompleto, cpf: row.cpf }));
    const byName = [...keyed].sort(byNameThenId);
    expect(await exportedColumn(app, admin, `/api/professionals/export.csv?nome=${tag}`, 1)).toEqual(
      byName.map((row) => formatCpf(row.cpf)),
    );
    await expectDeepPages(
      app,
      admin,
      `/api/professionals?nome=${tag}`,
      byName.map((row) => row.id),
    );
    const byCpfDesc = keyed.map((row) => row.cpf).sort((a, b) => (a < b ? 1 : -1));
    expect(await exportedColumn(app, admin, `/api/professionals/export.csv?nome=${tag}&sort=cpf:desc`, 1)).toEqual(
      byCpfDesc.map((cpf) => formatCpf(cpf)),
    );
  });

  it('referrals: every row once, newest first then by id, and by status then newest id', async () => {
    const { partner, branch, reseller } = await createChain(app);
    const tag = letterTag();
    const patients = await app.db
      .insert(beneficiaries)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          partnerId: partner.id,
          branchId: branch.id,
          resellerId: reseller.id,
          name: `Paciente ${tag} ${index}`,
          cpf: uniqueCpf(),
          birthday: '1980-01-01',
        })),
      )
      .returning();
    const inserted = await insertPairedReferrals(app.db, patients);
    const keyed = inserted.map((row, index) => ({ ...row, micros: pair(index), cpf: formatCpf(patients[index].cpf) }));

    const newestFirst = [...keyed].sort((a, b) => (a.micros === b.micros ? b.id - a.id : b.micros - a.micros)).map((row) => row.cpf);
    expect(await exportedColumn(app, admin, `/api/appointments/referrals/export.csv?busca=${tag}`, 1)).toEqual(newestFirst);

    const byStatus = [...keyed].sort((a, b) => (a.status === b.status ? b.id - a.id : a.status < b.status ? -1 : 1)).map((row) => row.cpf);
    expect(await exportedColumn(app, admin, `/api/appointments/referrals/export.csv?busca=${tag}&sort=status:asc`, 1)).toEqual(byStatus);
  });

  it('sales report: its deep and last pages, newest first then by id, hold the rows the order puts there', async () => {
    const { partner, branch, reseller } = await createChain(app);
    const buyer = await insertBeneficiary(app.db, { partnerId: partner.id, branchId: branch.id, resellerId: reseller.id });
    const rows = await app.db
      .insert(sales)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          beneficiaryId: buyer.id,
          resellerId: reseller.id,
          tipo: 'consulta_avulsa',
          valor: '39.90',
          dataHora: microsAfterStart(pair(index)),
        })),
      )
      .returning({ id: sales.id });
    const newestFirst = rows
      .map((row, index) => ({ id: row.id, micros: pair(index) }))
      .sort((a, b) => (a.micros === b.micros ? b.id - a.id : b.micros - a.micros));
    await expectDeepPages(
      app,
      admin,
      `/api/reports/sales?reseller=${reseller.id}`,
      newestFirst.map((row) => row.id),
    );
  });
});
