import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migrations 0021 and 0022 (issue 20) count the paid sales without a reseller per month and per day, by plan, for the
 * administrator's report: filled from the sales already there, then kept by triggers.
 */

const CHANNEL = `
  insert into partners (id, nome, cnpj, email, senha_hash) values (1, 'Parceiro', '11222333000181', 'p@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values (1, 1, 'Filial', 'f@x.com', 'x');
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash) values (1, 1, 1, 'Revendedor', '52998224725', 'r@x.com', 'x');`;

/** Without a reseller: two paid in January (São Paulo; the second is February in UTC), one refunded, one paid in February; one through the reseller. */
const SALES = `
  insert into sales (reseller_id, tipo, valor, data_hora, status) values
    (null, 'plano_individual', 44.90, '2026-01-10 12:00-03', 'paid'),
    (null, 'plano_individual', 44.90, '2026-01-31 23:45-03', 'paid'),
    (null, 'plano_individual', 44.90, '2026-01-15 12:00-03', 'refunded'),
    (null, 'consulta_avulsa', 39.90, '2026-02-02 09:00-03', 'paid'),
    (1, 'plano_individual', 44.90, '2026-01-12 12:00-03', 'paid');`;

const monthly = (db: MigrationTarget) =>
  db.run(`select to_char(month, 'YYYY-MM') as month, tipo, count, total::text as total
          from sales_unattributed_months where count <> 0 order by month, tipo`);

describeMigration('0021_sales_unattributed_months', (db) => {
  it('counts the paid sales already there without a reseller, by São Paulo month and plan', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    expect(await monthly(db)).toEqual([
      { month: '2026-01', tipo: 'plano_individual', count: 2, total: '89.80' },
      { month: '2026-02', tipo: 'consulta_avulsa', count: 1, total: '39.90' },
    ]);
  });

  it('then follows new sales, refunds and sales given a reseller', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    await db.run(`
      insert into sales (reseller_id, tipo, valor, data_hora, status) values (null, 'consulta_avulsa', 39.90, '2026-02-20 10:00-03', 'paid');
      update sales set status = 'refunded' where reseller_id is null and data_hora = '2026-01-10 12:00-03';
      update sales set reseller_id = 1 where reseller_id is null and data_hora = '2026-02-02 09:00-03';`);

    expect(await monthly(db)).toEqual([
      { month: '2026-01', tipo: 'plano_individual', count: 1, total: '44.90' },
      { month: '2026-02', tipo: 'consulta_avulsa', count: 1, total: '39.90' },
    ]);
  });
});

const daily = (db: MigrationTarget) =>
  db.run(`select to_char(day, 'YYYY-MM-DD') as day, tipo, count, total::text as total
          from sales_unattributed_days where count <> 0 order by day, tipo`);

/** Migration 0022: the same per São Paulo day, for the report's 30- and 7-day windows; one trigger keeps both. */
describeMigration('0022_sales_unattributed_days', (db) => {
  it('counts the paid sales already there without a reseller, by São Paulo day and plan', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    expect(await daily(db)).toEqual([
      { day: '2026-01-10', tipo: 'plano_individual', count: 1, total: '44.90' },
      { day: '2026-01-31', tipo: 'plano_individual', count: 1, total: '44.90' },
      { day: '2026-02-02', tipo: 'consulta_avulsa', count: 1, total: '39.90' },
    ]);
  });

  it('then follows new sales, refunds, sales given a reseller and a truncate, months and days alike', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    await db.run(`
      insert into sales (reseller_id, tipo, valor, data_hora, status) values (null, 'consulta_avulsa', 39.90, '2026-02-02 22:00-03', 'paid');
      update sales set status = 'refunded' where reseller_id is null and data_hora = '2026-01-10 12:00-03';
      update sales set reseller_id = 1 where reseller_id is null and data_hora = '2026-01-31 23:45-03';`);

    expect(await daily(db)).toEqual([{ day: '2026-02-02', tipo: 'consulta_avulsa', count: 2, total: '79.80' }]);
    expect(await monthly(db)).toEqual([{ month: '2026-02', tipo: 'consulta_avulsa', count: 2, total: '79.80' }]);

    await db.run('truncate sales cascade');
    expect(await daily(db)).toEqual([]);
    expect(await monthly(db)).toEqual([]);
  });
});
