import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migrations 0033 and 0034 (issue 20): lists whose count or page ids are read from an index alone.
 * The planner is kept off sequential and bitmap scans, as at the large size; an index scan then reads
 * the index alone only when it holds every column the query needs, in the order the page asks.
 */

/** The scans of `query`'s plan, as 'Node Type on index' (or on the table), and whether it sorts. */
async function planOf(db: MigrationTarget, query: string): Promise<{ scans: string[]; sorts: boolean }> {
  const [row] = await db.run(`
    set enable_seqscan = off; set enable_bitmapscan = off;
    explain (format json) ${query}`);
  const plan = row!['QUERY PLAN'];
  type Node = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: Node[] };
  const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Node }>;
  const found = { scans: [] as string[], sorts: false };
  const visit = (node: Node) => {
    if (node['Relation Name']) found.scans.push(`${node['Node Type']} on ${node['Index Name'] ?? node['Relation Name']}`);
    if (node['Node Type'].includes('Sort')) found.sorts = true;
    node.Plans?.forEach(visit);
  };
  visit(Plan);
  return found;
}

/** The agenda's patient filter (appointmentQueries.ts), with two matched patients: its count and its page's ids. */
const PATIENTS = `beneficiary_id = any('{1,2}'::int[]) and status <> 'CANCELED'`;
const PATIENTS_COUNT = `select count(*) from (select id from appointments where ${PATIENTS} limit 1001) capped`;
const PATIENTS_PAGE = `select id from appointments where ${PATIENTS} and starts_at >= now() order by starts_at, id desc limit 10`;

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
