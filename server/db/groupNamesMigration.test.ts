import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migration 0026 (issue 20) keeps each holder's group names (its own, then its dependents' in id
 * order, one a line) for the beneficiaries' name filter: filled for the groups already there, then
 * kept by triggers through every change of a member's name or group. Dependents keep null. Since
 * 0040 the names are kept folded, as the filter compares them: each name's key (name_key).
 */

/** Two holders, the first with two dependents, and a holder without any. */
const GROUPS = `
  insert into beneficiaries (id, name, cpf) values (1, 'Ana Titular', '39053344705'), (2, 'Bruno Titular', '15350946056'), (5, 'Carla Sozinha', '26054436003');
  insert into beneficiaries (id, name, cpf, holder_id) values (4, 'Dora Filha', '71428793860', 1), (3, 'Caio Filho', '11144477735', 1);
  select setval('beneficiaries_id_seq', 5);`;

/** Every row's group names and, for a holder, what they should be: recomputed from the members. */
const GROUP_NAMES = `
  select b.id, b.group_names as "groupNames",
         case when b.holder_id is null then (
           select string_agg(m.name_key, E'\\n' order by m.holder_id is not null, m.id) from beneficiaries m where coalesce(m.holder_id, m.id) = b.id
         ) end as expected
  from beneficiaries b order by b.id`;

async function groupNames(db: MigrationTarget) {
  const rows = (await db.run(GROUP_NAMES)) as Array<{ id: number; groupNames: string | null; expected: string | null }>;
  expect(rows.filter((row) => row.groupNames !== row.expected)).toEqual([]);
  return Object.fromEntries(rows.map((row) => [row.id, row.groupNames]));
}

describeMigration('0026_beneficiary_group_names', (db) => {
  it('fills the groups already there: the holder first, then its dependents by id; null on a dependent', async () => {
    await db.run(GROUPS);
    await db.migrate(MIGRATIONS);
    expect(await groupNames(db)).toEqual({
      1: 'ana titular\ncaio filho\ndora filha',
      2: 'bruno titular',
      3: null,
      4: null,
      5: 'carla sozinha',
    });
  });

  it('keeps them through new members, renames, moves, promotions and removals', async () => {
    await db.run(GROUPS);
    await db.migrate(MIGRATIONS);

    await db.run(`insert into beneficiaries (id, name, cpf) values (6, 'Davi Novo', '52998224725')`);
    await db.run(
      `insert into beneficiaries (id, name, cpf, holder_id) values (7, 'Eva Nova', '22233344405', 6), (8, 'Fábio Novo', '12345678909', 2)`,
    );
    expect(await groupNames(db)).toMatchObject({ 2: 'bruno titular\nfabio novo', 6: 'davi novo\neva nova', 7: null, 8: null });

    await db.run(`update beneficiaries set name = 'Dora Renomeada' where id = 4`);
    await db.run(`update beneficiaries set name = 'Ana Renomeada' where id = 1`);
    expect(await groupNames(db)).toMatchObject({ 1: 'ana renomeada\ncaio filho\ndora renomeada' });

    // A dependent moved to another holder leaves the first group's names and enters the second's.
    await db.run(`update beneficiaries set holder_id = 2 where id = 3`);
    expect(await groupNames(db)).toMatchObject({ 1: 'ana renomeada\ndora renomeada', 2: 'bruno titular\ncaio filho\nfabio novo' });

    // A dependent made a holder has its own names; a holder made a dependent, none.
    await db.run(`update beneficiaries set holder_id = null where id = 8`);
    await db.run(`update beneficiaries set holder_id = 1 where id = 5`);
    expect(await groupNames(db)).toMatchObject({
      1: 'ana renomeada\ndora renomeada\ncarla sozinha',
      2: 'bruno titular\ncaio filho',
      5: null,
      8: 'fabio novo',
    });

    await db.run(`delete from beneficiaries where id in (4, 7)`);
    expect(await groupNames(db)).toMatchObject({ 1: 'ana renomeada\ncarla sozinha', 6: 'davi novo' });

    // A change to anything else leaves them as they are.
    await db.run(`update beneficiaries set is_active = false, phone = '11999999999' where id in (1, 5)`);
    expect(await groupNames(db)).toMatchObject({ 1: 'ana renomeada\ncarla sozinha', 5: null });
  });
});
