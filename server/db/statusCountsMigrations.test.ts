import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migrations 0028 and 0029 (issue 20) keep the number of appointments and of referrals per status for
 * the agenda's and the referrals' totals: filled for the rows already there, then kept by triggers
 * through every insert, change of status, deletion and truncation, in statements of one row or many.
 */

/** A patient, a professional and a specialty, and four appointments of three statuses. */
const AGENDA = `
  insert into specialties (id, uuid, name) values (1, gen_random_uuid(), 'Cardiologia');
  insert into professionals (id, nome_completo, cpf, crm, crm_estado, email) values (1, 'Dra. Um', '11144477735', '1', 'SP', 'um@x.com');
  insert into beneficiaries (id, name, cpf) values (1, 'Paciente', '39053344705');
  insert into appointments (id, beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
  select n, 1, 1, 1, timestamptz '2030-05-06 10:00-03' + n * interval '1 hour', timestamptz '2030-05-06 10:30-03' + n * interval '1 hour',
         (array['SCHEDULED', 'SCHEDULED', 'FINISHED', 'CANCELED'])[n], 'https://sala'
  from generate_series(1, 4) n;
  select setval('appointments_id_seq', 4);`;

/** The kept counts of `table` (appointments or referrals), after checking them against its rows counted afresh. */
async function counts(db: MigrationTarget, table: 'appointments' | 'referrals' = 'appointments') {
  const kept = `${table.slice(0, -1)}_counts`;
  const [{ kept: keptCounts, counted }] = (await db.run(`
    select (select coalesce(jsonb_object_agg(status, ${table}), '{}') from ${kept} where ${table} <> 0) as kept,
           (select coalesce(jsonb_object_agg(status, n), '{}') from (select status, count(*)::int as n from ${table} group by status) c) as counted`)) as Array<{
    kept: Record<string, number>;
    counted: Record<string, number>;
  }>;
  expect(keptCounts).toEqual(counted);
  return keptCounts;
}

/** Appointments `from` to `to` (ids), an hour apart after the first four, with the given status. */
const more = (from: number, to: number, status: string) => `
  insert into appointments (id, beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url)
  select n, 1, 1, 1, timestamptz '2030-05-06 10:00-03' + n * interval '1 hour', timestamptz '2030-05-06 10:30-03' + n * interval '1 hour', '${status}', 'https://sala'
  from generate_series(${from}, ${to}) n`;

describeMigration('0028_appointment_counts', (db) => {
  it('counts the appointments already there, per status', async () => {
    await db.run(AGENDA);
    await db.migrate(MIGRATIONS);
    expect(await counts(db)).toEqual({ SCHEDULED: 2, FINISHED: 1, CANCELED: 1 });
  });

  it('keeps the counts through inserts, changes of status, deletions and truncation', async () => {
    await db.run(AGENDA);
    await db.migrate(MIGRATIONS);

    await db.run(more(5, 5, 'DONE'));
    await db.run(more(6, 30, 'SCHEDULED'));
    expect(await counts(db)).toEqual({ SCHEDULED: 27, FINISHED: 1, CANCELED: 1, DONE: 1 });

    await db.run(`update appointments set status = 'CANCELED' where id = 1`);
    await db.run(`update appointments set status = 'FINISHED' where id between 10 and 19`);
    // An update that changes no status changes no count.
    await db.run(`update appointments set beneficiary_url = 'https://outra-sala' where id between 1 and 30`);
    expect(await counts(db)).toEqual({ SCHEDULED: 16, FINISHED: 11, CANCELED: 2, DONE: 1 });

    await db.run(`delete from appointments where id = 5`);
    await db.run(`delete from appointments where id between 20 and 30`);
    expect(await counts(db)).toEqual({ SCHEDULED: 5, FINISHED: 11, CANCELED: 2 });

    await db.run(`truncate appointments cascade`);
    expect(await counts(db)).toEqual({});
    await db.run(more(40, 41, 'UNFINISHED'));
    expect(await counts(db)).toEqual({ UNFINISHED: 2 });
  });
});

/** Referrals `from` to `to` (ids) of the patient, with the given status. */
const referrals = (from: number, to: number, status: string) => `
  insert into referrals (id, beneficiary_id, specialty_id, status) select n, 1, 1, '${status}' from generate_series(${from}, ${to}) n`;

describeMigration('0029_referral_counts', (db) => {
  it('counts the referrals already there, per status, then keeps the counts through every change', async () => {
    await db.run(AGENDA + referrals(1, 3, 'PENDING') + ';' + referrals(4, 4, 'COMPLETED'));
    await db.migrate(MIGRATIONS);
    expect(await counts(db, 'referrals')).toEqual({ PENDING: 3, COMPLETED: 1 });

    await db.run(referrals(5, 20, 'SCHEDULED'));
    await db.run(`update referrals set status = 'NON_SCHEDULABLE' where id between 1 and 2`);
    await db.run(`update referrals set arquivo = 'encaminhamento.pdf' where id between 1 and 20`);
    expect(await counts(db, 'referrals')).toEqual({ PENDING: 1, NON_SCHEDULABLE: 2, COMPLETED: 1, SCHEDULED: 16 });

    await db.run(`delete from referrals where id between 10 and 20`);
    expect(await counts(db, 'referrals')).toEqual({ PENDING: 1, NON_SCHEDULABLE: 2, COMPLETED: 1, SCHEDULED: 5 });
    await db.run(`truncate referrals cascade`);
    expect(await counts(db, 'referrals')).toEqual({});
  });
});
