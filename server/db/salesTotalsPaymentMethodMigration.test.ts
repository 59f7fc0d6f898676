import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migration 0023 (issue 20) keys the sales report's five rollups by payment method too, so a report
 * filtered by card or Pix reads them instead of the sales: recomputed from the sales already there,
 * then kept by the replaced triggers through every change the report counts.
 */

const CHANNEL = `
  insert into partners (id, nome, cnpj, email, senha_hash) values
    (1, 'Parceiro A', '11222333000181', 'a@x.com', 'x'), (2, 'Parceiro B', '11444777000161', 'b@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values
    (1, 1, 'Filial A', 'fa@x.com', 'x'), (2, 2, 'Filial B', 'fb@x.com', 'x');
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash) values
    (1, 1, 1, 'Revendedor A', '52998224725', 'ra@x.com', 'x'), (2, 2, 2, 'Revendedor B', '52998224725', 'rb@x.com', 'x');`;

/**
 * Both methods for the same reseller, plan and São Paulo day (23:45 there is February in UTC), a refund, a sale of
 * the other partner, and sales without a reseller; then a refund and method changes, counted by the 0022 triggers.
 */
const SALES = `
  insert into sales (id, reseller_id, tipo, valor, data_hora, status, payment_method) values
    (1, 1, 'plano_individual', 44.90, '2026-01-31 10:00-03', 'paid', 'card'),
    (2, 1, 'plano_individual', 44.90, '2026-01-31 23:45-03', 'paid', 'pix'),
    (3, 1, 'plano_individual', 44.90, '2026-01-31 12:00-03', 'refunded', 'pix'),
    (4, 1, 'consulta_avulsa', 39.90, '2026-02-02 09:00-03', 'paid', 'pix'),
    (5, 2, 'plano_individual', 44.90, '2026-02-02 09:00-03', 'paid', 'card'),
    (6, null, 'consulta_avulsa', 39.90, '2026-01-31 10:00-03', 'paid', 'card'),
    (7, null, 'consulta_avulsa', 39.90, '2026-01-31 11:00-03', 'paid', 'pix'),
    (8, null, 'consulta_avulsa', 39.90, '2026-02-03 11:00-03', 'paid', 'pix');
  update sales set status = 'refunded' where id = 8;
  update sales set payment_method = 'card' where id = 4;
  update sales set payment_method = 'pix' where id = 4;
  select setval('sales_id_seq', 8);`;

const DAY = `(s.data_hora at time zone 'America/Sao_Paulo')::date`;
const MONTH = `date_trunc('month', ${DAY})::date`;
const THROUGH_RESELLER = `from sales s join resellers r on r.id = s.reseller_id where s.status = 'paid'`;
const UNATTRIBUTED = `from sales s where s.status = 'paid' and s.reseller_id is null`;

/** Each rollup's rows (keys whose sales all went away may stay at zero) and their recomputation from the sales. */
const ROLLUPS: Record<string, [string, string]> = {
  sales_reseller_months: [
    'reseller_id, month, tipo, payment_method',
    `select s.reseller_id, ${MONTH}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${THROUGH_RESELLER} group by 1, 2, 3, 4`,
  ],
  sales_partner_months: [
    'partner_id, month, tipo, payment_method',
    `select r.id_parceiro, ${MONTH}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${THROUGH_RESELLER} group by 1, 2, 3, 4`,
  ],
  sales_partner_days: [
    'day, partner_id, tipo, payment_method',
    `select ${DAY}, r.id_parceiro, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${THROUGH_RESELLER} group by 1, 2, 3, 4`,
  ],
  sales_unattributed_months: [
    'month, tipo, payment_method',
    `select ${MONTH}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${UNATTRIBUTED} group by 1, 2, 3`,
  ],
  sales_unattributed_days: [
    'day, tipo, payment_method',
    `select ${DAY}, s.tipo, s.payment_method, count(*)::int, sum(s.valor) ${UNATTRIBUTED} group by 1, 2, 3`,
  ],
};

/** Per rollup, how many rows differ from the recomputation (0 everywhere when the rollups are exact). */
async function differences(db: MigrationTarget) {
  const found: Record<string, number> = {};
  for (const [table, [key, recomputed]] of Object.entries(ROLLUPS)) {
    const rollup = `select ${key}, count, total from ${table} where count <> 0 or total <> 0`;
    const [row] = await db.run(
      `select count(*)::int as n from ((${rollup} except all ${recomputed}) union all (${recomputed} except all ${rollup})) d`,
    );
    found[table] = Number(row.n);
  }
  return found;
}

