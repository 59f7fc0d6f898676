import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from './client';
import { MAX_SHAPES, oncePerShape, statementOncePerShape } from './queryShapes';

/** A query prepared once per shape answers each execution's own values, and is built once. */

const shaped = pgTable('shaped_rows', { id: integer('id').notNull(), label: text('label').notNull() });

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  await db().execute(sql`create table shaped_rows (id integer not null, label text not null)`);
  await db().execute(sql`insert into shaped_rows values (1, 'um'), (2, 'dois'), (3, 'três')`);
});
afterAll(() => database.close());

const byId = () =>
  db()
    .select({ label: shaped.label })
    .from(shaped)
    .where(eq(shaped.id, sql.placeholder('id')));

test("builds a shape's query once and answers each execution's values", async () => {
  const build = jest.fn(byId);
  const first = oncePerShape(db(), 'label by id', build);
  const again = oncePerShape(db(), 'label by id', build);
  expect(again).toBe(first);
  expect(build).toHaveBeenCalledTimes(1);
  expect(await first.execute({ id: 2 })).toEqual([{ label: 'dois' }]);
  expect(await again.execute({ id: 3 })).toEqual([{ label: 'três' }]);
  expect(await again.execute({ id: 9 })).toEqual([]);
});

test('keeps shapes apart, and apart per database handle', async () => {
  const labels = oncePerShape(db(), 'labels after id', () =>
    db()
      .select({ label: shaped.label })
      .from(shaped)
      .where(sql`${shaped.id} > ${sql.placeholder('id')}`)
      .orderBy(shaped.id),
  );
  expect(await labels.execute({ id: 1 })).toEqual([{ label: 'dois' }, { label: 'três' }]);
  const otherHandle = {} as typeof database.db;
  const build = jest.fn(byId);
  oncePerShape(otherHandle, 'label by id', build);
  expect(build).toHaveBeenCalledTimes(1);
});

test(`keeps at most ${MAX_SHAPES} shapes per handle; past them, builds each time`, () => {
  const handle = {} as typeof database.db;
  const build = jest.fn(byId);
  for (let index = 0; index < MAX_SHAPES; index++) oncePerShape(handle, `shape ${index}`, build);
  oncePerShape(handle, 'one too many', build);
  oncePerShape(handle, 'one too many', build);
  oncePerShape(handle, 'shape 0', build);
  expect(build).toHaveBeenCalledTimes(MAX_SHAPES + 2);
});

test("builds a statement written as SQL once per shape and runs it with each execution's values", async () => {
  const build = jest.fn(
    () =>
      sql`insert into ${shaped} (id, label) select id + 10, ${sql.placeholder('prefix')} || label from ${shaped} where id = any(${sql.placeholder('ids')}::int[]) returning id, label`,
  );
  const first = statementOncePerShape<{ id: number; label: string }>(db(), 'labels copied', build);
  const again = statementOncePerShape<{ id: number; label: string }>(db(), 'labels copied', build);
  expect(again).toBe(first);
  expect(build).toHaveBeenCalledTimes(1);
  expect((await first.execute({ prefix: 'cópia de ', ids: [1, 3] })).rows).toEqual([
    { id: 11, label: 'cópia de um' },
    { id: 13, label: 'cópia de três' },
  ]);
  expect((await again.execute({ prefix: 'outra ', ids: [2] })).rows).toEqual([{ id: 12, label: 'outra dois' }]);
  expect((await again.execute({ prefix: 'nada', ids: [] })).rows).toEqual([]);
});
