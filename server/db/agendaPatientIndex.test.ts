import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migration 0033 (issue 20): the agenda filtered by patient counts the matched patients' appointments
 * that are not cancelled, and reads its page's ids in date order, from the patient's index alone.
 * The planner is kept off sequential and bitmap scans, as at the large size; an index scan then
 * reads the index alone only when it holds every column the query needs.
 */

/** The statements of the agenda's patient filter (appointmentQueries.ts), with two matched patients. */
const PATIENTS = `beneficiary_id = any('{1,2}'::int[]) and status <> 'CANCELED'`;
const COUNT = `select count(*) from (select id from appointments where ${PATIENTS} limit 1001) capped`;
const PAGE_IDS = `select id from appointments where ${PATIENTS} and starts_at >= now() order by starts_at, id desc limit 10`;

/** The scans of `query`'s plan, as 'Node Type on index' (or on the table). */
async function scansOf(db: MigrationTarget, query: string): Promise<string[]> {
  const [row] = await db.run(`
    set enable_seqscan = off; set enable_bitmapscan = off;
    explain (format json) ${query}`);
  const plan = row!['QUERY PLAN'];
  type Node = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: Node[] };
  const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Node }>;
  const scans: string[] = [];
  const visit = (node: Node) => {
    if (node['Relation Name']) scans.push(`${node['Node Type']} on ${node['Index Name'] ?? node['Relation Name']}`);
    node.Plans?.forEach(visit);
  };
  visit(Plan);
  return scans;
}

describeMigration('0033_appointments_beneficiary_covering', (db) => {
  it("reads the patient filter's count and page ids from the index alone, where 0027's index needed the table", async () => {
    expect(await scansOf(db, COUNT)).not.toContainEqual(expect.stringMatching(/^Index Only Scan/));

    await db.migrate(MIGRATIONS);

    expect(await scansOf(db, COUNT)).toEqual(['Index Only Scan on appointments_beneficiary_agenda_idx']);
    expect(await scansOf(db, PAGE_IDS)).toEqual(['Index Only Scan on appointments_beneficiary_agenda_idx']);
  });
});
