import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migration 0030 (issue 20) keeps the number of resellers per partner and branch for the resellers'
 * total without filters: filled for the resellers already there, then kept by triggers through every
 * insert, move, deletion and truncation, in statements of one row or many, and when a branch moves to
 * another partner and takes its resellers along (the composite foreign key's cascade).
 */

const CHANNELS = `
  insert into partners (id, nome, cnpj, email, senha_hash) values
    (1, 'Parceiro A', '11222333000181', 'pa@x.com', 'x'),
    (2, 'Parceiro B', '11444777000161', 'pb@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values
    (1, 1, 'Filial A1', 'fa1@x.com', 'x'),
    (2, 1, 'Filial A2', 'fa2@x.com', 'x'),
    (3, 2, 'Filial B1', 'fb1@x.com', 'x');`;

/** Resellers `from` to `to` (ids) of a partner's branch. */
const resellers = (from: number, to: number, partner: number, branch: number) => `
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash)
  select n, ${partner}, ${branch}, 'Revendedor ' || n, '52998224725', 'r' || n || '@x.com', 'x' from generate_series(${from}, ${to}) n`;

/** The kept counts as 'partner/branch' → resellers, after checking them against the resellers counted afresh. */
async function counts(db: MigrationTarget) {
  const [{ kept, counted }] = (await db.run(`
    select (select coalesce(jsonb_object_agg(id_parceiro || '/' || id_filial, resellers), '{}') from reseller_counts where resellers <> 0) as kept,
           (select coalesce(jsonb_object_agg(key, n), '{}') from (
              select id_parceiro || '/' || id_filial as key, count(*)::int as n from resellers group by 1) c) as counted`)) as Array<{
    kept: Record<string, number>;
    counted: Record<string, number>;
  }>;
  expect(kept).toEqual(counted);
  return kept;
}

describeMigration('0030_reseller_counts', (db) => {
  it('counts the resellers already there, per partner and branch', async () => {
    await db.run(CHANNELS + resellers(1, 3, 1, 1) + ';' + resellers(4, 4, 2, 3));
    await db.migrate(MIGRATIONS);
    expect(await counts(db)).toEqual({ '1/1': 3, '2/3': 1 });
  });

  it('keeps the counts through inserts, moves, a branch changing partner, deletions and truncation', async () => {
    await db.run(CHANNELS + resellers(1, 3, 1, 1));
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