const EXACT = Object.fromEntries(Object.keys(ROLLUPS).map((table) => [table, 0]));

const partnerDays = (db: MigrationTarget) =>
  db.run(`select to_char(day, 'YYYY-MM-DD') as day, partner_id, tipo, payment_method, count, total::text as total
          from sales_partner_days where count <> 0 order by day, partner_id, tipo, payment_method`);

const unattributedMonths = (db: MigrationTarget) =>
  db.run(`select to_char(month, 'YYYY-MM') as month, tipo, payment_method, count, total::text as total
          from sales_unattributed_months where count <> 0 order by month, tipo, payment_method`);

describeMigration('0023_sales_totals_payment_method', (db) => {
  it('recomputes every rollup from the sales already there, per payment method', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    expect(await differences(db)).toEqual(EXACT);
    expect(await partnerDays(db)).toEqual([
      { day: '2026-01-31', partner_id: 1, tipo: 'plano_individual', payment_method: 'card', count: 1, total: '44.90' },
      { day: '2026-01-31', partner_id: 1, tipo: 'plano_individual', payment_method: 'pix', count: 1, total: '44.90' },
      { day: '2026-02-02', partner_id: 1, tipo: 'consulta_avulsa', payment_method: 'pix', count: 1, total: '39.90' },
      { day: '2026-02-02', partner_id: 2, tipo: 'plano_individual', payment_method: 'card', count: 1, total: '44.90' },
    ]);
    expect(await unattributedMonths(db)).toEqual([
      { month: '2026-01', tipo: 'consulta_avulsa', payment_method: 'card', count: 1, total: '39.90' },
      { month: '2026-01', tipo: 'consulta_avulsa', payment_method: 'pix', count: 1, total: '39.90' },
    ]);
  });

  it('then follows inserts, changes of status, method, value and date, deletes and a reseller moved, each method apart', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);
    const steps = [
      `insert into sales (reseller_id, tipo, valor, data_hora, status, payment_method) values
         (1, 'plano_individual', 44.90, '2026-01-31 15:00-03', 'paid', 'pix'),
         (2, 'plano_individual', 44.90, '2026-01-31 15:00-03', 'paid', 'pix'),
         (null, 'consulta_avulsa', 39.90, '2026-01-31 15:00-03', 'paid', 'card')`,
      `update sales set status = 'refunded' where id in (1, 6)`,
      `update sales set status = 'paid' where id = 3`,
      `update sales set payment_method = case payment_method when 'pix' then 'card' else 'pix' end where id in (2, 5, 7)`,
      `update sales set valor = 12.34 where id in (4, 7)`,
      `update sales set data_hora = '2026-03-01 00:30-03' where id in (2, 7)`,
      `update sales set reseller_id = null where id = 5`,
      `delete from sales where id in (3, 8)`,
      `update resellers set id_filial = 2, id_parceiro = 2 where id = 1`,
      // A branch moved to another partner takes its resellers along (the foreign key cascades).
      `update branches set id_parceiro = 1 where id = 2`,
    ];
    for (const step of steps) {
      await db.run(step);
      expect({ step, differences: await differences(db) }).toEqual({ step, differences: EXACT });
    }
    expect(await partnerDays(db)).toEqual([
      { day: '2026-01-31', partner_id: 1, tipo: 'plano_individual', payment_method: 'pix', count: 2, total: '89.80' },
      { day: '2026-02-02', partner_id: 1, tipo: 'consulta_avulsa', payment_method: 'pix', count: 1, total: '12.34' },
      { day: '2026-03-01', partner_id: 1, tipo: 'plano_individual', payment_method: 'card', count: 1, total: '44.90' },
    ]);
    expect(await unattributedMonths(db)).toEqual([
      { month: '2026-01', tipo: 'consulta_avulsa', payment_method: 'card', count: 1, total: '39.90' },
      { month: '2026-02', tipo: 'plano_individual', payment_method: 'pix', count: 1, total: '44.90' },
      { month: '2026-03', tipo: 'consulta_avulsa', payment_method: 'card', count: 1, total: '12.34' },
    ]);
  });

  it('empties every rollup when the sales are truncated', async () => {
    await db.run(CHANNEL + SALES);
    await db.migrate(MIGRATIONS);

    await db.run('truncate sales cascade');
    for (const table of Object.keys(ROLLUPS)) expect({ table, rows: await db.run(`select * from ${table}`) }).toEqual({ table, rows: [] });
  });
});
