import { FOLDED_FROM, FOLDED_TO } from '../lib/nameOrder';
import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migrations 0033, 0034, 0036-0042 (issue 20): lists whose count, page ids or filters are read from an
 * index (alone, where it holds every column the query needs).
 * The planner is kept off sequential and bitmap scans, as at the large size; an index scan then reads
 * the index alone only when it holds every column the query needs, in the order the page asks.
 */

/**
 * The scans of `query`'s plan, as 'Node Type on index' (or on the table), and whether it sorts.
 * `bitmaps`: bitmap scans instead of index scans, the only ones a trigram (GIN) index answers.
 */
async function planOf(db: MigrationTarget, query: string, bitmaps = false): Promise<{ scans: string[]; sorts: boolean }> {
  const [row] = await db.run(`
    set enable_seqscan = off; set enable_bitmapscan = ${bitmaps ? 'on' : 'off'}; set enable_indexscan = ${bitmaps ? 'off' : 'on'};
    explain (format json) ${query}`);
  const plan = row!['QUERY PLAN'];
  type Node = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: Node[] };
  const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Node }>;
  const found = { scans: [] as string[], sorts: false };
  const visit = (node: Node) => {
    const on = node['Index Name'] ?? node['Relation Name'];
    if (on) found.scans.push(`${node['Node Type']} on ${on}`);
    if (node['Node Type'].includes('Sort')) found.sorts = true;
    node.Plans?.forEach(visit);
  };
  visit(Plan);
  return found;
}

/** The agenda's patient filter (appointmentQueries.ts), with two matched patients: its count and its page's ids. */
const PATIENTS = `beneficiary_id = any('{1,2}'::int[]) and status <> 'CANCELED'`;
const PATIENTS_COUNT = `select count(*) from (select id from appointments where ${PATIENTS} limit 1001) capped`;
/** Their agenda in its order, coming soonest first then past latest first (appointmentQueries.ts' agendaOrderKey). */
const PATIENTS_PAGE = `select id from appointments where ${PATIENTS}
  order by starts_at < now(), case when starts_at >= now() then starts_at end, starts_at desc, id desc limit 10`;

describeMigration('0033_appointments_beneficiary_covering', (db) => {
  it("reads the patient filter's count and page ids from the index alone, where 0027's index needed the table", async () => {
    expect((await planOf(db, PATIENTS_COUNT)).scans).not.toContainEqual(expect.stringMatching(/^Index Only Scan/));

    await db.migrate(MIGRATIONS);

    expect((await planOf(db, PATIENTS_COUNT)).scans).toEqual(['Index Only Scan on appointments_beneficiary_agenda_idx']);
    expect((await planOf(db, PATIENTS_PAGE)).scans).toEqual(['Index Only Scan on appointments_beneficiary_agenda_idx']);
  });
});

/** A page of the referrals' ids (referralQueries.ts) in the list's order, newest first and ties by id, whole or under a status. */
const referralsPage = (where = '') => `select id from referrals ${where} order by created_at desc, id desc limit 10 offset 1000`;

describeMigration('0034_referrals_created_id', (db) => {
  it("reads a page of the referrals' ids from the index alone in the list's order, where the date's index left them to sort", async () => {
    expect((await planOf(db, referralsPage())).sorts).toBe(true);

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, referralsPage())).toEqual({ scans: ['Index Only Scan on referrals_created_id_idx'], sorts: false });
    expect(await planOf(db, referralsPage(`where status = 'PENDING'`))).toEqual({
      scans: ['Index Only Scan on referrals_status_created_id_idx'],
      sorts: false,
    });
  });
});

/** A page of the agenda's ids (appointmentQueries.ts' agendaPage): one part, read forward or from its end. */
const agendaPart = (part: 'coming' | 'past', fromEnd: boolean) => {
  const [where, order] = part === 'coming' ? ['>=', ['starts_at', 'id desc']] : ['<', ['starts_at desc', 'id desc']];
  const reversed = (column: string) => (column.endsWith(' desc') ? column.slice(0, -5) : `${column} desc`);
  const by = fromEnd ? order.map(reversed) : order;
  return `select id from appointments where starts_at ${where} now() and status <> 'CANCELED' order by ${by.join(', ')} limit 10 offset 1000`;
};

