import { describeMigration, MIGRATIONS, PARTNERS_AND_BRANCHES, type MigrationTarget } from '../test/migrationTargets';

/**
 * The sales report's migrations of issue 20's xl size, each filled in for the sales already there,
 * then kept by triggers:
 * - 0024 gives each sale its reseller's partner and branch, so the report of a partner or a branch
 *   reads its own sales by date;
 * - 0025 keeps the counted sales (paid, through a reseller) per partner over all time and for the
 *   whole business per month, day and hour (São Paulo's calendar), so the administrator's report
 *   reads a few hundred rows whatever the number of partners.
 */

const CHANNELS = `${PARTNERS_AND_BRANCHES}
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash) values
    (1, 1, 1, 'Revendedor 1', '52998224725', 'r1@x.com', 'x'),
    (2, 1, 2, 'Revendedor 2', '52998224725', 'r2@x.com', 'x'),
    (3, 2, 3, 'Revendedor 3', '52998224725', 'r3@x.com', 'x');`;

const SALES = `
  insert into sales (id, reseller_id, tipo, valor, data_hora, status) values
    (1, 1, 'plano_individual', 44.90, '2026-01-10 12:00-03', 'paid'),
    (2, 2, 'plano_individual', 44.90, '2026-01-11 12:00-03', 'refunded'),
    (3, 3, 'consulta_avulsa', 39.90, '2026-01-12 12:00-03', 'paid'),
    (4, null, 'consulta_avulsa', 39.90, '2026-01-13 12:00-03', 'paid');`;

const channels = (db: MigrationTarget) => db.run(`select id, reseller_id, partner_id, branch_id from sales order by id`);

describeMigration('0024_sales_channel', (db) => {
  it('gives the sales already there their reseller’s partner and branch, none to a sale without a reseller', async () => {
    await db.run(CHANNELS + SALES);
    await db.migrate(MIGRATIONS);

    expect(await channels(db)).toEqual([
      { id: 1, reseller_id: 1, partner_id: 1, branch_id: 1 },
      { id: 2, reseller_id: 2, partner_id: 1, branch_id: 2 },
      { id: 3, reseller_id: 3, partner_id: 2, branch_id: 3 },
      { id: 4, reseller_id: null, partner_id: null, branch_id: null },
    ]);
  });

  it('then keeps them whoever writes a sale, and as resellers and branches move', async () => {
    await db.run(CHANNELS + SALES);
    await db.migrate(MIGRATIONS);

    await db.run(`
      insert into sales (id, reseller_id, tipo, valor, partner_id, branch_id) values
        (5, 2, 'plano_individual', 44.90, 2, 3),
        (6, 1, 'plano_individual', 44.90, null, null);
      update sales set reseller_id = 3 where id = 1;
      update sales set reseller_id = null where id = 3;
      update sales set branch_id = 1 where id = 2;
      update resellers set id_filial = 3, id_parceiro = 2 where id = 2;
      update branches set id_parceiro = 2 where id = 1;`);

    expect(await channels(db)).toEqual([
      { id: 1, reseller_id: 3, partner_id: 2, branch_id: 3 },
      { id: 2, reseller_id: 2, partner_id: 2, branch_id: 3 },
      { id: 3, reseller_id: null, partner_id: null, branch_id: null },
      { id: 4, reseller_id: null, partner_id: null, branch_id: null },
      { id: 5, reseller_id: 2, partner_id: 2, branch_id: 3 },
      { id: 6, reseller_id: 1, partner_id: 2, branch_id: 1 },
    ]);
  });
});

/** 23:45 on 2026-01-31 in São Paulo is February in UTC; the refunded sale and the one without a reseller are not counted. */
const COUNTED_SALES = `
  insert into sales (reseller_id, tipo, valor, data_hora, status) values
    (1, 'plano_individual', 44.90, '2026-01-31 23:45-03', 'paid'),
    (1, 'plano_individual', 44.90, '2026-01-31 23:10-03', 'paid'),
    (3, 'plano_individual', 44.90, '2026-02-01 00:15-03', 'paid'),
    (3, 'plano_individual', 44.90, '2026-02-01 00:20-03', 'refunded'),
    (null, 'plano_individual', 44.90, '2026-02-01 00:30-03', 'paid');`;

const wholeTotals = (db: MigrationTarget) =>
  Promise.all([
    db.run(`select partner_id, tipo, count, total::text as total from sales_partner_totals where count <> 0 order by partner_id`),
    db.run(`select to_char(month, 'YYYY-MM') as month, count, total::text as total from sales_months where count <> 0 order by month`),
    db.run(`select to_char(day, 'YYYY-MM-DD') as day, count, total::text as total from sales_days where count <> 0 order by day`),
    db.run(
      `select to_char(hour, 'YYYY-MM-DD HH24:MI') as hour, count, total::text as total from sales_hours where count <> 0 order by hour`,
    ),
  ]);

describeMigration('0025_sales_totals_whole', (db) => {
  it('counts the sales already there per partner and for the whole business by São Paulo month, day and hour', async () => {
    await db.run(CHANNELS + COUNTED_SALES);
    await db.migrate(MIGRATIONS);

    expect(await wholeTotals(db)).toEqual([
      [
        { partner_id: 1, tipo: 'plano_individual', count: 2, total: '89.80' },
        { partner_id: 2, tipo: 'plano_individual', count: 1, total: '44.90' },
      ],
      [
        { month: '2026-01', count: 2, total: '89.80' },
        { month: '2026-02', count: 1, total: '44.90' },
      ],
      [
        { day: '2026-01-31', count: 2, total: '89.80' },
        { day: '2026-02-01', count: 1, total: '44.90' },
      ],
      [
        { hour: '2026-01-31 23:00', count: 2, total: '89.80' },
        { hour: '2026-02-01 00:00', count: 1, total: '44.90' },
      ],
    ]);
  });

  it('then follows new sales, refunds and a reseller moving to another partner', async () => {
    await db.run(CHANNELS + COUNTED_SALES);
    await db.migrate(MIGRATIONS);

    await db.run(`
      insert into sales (reseller_id, tipo, valor, data_hora, status) values (3, 'plano_individual', 44.90, '2026-02-01 00:50-03', 'paid');
      update sales set status = 'refunded' where data_hora = '2026-01-31 23:10-03';
      update branches set id_parceiro = 2 where id = 1;`);

    expect(await wholeTotals(db)).toEqual([
      [{ partner_id: 2, tipo: 'plano_individual', count: 3, total: '134.70' }],
      [
        { month: '2026-01', count: 1, total: '44.90' },
        { month: '2026-02', count: 2, total: '89.80' },
      ],
      [
        { day: '2026-01-31', count: 1, total: '44.90' },
        { day: '2026-02-01', count: 2, total: '89.80' },
      ],
      [
        { hour: '2026-01-31 23:00', count: 1, total: '44.90' },
        { hour: '2026-02-01 00:00', count: 2, total: '89.80' },
      ],
    ]);
  });
});
