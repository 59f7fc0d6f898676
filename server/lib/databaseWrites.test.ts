import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { administrators, auditLog } from '../db/schema';
import { createTestApp } from '../test/helpers';
import { mayChangeCachedData, onDatabaseWrite } from './databaseWrites';

describe('mayChangeCachedData', () => {
  it.each([
    ['select 1', false],
    ['  (select "id" from "partners") union (select 1)', false],
    ['with "x" as (select 1) select * from "x" where "updated_at" > now()', false],
    ['explain select 1', false],
    ['insert into "partners" ("nome") values ($1)', true],
    ['update "partners" set "ativo" = $1', true],
    ['delete from "partners"', true],
    ['with "gone" as (delete from "sales" returning id) select count(*) from "gone"', true],
    ['truncate "sales"', true],
    ['insert into "audit_log" ("action") values ($1)', false],
  ])('%s → %s', (statement, expected) => {
    expect(mayChangeCachedData(statement)).toBe(expected);
  });
});

describe('onDatabaseWrite', () => {
  let app: FastifyInstance;
  let writes = 0;
  let unsubscribe: () => void;
  beforeAll(async () => {
    app = await createTestApp();
    unsubscribe = onDatabaseWrite(app.db, () => writes++);
  });
  afterAll(() => app.close());

  it('is called after a write and a transaction, not after a read or an audit row', async () => {
    writes = 0;
    await app.db.select().from(administrators);
    await app.db.execute(sql`select 1`);
    expect(writes).toBe(0);
    await app.db.insert(administrators).values({ nome: 'Ana', email: 'ana@writes.test', passwordHash: 'x' });
    expect(writes).toBe(1);
    await app.db.transaction(async (tx) => {
      await tx.update(administrators).set({ nome: 'Ana Maria' }).where(eq(administrators.email, 'ana@writes.test'));
    });
    expect(writes).toBe(2);
    await app.db.execute(sql`update administrators set nome = 'Ana' where email = 'ana@writes.test'`);
    expect(writes).toBe(3);
    await app.db
      .insert(auditLog)
      .values({ actorType: 'ADMINISTRADOR', actorId: 1, actorName: 'Ana', action: 'view', entity: 'beneficiary', ipAddress: '127.0.0.1' });
    expect(writes).toBe(3);
  });

  it('is called after a failed write too (whether it changed anything is unknown)', async () => {
    writes = 0;
    await expect(app.db.insert(administrators).values({ nome: 'Ana', email: 'ana@writes.test', passwordHash: 'x' })).rejects.toThrow();
    expect(writes).toBe(1);
  });

  it('stops after unsubscribing', async () => {
    unsubscribe();
    writes = 0;
    await app.db.update(administrators).set({ nome: 'Ana' }).where(eq(administrators.email, 'ana@writes.test'));
    expect(writes).toBe(0);
  });
});