describeMigration('0036_appointments_starts_id', (db) => {
  it("reads a page of the agenda's ids from an index alone in the agenda's order, where the start's index needed the table and a sort", async () => {
    expect(await planOf(db, agendaPart('coming', false))).toEqual({ scans: ['Index Scan on appointments_starts_idx'], sorts: true });

    await db.migrate(MIGRATIONS);

    for (const [part, fromEnd, index] of [
      ['coming', false, 'appointments_starts_id_desc_idx'],
      ['coming', true, 'appointments_starts_id_desc_idx'],
      ['past', false, 'appointments_starts_id_idx'],
      ['past', true, 'appointments_starts_id_idx'],
    ] as const) {
      expect({ part, fromEnd, ...(await planOf(db, agendaPart(part, fromEnd))) }).toEqual({
        part,
        fromEnd,
        scans: [`Index Only Scan on ${index}`],
        sorts: false,
      });
    }
  });
});

/** A name's sort key as the lists write it (server/lib/nameOrder.ts), by hand. */
const folded = (column: string) => `translate(lower(${column}), '${FOLDED_FROM}', '${FOLDED_TO}')`;

/** The name's stored key (migration 0041), as the lists read it. */
const storedKey = () => 'nome_key';

/**
 * A page of the resellers' or the professionals' ids in their default order (name, then id), forward
 * or from the end; `order` writes the name's key as the lists wrote it before (folded, or lower()).
 */
const namePage = (table: 'resellers' | 'professionals', fromEnd: boolean, order: (name: string) => string = storedKey) => {
  const [name, where] = table === 'resellers' ? ['nome', ''] : ['nome_completo', 'where removed_at is null'];
  const direction = fromEnd ? 'desc' : 'asc';
  return `select id from ${table} ${where} order by ${order(name)} ${direction}, id ${direction} limit 10 offset 100`;
};
/** The patient picker's first matches with no text typed: active beneficiaries by name (telemedicine/beneficiaries.ts). */
const PATIENT_CHOICES = `select uuid, name, cpf from beneficiaries where is_active order by name_key, id limit 50`;
/** A page of the holders' ids in name order (beneficiaries/holderPage.ts), every partner's or one's. */
const holdersPage = (where = '') =>
  `select id from beneficiaries where holder_id is null ${where} order by name_key, id limit 10 offset 100`;

describeMigration('0037_name_order_indexes', (db) => {
  it('reads a page of the resellers and of the professionals in name order from an index, where every row was sorted', async () => {
    const lowerCase = (column: string) => `lower(${column})`;
    expect((await planOf(db, namePage('resellers', false, lowerCase))).sorts).toBe(true);
    expect((await planOf(db, namePage('professionals', false, lowerCase))).sorts).toBe(true);

    await db.migrate(MIGRATIONS);

    // The order the lists now ask (0039's, read from 0041's stored key) walks the same indexes.
    for (const fromEnd of [false, true]) {
      expect(await planOf(db, namePage('resellers', fromEnd))).toEqual({
        scans: ['Index Only Scan on resellers_nome_id_idx'],
        sorts: false,
      });
      expect(await planOf(db, namePage('professionals', fromEnd))).toEqual({
        scans: ['Index Only Scan on professionals_nome_id_idx'],
        sorts: false,
      });
    }
  });
});

/** A name filter as the lists write it (server/lib/nameOrder.ts): the name's key like the folded text. */
const keyLike = (key: string, text = 'Ána Silva') => `${key} like ${folded(`'%${text}%'::text`)}`;
/** The same filter as the lists wrote it from 0040 to 0041, the key computed from the name. */
const nameLike = (column: string) => keyLike(folded(column));

/**
 * The resellers' and the professionals' 'contains' filters (resellerList.ts, professionals/queries.ts),
 * as their counts: each as the lists wrote it before 0038 and as they write it now.
 */
const FILTERS = [
  ['resellers', `nome ilike '%ana silva%'`, keyLike('nome_key'), 'resellers_nome_trgm_idx'],
  ['resellers', `cpf like '%12345%'`, `cpf like '%12345%'`, 'resellers_cpf_trgm_idx'],
  [
    'professionals',
    `removed_at is null and nome_completo ilike '%ana silva%'`,
    `removed_at is null and ${keyLike('nome_key')}`,
    'professionals_nome_trgm_idx',
  ],
  ['professionals', `removed_at is null and cpf like '%12345%'`, `removed_at is null and cpf like '%12345%'`, 'professionals_cpf_trgm_idx'],
  [
    'professionals',
    `removed_at is null and email ilike '%silva%'`,
    `removed_at is null and email ilike '%silva%'`,
    'professionals_email_trgm_idx',
  ],
] as const;

