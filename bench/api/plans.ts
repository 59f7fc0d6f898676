import path from 'node:path';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Client } from 'pg';

/** As the service sends them: a window's first instant (`days` before now), its São Paulo day, that day's part of the window. */
const since = (days: number) => `'${new Date(Date.now() - days * 86_400_000).toISOString()}'::timestamptz`;
const dayOf = (days: number) => `(${since(days)} at time zone 'America/Sao_Paulo')::date`;
const firstDayPart = (days: number) =>
  `(s.data_hora >= ${since(days)} and s.data_hora < ((${dayOf(days)} + 1)::timestamp at time zone 'America/Sao_Paulo'))`;

/** An appointment's beneficiary, professional and specialty, looked up per row as the service does. */
const APPOINTMENT_LOOKUPS = `
  (select json_build_object('uuid', b.uuid, 'name', b.name, 'cpf', b.cpf) from beneficiaries b where b.id = a.beneficiary_id),
  (select json_build_object('name', p.nome_completo) from professionals p where p.id = a.professional_id),
  (select json_build_object('uuid', s.uuid, 'name', s.name) from specialties s where s.id = a.specialty_id)`;

/**
 * EXPLAIN ANALYZE of the list and report queries at the large size (the SQL the services send, with
 * the benchmark's filters), for bench/README.md's "Query plans". PGlite: BENCH_PGLITE_CACHE (or the
 * cached seed in the temp folder); PostgreSQL: `--pg URL`.
 */
export const PLAN_QUERIES: Record<string, string> = {
  'beneficiaries, first page (holders by name, with their dependents)': `
    with holder_page as (
      select b.id, row_number() over (order by b.name, b.id) as position from beneficiaries b
      left join resellers r on r.id = b.reseller_id
      where b.holder_id is null order by b.name, b.id limit 10)
    select b.id, b.name, (select h.cpf from beneficiaries h where h.id = b.holder_id), r.nome,
      (select f.titulo from branches f where f.id = r.id_filial), (select p.nome from partners p where p.id = r.id_parceiro)
    from beneficiaries b join holder_page on holder_page.id = coalesce(b.holder_id, b.id)
    left join resellers r on r.id = b.reseller_id
    order by holder_page.position, b.holder_id is not null, b.name, b.id`,
  'beneficiaries, name contains (groups of matching members)': `
    select b.id, b.name from beneficiaries b
    left join resellers r on r.id = b.reseller_id
    where b.holder_id is null
      and coalesce(b.holder_id, b.id) in (select coalesce(m.holder_id, m.id) from beneficiaries m where m.name ilike '%Helena Dias%')
    order by b.name, b.id limit 10`,
  'beneficiaries, bounded count (stops at 1,001 rows)': `
    select count(*) from (select b.id from beneficiaries b left join resellers r on r.id = b.reseller_id
                          where b.holder_id is null limit 1001) capped`,
  'appointments, status + date range': `
    select a.id, ${APPOINTMENT_LOOKUPS} from appointments a
    where a.starts_at >= now() and a.starts_at < now() + interval '7 days' and a.status = 'SCHEDULED'
    order by a.starts_at desc, a.id desc limit 10`,
  'appointments, first page (the coming ones, soonest first; the past ones follow in a second query)': `
    select a.id, ${APPOINTMENT_LOOKUPS} from appointments a
    where a.status <> 'CANCELED' and a.starts_at >= now()
    order by a.starts_at asc, a.id desc limit 10`,
  'sales report, page of rows (newest first)': `
    select s.id, r.nome, f.titulo, p.nome, s.tipo, s.valor, s.data_hora from sales s
    join resellers r on r.id = s.reseller_id join branches f on f.id = r.id_filial join partners p on p.id = r.id_parceiro
    where s.status = 'paid' order by s.data_hora desc, s.id desc limit 10`,
  // The figures come from the rollup the triggers of migration 0007 keep (server/services/reports/salesTotals.ts).
  'sales report, summary (whole history: the rollup per partner and month)': `
    select coalesce(sum(t.count), 0)::int, coalesce(sum(t.total), 0) from sales_partner_months t`,
  'sales report, per partner (whole history)': `
    select p.id, p.nome, coalesce(sum(t.count), 0)::int, coalesce(sum(t.total), 0) as total from sales_partner_months t
    join partners p on p.id = t.partner_id group by p.id, p.nome having coalesce(sum(t.count), 0)::int > 0 order by total desc, p.nome`,
  'sales report, last 30 and 7 days (whole days: the rollup per partner and day)': `
    select coalesce(sum(t.total), 0), coalesce(sum(t.total) filter (where t.day > ${dayOf(7)}), 0)
    from sales_partner_days t where t.day > ${dayOf(30)}`,
  "sales report, last 30 and 7 days (the sales of each window's first day)": `
    select coalesce(sum(s.valor) filter (where ${firstDayPart(30)}), 0), coalesce(sum(s.valor) filter (where ${firstDayPart(7)}), 0)
    from sales s join resellers r on r.id = s.reseller_id
    where s.status = 'paid' and (${firstDayPart(30)} or ${firstDayPart(7)})`,
  'sales report, summary for a partner and month': `
    select coalesce(sum(t.count), 0)::int, coalesce(sum(t.total), 0) from sales_partner_months t
    where t.partner_id = (select min(id) from partners)
      and t.month = date_trunc('month', now() at time zone 'America/Sao_Paulo')::date`,
  'sales report, summary for a branch (the rollup per reseller and month)': `
    select coalesce(sum(t.count), 0)::int, coalesce(sum(t.total), 0) from sales_reseller_months t
    join resellers r on r.id = t.reseller_id where r.id_filial = (select min(id) from branches)`,
  'sales report, last 30 and 7 days for a branch (its sales)': `
    select coalesce(sum(s.valor), 0), coalesce(sum(s.valor) filter (where s.data_hora >= now() - interval '7 days'), 0)
    from sales s join resellers r on r.id = s.reseller_id
    where s.status = 'paid' and r.id_filial = (select min(id) from branches) and s.data_hora >= now() - interval '30 days'`,
};

async function main() {
  const pgIndex = process.argv.indexOf('--pg');
  let run: (query: string) => Promise<string[]>;
  let close: () => Promise<void>;
  if (pgIndex >= 0) {
    const client = new Client({ connectionString: process.argv[pgIndex + 1] });
    await client.connect();
    run = async (query) => (await client.query<{ 'QUERY PLAN': string }>(query)).rows.map((row) => row['QUERY PLAN']);
    close = () => client.end();
  } else {
    const dataDir = path.join(process.env.BENCH_PGLITE_CACHE || path.join(os.tmpdir(), 'portal-bench-large'), 'pglite');
    const client = new PGlite({ dataDir, extensions: { pg_trgm } });
    run = async (query) => (await client.query<{ 'QUERY PLAN': string }>(query)).rows.map((row) => row['QUERY PLAN']);
    close = () => client.close();
  }
  try {
    for (const [title, query] of Object.entries(PLAN_QUERIES)) {
      console.log(`\n#### ${title}\n\n\`\`\`\n${(await run(`explain (analyze, costs off, timing on) ${query}`)).join('\n')}\n\`\`\``);
    }
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
