import path from 'node:path';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Client } from 'pg';
import { FOLDED_FROM, FOLDED_TO } from '../../server/lib/nameOrder';

/** A text folded as the lists sort and filter names (server/lib/nameOrder.ts). */
const folded = (text: string) => `translate(lower(${text}), '${FOLDED_FROM}', '${FOLDED_TO}')`;
/** A reseller's name as its list sorts it: its stored key (migration 0041). */
const RESELLER_NAME_KEY = 'r.nome_key';

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

/** The ids of a beneficiaries' page as listHolderPage sends them: from the holders' index alone, cut to the page. */
const holderPage = (order: string, offset: number, filter = '') => `
    select b.id from beneficiaries b where b.holder_id is null ${filter} ${order} limit 10 offset ${offset}`;

/** The second statement of a beneficiaries' page: the groups of its holders (here the first page's), in their order, with their lookups. */
const HOLDER_GROUPS = `
    with page as (select array(select id from beneficiaries where holder_id is null order by name_key, id limit 10) as ids)
    select b.id, b.name, (select h.cpf from beneficiaries h where h.id = b.holder_id), r.nome,
      (select f.titulo from branches f where f.id = b.branch_id), (select p.nome from partners p where p.id = b.partner_id)
    from page, beneficiaries b
    left join resellers r on r.id = b.reseller_id
    where coalesce(b.holder_id, b.id) = any(page.ids)
    order by array_position(page.ids, coalesce(b.holder_id, b.id)), b.holder_id is not null, b.name_key, b.id`;

/**
 * EXPLAIN ANALYZE of the list and report queries at the large size (the SQL the services send, with
 * the benchmark's filters), for bench/README.md's "Query plans". PGlite: BENCH_PGLITE_CACHE (or the
 * cached seed in the temp folder); PostgreSQL: `--pg URL`.
 */
export const PLAN_QUERIES: Record<string, string> = {
  'beneficiaries, first page’s holder ids (by name)': holderPage('order by b.name_key, b.id', 0),
  'beneficiaries, a page’s groups by their holder ids (with their dependents and lookups)': HOLDER_GROUPS,
  'beneficiaries, page 5,000’s ids (offset 49,990: past the middle of 75,000, read from the end)': holderPage(
    'order by b.name_key desc, b.id desc',
    25_000,
  ),
  'beneficiaries, page 3,750’s ids (the middle: the worst case, offset 37,490 by the id-only index scan)': holderPage(
    'order by b.name_key, b.id',
    37_490,
  ),
  'beneficiaries, last page’s ids (read from the end)': holderPage('order by b.name_key desc, b.id desc', 0),
  'beneficiaries, a partner page 180’s ids (its name index, offset 1,790)': holderPage(
    'order by b.name_key, b.id',
    1_790,
    'and b.partner_id = (select min(id) from partners)',
  ),
  'beneficiaries, total (the maintained holder counts, migration 0015)': `
    select coalesce(sum(c.holders), 0)::int from beneficiary_holder_counts c`,
  'beneficiaries, name contains (the probe: the first matching holders by their group names, holderPage.ts)': `
    with matching as materialized (
      select b.id as key, b.name_key as sort_0, b.id as sort_1 from beneficiaries b
      where b.holder_id is null and b.group_names like ${folded(`'%Helena Dias%'::text`)})
    select key from (select * from matching limit 1001) as first order by sort_0 asc, sort_1 asc`,
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
  'sales CSV, a batch deep in the export (keyset after a sale a year back)': `
    select s.id, r.nome, f.titulo, p.nome, s.tipo, s.valor, to_char(s.data_hora at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI'), s.data_hora::text
    from sales s join resellers r on r.id = s.reseller_id join branches f on f.id = r.id_filial join partners p on p.id = r.id_parceiro
    where s.status = 'paid' and s.data_hora <= now() - interval '1 year' and (s.data_hora < now() - interval '1 year' or s.id < 500000)
    order by s.data_hora desc, s.id desc limit 1000`,
  'sales report, last page (read from the end: the reverse order, offset 0)': `
    select s.id, r.nome, f.titulo, p.nome, s.tipo, s.valor, s.data_hora from sales s
    join resellers r on r.id = s.reseller_id join branches f on f.id = r.id_filial join partners p on p.id = r.id_parceiro
    where s.status = 'paid' order by s.data_hora asc, s.id asc limit 10`,
  'beneficiaries CSV, a batch in the middle (keyset after the groups before "M", server/lib/keyset.ts)': `
    select b.id, b.name, r.nome, json_build_array((coalesce(h.name_key, b.name_key))::text, (coalesce(b.holder_id, b.id))::text,
      (b.holder_id is not null)::text, (b.name_key)::text, (b.id)::text)
    from beneficiaries b left join resellers r on r.id = b.reseller_id left join beneficiaries h on h.id = b.holder_id
    where (coalesce(h.name_key, b.name_key), coalesce(b.holder_id, b.id), b.holder_id is not null, b.name_key, b.id) > ('m', '0', 'false', 'm', '0')
    order by coalesce(h.name_key, b.name_key), coalesce(b.holder_id, b.id), b.holder_id is not null, b.name_key, b.id limit 1000`,
  'audit CSV, a batch deep (keyset after an entry a month back)': `
    select a.*, json_build_array(a.created_at::text, a.id::text) from audit_log a
    where (a.created_at, a.id) < (now() - interval '30 days', 2147483647)
    order by a.created_at desc, a.id desc limit 1000`,
  'audit, last page (read from the end)': `
    select a.* from audit_log a order by a.created_at asc, a.id asc limit 10`,
  'resellers CSV, a batch sorted by PIX descending (NULLs first: the expanded keyset)': `
    select r.*, json_build_array(r.pix::text, ${RESELLER_NAME_KEY}, r.id::text) from resellers r
    where (r.pix < 'm' or (r.pix = 'm' and (${RESELLER_NAME_KEY}, r.id) > ('m', 0)))
    order by r.pix desc, ${RESELLER_NAME_KEY}, r.id limit 1000`,
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