/** As many professionals as at the xl size: on a near-empty table the planner reads a whole small index rather than the trigrams. */
const XL_PROFESSIONALS = `
  insert into professionals (nome_completo, cpf, crm, crm_estado, email)
  select 'Profissional ' || n, lpad(n::text, 11, '0'), n::text, 'SP', 'profissional' || n || '@exemplo.com.br'
  from generate_series(1, 5000) as n;
  analyze professionals;`;

/** As many resellers as professionals above, for the same reason, under one partner and branch of their own. */
const MANY_RESELLERS = `
  insert into partners (id, nome, cnpj, email, senha_hash) values (9000, 'Parceiro Revendas', '11444777000161', 'pr@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values (9000, 9000, 'Filial Revendas', 'fr@x.com', 'x');
  insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash)
  select 9000, 9000, 'Revendedor ' || n, lpad(n::text, 11, '0'), 'revendedor' || n || '@x.com', 'x' from generate_series(1, 5000) as n;
  analyze resellers;`;

/** The count of the rows a filter matches, and the scans its plan makes (bitmaps: the only scans a trigram index answers). */
const filterScans = async (db: MigrationTarget, table: string, where: string) =>
  (await planOf(db, `select count(*) from ${table} where ${where}`, true)).scans;

describeMigration('0038_channel_filter_trigrams', (db) => {
  it("answers the resellers' and the professionals' name, CPF and e-mail filters from trigrams, where every row was read", async () => {
    for (const [table, before] of FILTERS)
      expect(await filterScans(db, table, before)).not.toContainEqual(expect.stringMatching(/_trgm_idx$/));

    await db.migrate(MIGRATIONS);
    // At the large size the planner reads the whole table of 500 (0.4 ms): XL_PROFESSIONALS.
    await db.run(`${XL_PROFESSIONALS}${MANY_RESELLERS}`);

    for (const [table, , now, index] of FILTERS)
      expect(await filterScans(db, table, now)).toEqual([`Bitmap Heap Scan on ${table}`, `Bitmap Index Scan on ${index}`]);
  });
});

describeMigration('0039_accent_folded_name_order', (db) => {
  it('orders names without accents or case, from the indexes that served the old orders', async () => {
    for (const query of [namePage('resellers', false, folded), namePage('professionals', true, folded)])
      expect((await planOf(db, query)).sorts).toBe(true);

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, namePage('resellers', true))).toEqual({ scans: ['Index Only Scan on resellers_nome_id_idx'], sorts: false });
    expect(await planOf(db, namePage('professionals', false))).toEqual({
      scans: ['Index Only Scan on professionals_nome_id_idx'],
      sorts: false,
    });
    expect(await planOf(db, PATIENT_CHOICES)).toEqual({ scans: ['Index Scan on beneficiaries_name_idx'], sorts: false });
    expect(await planOf(db, holdersPage())).toEqual({ scans: ['Index Only Scan on beneficiaries_holder_name_idx'], sorts: false });
    expect(await planOf(db, holdersPage('and partner_id = 1'))).toEqual({
      scans: ['Index Only Scan on beneficiaries_partner_holder_name_idx'],
      sorts: false,
    });

    const [{ names }] = (await db.run(`
      insert into partners (nome, cnpj, email, senha_hash) values
        ('Vinícius', '11222333000181', 'v@x.com', 'x'), ('Ágata', '11444777000161', 'a@x.com', 'x'),
        ('agnes', '11111111000191', 'g@x.com', 'x'), ('Érico', '22222222000191', 'e@x.com', 'x');
      select string_agg(nome, ', ' order by ${folded('nome')}, id) as names from partners`)) as Array<{ names: string }>;
    expect(names).toBe('Ágata, agnes, Érico, Vinícius');
  });

  it("keys the beneficiaries already there and those to come, and marks the holders' name segments by key", async () => {
    await db.run(`insert into beneficiaries (id, name, cpf) values (1, 'Vinícius', '00000000001'), (2, 'Ágata', '00000000002')`);

    await db.migrate(MIGRATIONS);

    await db.run(`insert into beneficiaries (id, name, cpf) values (3, 'ÉRICO', '00000000003'), (4, 'agnes', '00000000004')`);
    const rows = await db.run(`select name, name_key from beneficiaries order by name_key, id`);
    expect(rows).toEqual([
      { name: 'Ágata', name_key: 'agata' },
      { name: 'agnes', name_key: 'agnes' },
      { name: 'ÉRICO', name_key: 'erico' },
      { name: 'Vinícius', name_key: 'vinicius' },
    ]);
    await db.run(`update beneficiaries set name = 'Úrsula' where id = 1`);
    await db.run(`select holder_name_segments_rebuild(2)`);
    expect(await db.run(`select name_key, id, holders from holder_name_segments order by position`)).toEqual([
      { name_key: '', id: 0, holders: 0 },
      { name_key: 'agata', id: 2, holders: 2 },
      { name_key: 'erico', id: 3, holders: 2 },
    ]);
  });
});

