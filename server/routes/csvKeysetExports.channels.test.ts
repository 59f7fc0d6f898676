import type { FastifyInstance } from 'fastify';
import { formatCnpj } from '../../src/domain/documents';
import { branches, partners, resellers } from '../db/schema';
import { createChain, freshCnpj, freshCpf, unique } from '../test/channelFixtures';
import { expectDeepPages } from '../test/deepPages';
import { injectAs } from '../test/helpers';
import { byNameThenId, exportedColumn, MORE_THAN_A_BATCH, pairedName } from '../test/keysetExports';
import { startAdminPortal } from '../test/demoPortal';

/**
 * Lists of more than 1,000 rows. Their pages past the middle are read from the end (expectDeepPages).
 * The channel exports read by keyset (each batch of 1,000 resumes after the last row sent): an export
 * of more than one batch keeps every row once and the list's order, with ties on the sorted column
 * split across the batch boundary and, for a sort by a column that may be empty, the empty ones first
 * in descending order as PostgreSQL sorts them.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app?.close());

describe('channel CSV exports longer than one batch, by keyset', () => {
  it('partners: every row once, by name then id, and active first then by name', async () => {
    const tag = unique();
    const inserted = await app.db
      .insert(partners)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          nome: pairedName(`Lote ${tag}`, index),
          cnpj: freshCnpj(),
          email: `lote-${tag}-${index}@teste.com`,
          passwordHash: 'x',
          ativo: index % 3 !== 0,
        })),
      )
      .returning();
    const expected = inserted.map((row) => ({ id: row.id, name: row.nome, ativo: row.ativo, cnpj: formatCnpj(row.cnpj) }));

    const byName = [...expected].sort(byNameThenId);
    expect(await exportedColumn(app, admin, `/api/partners/export?nome=${tag}`, 1)).toEqual(byName.map((row) => row.cnpj));
    // Read forward first, a deep page of the first half: the pages read from the end are a query of their own, not this one.
    const forward = await injectAs(app, admin, { method: 'GET', url: `/api/partners?nome=${tag}&page=100&pageSize=5` });
    expect(forward.json().data.data.map((row: { id: number }) => row.id)).toEqual(byName.slice(495, 500).map((row) => row.id));
    await expectDeepPages(
      app,
      admin,
      `/api/partners?nome=${tag}`,
      byName.map((row) => row.id),
    );

    // Descending status before the ascending name: the two directions cannot be one row comparison.
    const activeFirst = [...expected].sort((a, b) => (a.ativo === b.ativo ? byNameThenId(a, b) : a.ativo ? -1 : 1));
    expect(new Set(activeFirst.map((row) => row.cnpj)).size).toBe(MORE_THAN_A_BATCH);
    expect(await exportedColumn(app, admin, `/api/partners/export?nome=${tag}&sort=ativo:desc`, 1)).toEqual(
      activeFirst.map((row) => row.cnpj),
    );
    await expectDeepPages(
      app,
      admin,
      `/api/partners?nome=${tag}&sort=ativo:desc`,
      activeFirst.map((row) => row.id),
    );
  });

  it('branches and resellers: every row once, by title or name then id', async () => {
    const { partner, branch } = await createChain(app);
    const tag = unique();
    const newBranches = await app.db
      .insert(branches)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          partnerId: partner.id,
          titulo: pairedName(`Filial ${tag}`, index),
          email: `filial-${tag}-${index}@teste.com`,
          passwordHash: 'x',
        })),
      )
      .returning();
    const branchEmails = newBranches.map((row) => ({ id: row.id, name: row.titulo, email: row.email }));
    const branchesByTitle = [...branchEmails].sort(byNameThenId);
    expect(await exportedColumn(app, admin, `/api/branches/export?titulo=${tag}`, 3)).toEqual(branchesByTitle.map((row) => row.email));
    await expectDeepPages(
      app,
      admin,
      `/api/branches?titulo=${tag}`,
      branchesByTitle.map((row) => row.id),
    );

    const newResellers = await app.db
      .insert(resellers)
      .values(
        Array.from({ length: MORE_THAN_A_BATCH }, (_, index) => ({
          partnerId: partner.id,
          branchId: branch.id,
          nome: pairedName(`Revendedor ${tag}`, index),
          cpf: freshCpf(),
          email: `revendedor-${tag}-${index}@teste.com`,
          passwordHash: 'x',
          pix: index % 3 === 0 ? null : `pix-${index % 5}`,
        })),
      )
      .returning();
    const resellerEmails = newResellers.map((row) => ({ id: row.id, name: row.nome, email: row.email, pix: row.pix }));
    const resellersByName = [...resellerEmails].sort(byNameThenId);
    expect(await exportedColumn(app, admin, `/api/resellers/export?nome=${tag}`, 3)).toEqual(resellersByName.map((row) => row.email));
    await expectDeepPages(
      app,
      admin,
      `/api/resellers?nome=${tag}`,
      resellersByName.map((row) => row.id),
    );

    // PostgreSQL puts the empty PIX keys first in descending order; the export resumes among them and past them.
    const byPix = (direction: 1 | -1) =>
      [...resellerEmails].sort((a, b) => {
        if (a.pix === b.pix) return byNameThenId(a, b);
        if (a.pix === null || b.pix === null) return (a.pix === null ? 1 : -1) * direction;
        return (a.pix < b.pix ? -1 : 1) * direction;
      });
    expect(await exportedColumn(app, admin, `/api/resellers/export?nome=${tag}&sort=pix:desc`, 3)).toEqual(
      byPix(-1).map((row) => row.email),
    );
    // Ascending, the empty ones come last.
    expect(await exportedColumn(app, admin, `/api/resellers/export?nome=${tag}&sort=pix:asc`, 3)).toEqual(byPix(1).map((row) => row.email));
    // Read from the end, the empty PIX keys of a descending list are its last rows.
    await expectDeepPages(
      app,
      admin,
      `/api/resellers?nome=${tag}&sort=pix:desc`,
      byPix(-1).map((row) => row.id),
    );
  });
});
