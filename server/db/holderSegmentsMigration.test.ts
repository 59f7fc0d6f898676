import { describeMigration, MIGRATIONS, type MigrationTarget } from '../test/migrationTargets';

/**
 * Migration 0035 (issue 20): the holders in name order, cut into segments that each count the holders
 * from their mark to the next (by the names' keys since 0039, server/lib/nameOrder.ts). Filled for the holders already there, then kept by triggers through
 * inserts, renames, holders becoming dependents, deletions and truncation; rebuilt at any size.
 */

/** Holders `from` to `to` (ids), named 'Titular <n mod 10>' so that names repeat and ties fall to the id. */
const holders = (from: number, to: number) => `
  insert into beneficiaries (id, name, cpf)
  select n, 'Titular ' || (n % 10), lpad(n::text, 11, '0') from generate_series(${from}, ${to}) n`;

/**
 * The segments' counts ('position' → holders, empty ones left out), after checking them against the
 * holders counted afresh in the segment of the last mark at or before each.
 */
async function segments(db: MigrationTarget): Promise<Record<string, number>> {
  const [{ kept, counted }] = (await db.run(`
    select (select coalesce(jsonb_object_agg(position, holders), '{}') from holder_name_segments where holders <> 0) as kept,
           (select coalesce(jsonb_object_agg(position, n), '{}') from (
              select (select s.position from holder_name_segments s where (s.name_key, s.id) <= (b.name_key, b.id)
                      order by s.name_key desc, s.id desc limit 1) as position, count(*)::int as n
              from beneficiaries b where holder_id is null group by 1) c) as counted`)) as Array<{
    kept: Record<string, number>;
    counted: Record<string, number>;
  }>;
  expect(kept).toEqual(counted);
  return kept;
}

describeMigration('0035_holder_name_segments', (db) => {
  it('cuts the holders already there into segments of a thousand, dependents left out', async () => {
    await db.run(holders(1, 2500) + `; update beneficiaries set holder_id = 1 where id between 2491 and 2500`);
    await db.migrate(MIGRATIONS);
    expect(await segments(db)).toEqual({ 1: 1000, 2: 1000, 3: 490 });
    // Each mark is the first holder of its segment in the list's order: 249 holders a name, ids rising.
    // (Marked by the names' keys since migration 0039.)
    const marks = await db.run(`select name_key, id from holder_name_segments where position > 0 order by position`);
    expect(marks).toEqual([
      { name_key: 'titular 0', id: 10 },
      { name_key: 'titular 4', id: 44 },
      { name_key: 'titular 8', id: 88 },
    ]);
  });

  it('keeps the counts through inserts, renames, holders becoming dependents, deletions and truncation', async () => {
    await db.run(holders(1, 40));
    await db.migrate(MIGRATIONS);
    await db.run(`select holder_name_segments_rebuild(7)`);
    expect(await segments(db)).toEqual({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 5 });

    await db.run(holders(41, 41));
    await db.run(holders(42, 60));
    // Before the first mark ('Titular 0', id 10): segment 0.
    await db.run(`insert into beneficiaries (id, name, cpf) values (61, 'Abel', '00000000061')`);
    await db.run(`update beneficiaries set name = 'Zuleica' where id in (1, 2, 3)`);
    await db.run(`update beneficiaries set holder_id = 5 where id in (15, 25)`);
    await db.run(`update beneficiaries set is_active = false where id between 1 and 61`);
    await db.run(`delete from beneficiaries where id in (4, 14, 24, 34)`);
    const kept = await segments(db);
    expect(Object.values(kept).reduce((sum, n) => sum + n, 0)).toBe(61 - 2 - 4);
    expect(kept[0]).toBe(1);

    await db.run(`select holder_name_segments_rebuild(7)`);
    expect(Object.values(await segments(db))).toEqual([7, 7, 7, 7, 7, 7, 7, 6]);

    await db.run(`truncate beneficiaries cascade`);
    expect(await segments(db)).toEqual({});
    await db.run(holders(1, 3));
    expect(await segments(db)).toEqual({ 0: 3 });
  });
});