/**
 * The name filters whose trigram index 0040 moved to the folded name: the resellers', the
 * professionals', the patients'; each as the lists wrote it then and as they write it now (0041).
 */
const FOLDED_FILTERS = [
  ['resellers', nameLike('nome'), keyLike('nome_key'), 'resellers_nome_trgm_idx'],
  [
    'professionals',
    `removed_at is null and ${nameLike('nome_completo')}`,
    `removed_at is null and ${keyLike('nome_key')}`,
    'professionals_nome_trgm_idx',
  ],
  ['beneficiaries', keyLike('name_key'), keyLike('name_key'), 'beneficiaries_name_trgm_idx'],
] as const;

describeMigration('0040_accent_folded_name_filters', (db) => {
  it('answers the name filters, accents and case aside, from trigrams of the folded names', async () => {
    // Rows enough that the planner reads the trigrams, not a whole small index (XL_PROFESSIONALS).
    await db.run(`${XL_PROFESSIONALS}${MANY_RESELLERS}
      insert into beneficiaries (name, cpf) select 'Paciente ' || n, lpad(n::text, 11, '0') from generate_series(1, 5000) as n;`);
    for (const [table, before] of FOLDED_FILTERS)
      expect(await filterScans(db, table, before)).not.toContainEqual(expect.stringMatching(/_trgm_idx$/));

    await db.migrate(MIGRATIONS);

    for (const [table, , now, index] of FOLDED_FILTERS)
      expect(await filterScans(db, table, now)).toEqual([`Bitmap Heap Scan on ${table}`, `Bitmap Index Scan on ${index}`]);
    const groups = `holder_id is null and ${keyLike('group_names')}`;
    expect(await filterScans(db, 'beneficiaries', groups)).toEqual([
      'Bitmap Heap Scan on beneficiaries',
      'Bitmap Index Scan on beneficiaries_group_names_trgm_idx',
    ]);
  });

  it('folds the group names of the holders already there and keeps those to come folded', async () => {
    await db.run(`
      insert into beneficiaries (id, name, cpf) values (1, 'Ágata Souza', '00000000001');
      insert into beneficiaries (id, name, cpf, holder_id) values (2, 'ÉRICO', '00000000002', 1);`);
    const groupNames = async () =>
      Object.fromEntries(
        ((await db.run(`select id, group_names from beneficiaries order by id`)) as Array<{ id: number; group_names: string | null }>).map(
          (row) => [row.id, row.group_names],
        ),
      );
    expect(await groupNames()).toEqual({ 1: 'Ágata Souza\nÉRICO', 2: null });

    await db.migrate(MIGRATIONS);

    expect(await groupNames()).toEqual({ 1: 'agata souza\nerico', 2: null });
    await db.run(`insert into beneficiaries (id, name, cpf) values (3, 'Júlia Conceição', '00000000003')`);
    await db.run(`insert into beneficiaries (id, name, cpf, holder_id) values (4, 'Ângela', '00000000004', 3)`);
    await db.run(`update beneficiaries set name = 'Ícaro' where id = 2`);
    expect(await groupNames()).toEqual({ 1: 'agata souza\nicaro', 2: null, 3: 'julia conceicao\nangela', 4: null });
  });
});

/** A page of the partners' or the branches' ids in name order, as their lists, their pickers and the sales report by name read them. */
const channelNamePage = (table: 'partners' | 'branches') =>
  `select id from ${table} order by ${folded(table === 'partners' ? 'nome' : 'titulo')}, id limit 10`;

