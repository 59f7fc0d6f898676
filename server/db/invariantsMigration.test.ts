import { describeMigration, MIGRATIONS } from '../test/migrationTargets';

/**
 * Migration 0011 (issue 26) adds the rules that hold under concurrent writes, after repairing the rows
 * that break them and reporting each repair in the audit trail. Run on a database migrated up to the
 * migration before it (PGlite, and PostgreSQL when DATABASE_URL is set), filled with such rows.
 */

/** Two partners, a branch of the second and a reseller still carrying the first; a specialty and two professionals. */
const CHANNELS = `
  insert into partners (id, nome, cnpj, email, senha_hash) values (1, 'Antigo', '11222333000181', 'a@x.com', 'x'), (2, 'Novo', '11444777000161', 'b@x.com', 'x');
  insert into branches (id, id_parceiro, titulo, email, senha_hash) values (1, 2, 'Filial', 'f@x.com', 'x');
  insert into resellers (id, id_parceiro, id_filial, nome, cpf, email, senha_hash) values (1, 1, 1, 'Revendedor', '52998224725', 'r@x.com', 'x');
  insert into specialties (id, uuid, name) values (1, gen_random_uuid(), 'Cardiologia');
  insert into professionals (id, nome_completo, cpf, crm, crm_estado, email) values
    (1, 'Dra. Um', '11144477735', '1', 'SP', 'um@x.com'), (2, 'Dr. Dois', '22233344405', '2', 'SP', 'dois@x.com');`;

/** A holder (inactive) with an active dependent, and two patients. */
const BENEFICIARIES = `
  insert into beneficiaries (id, name, cpf, is_active) values (1, 'Titular', '39053344705', false);
  insert into beneficiaries (id, name, cpf, is_active, holder_id) values (2, 'Dependente', '71428793860', true, 1);
  insert into beneficiaries (id, name, cpf) values (3, 'Paciente A', '15350946056'), (4, 'Paciente B', '26054436003');`;

const appointment = (
  id: number,
  beneficiary: number,
  professional: number,
  start: string,
  minutes: number,
  status: string,
  booked: string,
) =>
  `(${id}, ${beneficiary}, ${professional}, 1, '${start}', timestamptz '${start}' + interval '${minutes} minutes', '${status}', 'https://sala', '${booked}')`;

/**
 * Patient A: 1 (14:40–15:30, booked first), 2 (14:50–15:40, booked later) overlap; 3 (16:00, apart) does not.
 * Professional 2: 4 (patient B, 10:00–11:00, finished) and 5 (patient A, 10:30, scheduled, booked earlier) overlap.
 */
const APPOINTMENTS = `
  insert into referrals (id, beneficiary_id, specialty_id, status) values (1, 3, 1, 'SCHEDULED');
  insert into appointments (id, beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, beneficiary_url, created_at) values
    ${appointment(1, 3, 1, '2030-05-06 14:40-03', 50, 'SCHEDULED', '2030-01-01')},
    ${appointment(2, 3, 2, '2030-05-06 14:50-03', 50, 'SCHEDULED', '2030-01-02')},
    ${appointment(3, 3, 1, '2030-05-06 16:00-03', 30, 'SCHEDULED', '2030-01-03')},
    ${appointment(4, 4, 2, '2030-04-01 10:00-03', 60, 'FINISHED', '2030-01-05')},
    ${appointment(5, 3, 2, '2030-04-01 10:30-03', 30, 'SCHEDULED', '2030-01-04')};
  update appointments set referral_id = 1 where id = 2;
  select setval('partners_id_seq', 100), setval('appointments_id_seq', 100);`;

describeMigration('0011_invariants', (db) => {
  it('repairs the rows that break the new rules, records each repair, then enforces the rules', async () => {
    await db.run(CHANNELS + BENEFICIARIES + APPOINTMENTS);
    await db.migrate(MIGRATIONS);

    expect(await db.run('select id_parceiro from resellers where id = 1')).toEqual([{ id_parceiro: 2 }]);
    expect(await db.run('select id, status from appointments order by id')).toEqual([
      { id: 1, status: 'SCHEDULED' },
      { id: 2, status: 'CANCELED' },
      { id: 3, status: 'SCHEDULED' },
      { id: 4, status: 'FINISHED' },
      { id: 5, status: 'CANCELED' },
    ]);
    expect(await db.run('select status from referrals where id = 1')).toEqual([{ status: 'PENDING' }]);
    expect(await db.run('select is_active from beneficiaries where id = 2')).toEqual([{ is_active: false }]);
    const reported = await db.run(
      `select action, entity, entity_id from audit_log where actor_type = 'SISTEMA' order by entity, entity_id`,
    );
    const uuids = await db.run('select id, uuid::text from appointments where id in (2, 5) order by id');
    const [dependent] = await db.run('select uuid::text from beneficiaries where id = 2');
    expect(reported).toEqual(
      [
        { action: 'status', entity: 'appointment', entity_id: uuids[0].uuid },
        { action: 'status', entity: 'appointment', entity_id: uuids[1].uuid },
        { action: 'status', entity: 'beneficiary', entity_id: dependent.uuid },
        { action: 'update', entity: 'reseller', entity_id: '1' },
      ].sort((a, b) => `${a.entity}${a.entity_id}`.localeCompare(`${b.entity}${b.entity_id}`)),
    );

    await expect(db.run('update resellers set id_parceiro = 1 where id = 1')).rejects.toMatchObject({ code: '23503' });
    await db.run('update branches set id_parceiro = 1 where id = 1');
    expect(await db.run('select id_parceiro from resellers where id = 1')).toEqual([{ id_parceiro: 1 }]);
    await expect(
      db.run("insert into partners (nome, cnpj, email, senha_hash) values ('Outro', '11222333000181', 'c@x.com', 'x')"),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      db.run(`insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, beneficiary_url)
      values (4, 1, 1, '2030-05-06 15:00-03', '2030-05-06 15:20-03', 'https://sala')`),
    ).rejects.toMatchObject({ code: '23P01' });
    await expect(db.run('update beneficiaries set is_active = true where id = 2')).rejects.toMatchObject({ code: '23514' });
  });

  it('stops, naming them, when two partners share a CNPJ', async () => {
    await db.run(`insert into partners (id, nome, cnpj, email, senha_hash) values
      (7, 'Um', '11222333000181', 'um@x.com', 'x'), (8, 'Dois', '11222333000181', 'dois@x.com', 'x')`);
    await expect(db.migrate(MIGRATIONS)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/11222333000181 \(parceiros 7, 8\)/) },
    });
  });
});
