import { describeMigration, MIGRATIONS, PARTNERS_AND_BRANCHES, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migrations 0030 to 0032 (issue 20) keep the number of resellers per partner and branch, of
 * professionals active or removed, and of branches per partner, for the lists' totals without
 * filters: filled for the rows already there, then kept by triggers through every insert, change,
 * deletion and truncation, in statements of one row or many; the resellers' also when a branch moves
 * to another partner and takes its resellers along (the composite foreign key's cascade).
 */

/** Resellers `from` to `to` (ids) of a partner's branch. */
const resellers = (from: number, to: number, partner: number, branch: number) => `
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash)
  select n, ${partner}, ${branch}, 'Revendedor ' || n, '52998224725', 'r' || n || '@x.com', 'x' from generate_series(${from}, ${to}) n`;

/**
 * What `kept.table` keeps (`kept.key` → `kept.value`), after checking it against `rows.table`'s rows
 * counted afresh, grouped by `rows.key`.
 */
async function keptCounts(db: MigrationTarget, kept: { table: string; key: string; value: string }, rows: { table: string; key: string }) {
  const [{ keptCounts, counted }] = (await db.run(`
    select (select coalesce(jsonb_object_agg(${kept.key}, ${kept.value}), '{}') from ${kept.table} where ${kept.value} <> 0) as "keptCounts",
           (select coalesce(jsonb_object_agg(key, n), '{}') from (select ${rows.key} as key, count(*)::int as n from ${rows.table} group by 1) c) as counted`)) as Array<{
    keptCounts: Record<string, number>;
    counted: Record<string, number>;
  }>;
  expect(keptCounts).toEqual(counted);
  return keptCounts;
}

/** The resellers kept per 'partner/branch'. */
const byChannel = `id_parceiro || '/' || id_filial`;
const counts = (db: MigrationTarget) =>
  keptCounts(db, { table: 'reseller_counts', key: byChannel, value: 'resellers' }, { table: 'resellers', key: byChannel });

describeMigration('0030_reseller_counts', (db) => {
  it('counts the resellers already there, per partner and branch', async () => {
    await db.run(PARTNERS_AND_BRANCHES + resellers(1, 3, 1, 1) + ';' + resellers(4, 4, 2, 3));
    await db.migrate(MIGRATIONS);
    expect(await counts(db)).toEqual({ '1/1': 3, '2/3': 1 });
  });

  it('keeps the counts through inserts, moves, a branch changing partner, deletions and truncation', async () => {
    await db.run(PARTNERS_AND_BRANCHES + resellers(1, 3, 1, 1));
    await db.migrate(MIGRATIONS);

    await db.run(resellers(4, 4, 1, 2));
    await db.run(resellers(5, 20, 2, 3));
    expect(await counts(db)).toEqual({ '1/1': 3, '1/2': 1, '2/3': 16 });

    // A move to another branch of the same partner, then of another partner; an edit that moves no one.
    await db.run(`update resellers set id_filial = 2 where id = 1`);
    await db.run(`update resellers set id_parceiro = 2, id_filial = 3 where id between 2 and 3`);
    await db.run(`update resellers set nome = nome || ' (editado)' where id between 1 and 20`);
    expect(await counts(db)).toEqual({ '1/2': 2, '2/3': 18 });

    // The branch with 18 resellers moves to partner 1: its resellers follow by the foreign key's cascade.
    await db.run(`update branches set id_parceiro = 1 where id = 3`);
    expect(await counts(db)).toEqual({ '1/2': 2, '1/3': 18 });

    await db.run(`delete from resellers where id = 1`);
    await db.run(`delete from resellers where id between 10 and 20`);
    expect(await counts(db)).toEqual({ '1/2': 1, '1/3': 7 });

    await db.run(`truncate resellers cascade`);
    expect(await counts(db)).toEqual({});
    await db.run(resellers(30, 31, 1, 3));
    expect(await counts(db)).toEqual({ '1/3': 2 });
  });
});

/** Professionals `from` to `to` (ids), removed when `removed`. */
const professionals = (from: number, to: number, removed = false) => `
  insert into professionals (id, nome_completo, cpf, crm, crm_estado, email, removed_at)
  select n, 'Dra. ' || n, lpad(n::text, 11, '0'), n::text, 'SP', 'p' || n || '@x.com', ${removed ? 'now()' : 'null'} from generate_series(${from}, ${to}) n`;

/** The professionals kept as active ('true') and removed ('false'). */
const professionalCounts = (db: MigrationTarget) =>
  keptCounts(
    db,
    { table: 'professional_counts', key: 'active::text', value: 'professionals' },
    { table: 'professionals', key: '(removed_at is null)::text' },
  );

describeMigration('0031_professional_counts', (db) => {
  it('counts the professionals already there, active and removed, then keeps the counts through every change', async () => {
    await db.run(professionals(1, 3) + ';' + professionals(4, 4, true));
    await db.migrate(MIGRATIONS);
    expect(await professionalCounts(db)).toEqual({ true: 3, false: 1 });

    await db.run(professionals(5, 20));
    // Removed, then one restored; an edit that removes no one.
    await db.run(`update professionals set removed_at = now() where id between 1 and 5`);
    await db.run(`update professionals set removed_at = null where id = 4`);
    await db.run(`update professionals set telefone_celular = '11999990000' where id between 1 and 20`);
    expect(await professionalCounts(db)).toEqual({ true: 16, false: 4 });

    await db.run(`delete from professionals where id between 10 and 20`);
    expect(await professionalCounts(db)).toEqual({ true: 5, false: 4 });
    await db.run(`truncate professionals cascade`);
    expect(await professionalCounts(db)).toEqual({});
    await db.run(professionals(30, 31));
    expect(await professionalCounts(db)).toEqual({ true: 2 });
  });
});

/** The branches kept per partner. */
const branchCounts = (db: MigrationTarget) =>
  keptCounts(db, { table: 'branch_counts', key: 'id_parceiro::text', value: 'branches' }, { table: 'branches', key: 'id_parceiro::text' });

/** Branches `from` to `to` (ids) of a partner. */
const branches = (from: number, to: number, partner: number) => `
  insert into branches (id, id_parceiro, titulo, email, senha_hash)
  select n, ${partner}, 'Filial ' || n, 'f' || n || '@x.com', 'x' from generate_series(${from}, ${to}) n`;

describeMigration('0032_branch_counts', (db) => {
  it('counts the branches already there, per partner, then keeps the counts through every change', async () => {
    await db.run(PARTNERS_AND_BRANCHES);
    await db.migrate(MIGRATIONS);
    expect(await branchCounts(db)).toEqual({ 1: 2, 2: 1 });

    await db.run(branches(4, 20, 2));
    // A branch moving to another partner; an edit that moves none.
    await db.run(`update branches set id_parceiro = 1 where id between 3 and 5`);
    await db.run(`update branches set titulo = titulo || ' (editada)' where id between 1 and 20`);
    expect(await branchCounts(db)).toEqual({ 1: 5, 2: 15 });

    await db.run(`delete from branches where id between 10 and 20`);
    expect(await branchCounts(db)).toEqual({ 1: 5, 2: 4 });
    await db.run(`truncate branches cascade`);
    expect(await branchCounts(db)).toEqual({});
    await db.run(branches(30, 31, 2));
    expect(await branchCounts(db)).toEqual({ 2: 2 });
  });
});