describeMigration('0041_channel_name_keys', (db) => {
  it("keeps the resellers' and the professionals' name keys, for the rows there and those to come", async () => {
    await db.run(`
      insert into partners (id, nome, cnpj, email, senha_hash) values (1, 'Parceiro', '11222333000181', 'p@x.com', 'x');
      insert into branches (id, id_parceiro, titulo, email, senha_hash) values (1, 1, 'Filial', 'f@x.com', 'x');
      insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash) values (1, 1, 'Vinícius Araújo', '52998224725', 'r1@x.com', 'x');
      insert into professionals (nome_completo, cpf, crm, crm_estado, email) values ('Dra. ÂNGELA Conceição', '11144477735', '1', 'SP', 'a@x.com');`);

    await db.migrate(MIGRATIONS);

    await db.run(`
      insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash) values (1, 1, 'Ágata', '39053344705', 'r2@x.com', 'x');
      insert into professionals (nome_completo, cpf, crm, crm_estado, email) values ('Dr. Érico', '15350946056', '2', 'SP', 'e@x.com');
      update professionals set nome_completo = 'Dra. Ângela Conceição Souza' where crm = '1';`);
    expect(await db.run(`select nome, nome_key from resellers order by nome_key`)).toEqual([
      { nome: 'Ágata', nome_key: 'agata' },
      { nome: 'Vinícius Araújo', nome_key: 'vinicius araujo' },
    ]);
    expect(await db.run(`select nome_key from professionals order by nome_key`)).toEqual([
      { nome_key: 'dr. erico' },
      { nome_key: 'dra. angela conceicao souza' },
    ]);
  });

  it("reads the partners' and the branches' pages in name order from an index, where every row was sorted", async () => {
    for (const table of ['partners', 'branches'] as const) expect((await planOf(db, channelNamePage(table))).sorts).toBe(true);

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, channelNamePage('partners'))).toEqual({ scans: ['Index Scan on partners_nome_id_idx'], sorts: false });
    expect(await planOf(db, channelNamePage('branches'))).toEqual({ scans: ['Index Scan on branches_titulo_id_idx'], sorts: false });
  });
});

/** The audit trail's page of one action, newest first (services/audit/queries.ts), and its capped count. */
const AUDIT_ACTION_PAGE = `select id from audit_log where action = 'delete' order by created_at desc, id desc limit 10`;
const AUDIT_ACTION_COUNT = `select count(*) from (select id from audit_log where action = 'delete' limit 1001) capped`;

/**
 * The audit trail's page sorted by user name, newest first among a user's rows (services/audit/queries.ts).
 * Z to A is read backwards with each user's rows sorted by date (an incremental sort): a plan the
 * planner picks on a large trail only, measured in bench/README.md.
 */
const AUDIT_BY_NAME = `select id from audit_log order by actor_key, created_at desc, id desc limit 10`;

describeMigration('0042_audit_trail_at_scale', (db) => {
  it("reads the trail's newest rows of an action other than 'view' from that action's index, where the whole trail was walked by date", async () => {
    expect((await planOf(db, AUDIT_ACTION_PAGE)).scans).toEqual(['Index Scan on audit_log_created_idx']);

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, AUDIT_ACTION_PAGE)).toEqual({ scans: ['Index Only Scan on audit_log_action_idx'], sorts: false });
    expect((await planOf(db, AUDIT_ACTION_COUNT)).scans).toEqual(['Index Only Scan on audit_log_action_idx']);
    // 'view', nearly every row, is not in it: its newest rows come by date, as before.
    expect((await planOf(db, AUDIT_ACTION_PAGE.replace("'delete'", "'view'"))).scans).toEqual(['Index Scan on audit_log_created_idx']);
  });

  it("reads the trail's first page by user name from an index, where every row was folded and sorted", async () => {
    expect(await planOf(db, AUDIT_BY_NAME.replace('actor_key', folded('actor_name')))).toEqual({
      scans: ['Seq Scan on audit_log'],
      sorts: true,
    });

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, AUDIT_BY_NAME)).toEqual({ scans: ['Index Only Scan on audit_log_actor_key_idx'], sorts: false });
  });

  it("keeps the trail's user names, folded: those already there and those to come", async () => {
    const row = (name: string) =>
      `insert into audit_log (actor_type, actor_id, actor_name, action, entity, ip_address) values ('FILIAL', 1, '${name}', 'view', 'beneficiary', '10.0.0.1')`;
    await db.run(`${row('Ágata Lima')}; ${row('Ágata Lima')}; ${row('BRUNO Souza')};`);

    await db.migrate(MIGRATIONS);

    await db.run(`${row('Conceição Dias')}; ${row('bruno souza')};`);
    expect(await db.run(`select name_key from audit_actor_names order by name_key`)).toEqual([
      { name_key: 'agata lima' },
      { name_key: 'bruno souza' },
      { name_key: 'conceicao dias' },
    ]);
  });
});

/**
 * The trail's user names without their unique key (migration 0043), so that a new name's first rows
 * never wait on each other: the trigger still adds a name only once, one insert after another (two
 * transactions at once may both add it: services/audit/actorNames.pg.test.ts).
 */
describeMigration('0043_audit_actor_names_not_unique', (db) => {
  it("keeps each of the trail's user names once, inserted one after another, with no unique key to wait on", async () => {
    const row = (name: string) =>
      `insert into audit_log (actor_type, actor_id, actor_name, action, entity, ip_address) values ('FILIAL', 1, '${name}', 'view', 'beneficiary', '10.0.0.1')`;
    await db.run(`${row('Ágata Lima')}; ${row('BRUNO Souza')};`);
    const uniqueIndexes = `select indexname from pg_indexes where tablename = 'audit_actor_names' and indexdef like 'CREATE UNIQUE%'`;
    expect(await db.run(uniqueIndexes)).toEqual([{ indexname: 'audit_actor_names_pkey' }]);

    await db.migrate(MIGRATIONS);

    expect(await db.run(uniqueIndexes)).toEqual([]);
    // A name already there, one new name twice in one statement, then again in another.
    await db.run(`${row('agata lima')}; ${row('Conceição Dias')}, ('FILIAL', 2, 'CONCEIÇÃO DIAS', 'view', 'beneficiary', '10.0.0.1');`);
    await db.run(`${row('Conceicao Dias')}; ${row('Bruno Souza')};`);
    expect(await db.run(`select name_key from audit_actor_names order by name_key`)).toEqual([
      { name_key: 'agata lima' },
      { name_key: 'bruno souza' },
      { name_key: 'conceicao dias' },
    ]);
  });
});

/** The part of the trail sorted by entity other than the beneficiaries' rows (services/audit/queries.ts' partsOf). */
const AUDIT_OTHER_ENTITIES = `select id from audit_log where entity <> 'beneficiary' order by entity, created_at desc, id desc limit 10`;

describeMigration('0046_audit_entity_order', (db) => {
  it("reads the first rows by entity, the beneficiaries' aside, from an index in that order, where they were sorted", async () => {
    expect((await planOf(db, AUDIT_OTHER_ENTITIES)).sorts).toBe(true);

    await db.migrate(MIGRATIONS);

    expect(await planOf(db, AUDIT_OTHER_ENTITIES)).toEqual({ scans: ['Index Only Scan on audit_log_entity_order_idx'], sorts: false });
    // The beneficiaries' rows, nearly all, are not in it: they come by date.
    expect((await planOf(db, AUDIT_OTHER_ENTITIES.replace("<> 'beneficiary'", "= 'beneficiary'"))).scans).not.toContain(
      'Index Only Scan on audit_log_entity_order_idx',
    );
  });
});

/** The share of the holders whose group names hold a word with 'silva' (server/lib/commonWords.ts' query, on the statistics by name). */
const SILVA_SHARE = `select coalesce(max(common.share), 0)::float8 as share
  from pg_stats_ext_exprs, unnest(most_common_elems::text::text[], most_common_elem_freqs) as common(word, share)
  where statistics_name = 'beneficiary_group_name_words' and common.word like '%silva%'`;

describeMigration('0047_group_name_word_statistics', (db) => {
  it("keeps the share of each common word of the holders' group names, from the existing rows on", async () => {
    // 1,000 holders, one in four a Silva, and 500 dependents, whose names their holders' group names hold.
    await db.run(`
      insert into beneficiaries (name, cpf) select case when n % 4 = 0 then 'Ana Silva ' else 'Bruno Costa ' end || n, lpad(n::text, 11, '0')
      from generate_series(1, 1000) as n;
      insert into beneficiaries (name, cpf, holder_id) select 'Caio Rocha ' || n, lpad((5000 + n)::text, 11, '0'), n from generate_series(1, 500) as n;
      analyze beneficiaries;`);
    expect(await db.run(SILVA_SHARE)).toEqual([{ share: 0 }]);

    await db.migrate(MIGRATIONS);

    const [{ share }] = await db.run(SILVA_SHARE);
    // A share of the rows with group names, the holders: the dependents' are null.
    expect(share).toBeCloseTo(0.25, 2);
  });
});
