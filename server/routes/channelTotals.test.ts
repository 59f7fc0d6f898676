import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { demoChannel, startAdminPortal, type DemoChannel } from '../test/demoPortal';
import { injectAs, loginAsDemo, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * The resellers' total without filters is the database's own count per partner and branch (migration
 * 0030), in an administrator's, a partner's and a branch's scope; the branches' without filters or by
 * partner alone, its count per partner (0032), in an administrator's and a partner's: exact, and no
 * statement counts the rows. A text filter still counts its rows, but for a name filter's few matches,
 * which are read first and are their own total (server/lib/preparedList.ts).
 */

type Staff = Exclude<UserType, 'REVENDEDOR'>;

let app: FastifyInstance;
let demo: DemoChannel;
const tokens = {} as Record<Staff, string>;

beforeAll(async () => {
  let admin: string;
  ({ app, admin } = await startAdminPortal());
  demo = await demoChannel(app);
  tokens.ADMINISTRADOR = admin;
  for (const type of ['PARCEIRO', 'FILIAL'] as const) tokens[type] = await loginAsDemo(app, type);
});
afterAll(() => app.close());

const LISTS = {
  resellers: { url: '/api/resellers', counts: 'reseller_counts' },
  branches: { url: '/api/branches', counts: 'branch_counts' },
};
type List = keyof typeof LISTS;

/** The rows of `list` a demo user of `type` sees (under `where`), counted apart from the services. */
async function inScope(list: List, type: Staff, where: SQL = sql`true`): Promise<number> {
  const own = { resellers: sql`id_filial = ${demo.branchId}`, branches: sql`id = ${demo.branchId}` }[list];
  const scope = { ADMINISTRADOR: sql`true`, PARCEIRO: sql`id_parceiro = ${demo.partnerId}`, FILIAL: own }[type];
  const [{ total }] = await sqlRows<{ total: number }>(
    app,
    sql`select count(*)::int as total from ${sql.raw(list)} where ${scope} and ${where}`,
  );
  return total;
}

async function firstPage(list: List, type: Staff, query = '') {
  const queries = countQueries(app);
  try {
    const response = await injectAs(app, tokens[type], { method: 'GET', url: `${LISTS[list].url}?page=1&pageSize=10${query}` });
    expect(response.statusCode).toBe(200);
    return {
      total: Number(response.headers['x-total-count']),
      // The probe of a name filter's few matches counts what it read: not a count of the list.
      countsRows: queries.statements.some(
        (statement) => /count\(\*\)/.test(statement) && !statement.startsWith('with matching as materialized'),
      ),
      readsMaintainedCounts: queries.statements.some((statement) => statement.includes(`"${LISTS[list].counts}"`)),
    };
  } finally {
    queries.restore();
  }
}

const maintained = (total: number) => ({ total, countsRows: false, readsMaintainedCounts: true });
const counted = (total: number) => ({ total, countsRows: true, readsMaintainedCounts: false });

describe('GET /api/resellers, totals from the maintained counts', () => {
  it.each(['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const)('gives a %s the exact total of its scope, counting nothing', async (type) => {
    const expected = await inScope('resellers', type);
    expect(expected).toBeGreaterThan(0);
    expect(await firstPage('resellers', type)).toEqual(maintained(expected));
  });

  it('counts the rows under a filter', async () => {
    const partnerName = (await sqlRows<{ nome: string }>(app, sql`select nome from partners order by id limit 1`))[0].nome;
    const expected = await inScope(
      'resellers',
      'ADMINISTRADOR',
      sql`id_parceiro in (select id from partners where nome ilike ${`%${partnerName}%`})`,
    );
    expect(await firstPage('resellers', 'ADMINISTRADOR', `&parceiro=${encodeURIComponent(partnerName)}`)).toEqual(counted(expected));
  });

  it('takes a name filter’s total from its matches, read first (up to FEW_MATCHES), counting nothing', async () => {
    const [{ nome }] = await sqlRows<{ nome: string }>(app, sql`select nome from resellers order by id limit 1`);
    const expected = await inScope('resellers', 'ADMINISTRADOR', sql`nome ilike ${`%${nome}%`}`);
    expect(await firstPage('resellers', 'ADMINISTRADOR', `&nome=${encodeURIComponent(nome)}`)).toEqual({
      total: expected,
      countsRows: false,
      readsMaintainedCounts: false,
    });
  });

  it('follows a new reseller in the branch and its removal', async () => {
    const types = ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const;
    const before = await Promise.all(types.map((type) => inScope('resellers', type)));
    const [{ id }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash)
          values (${demo.partnerId}, ${demo.branchId}, 'Revendedora Nova', '52998224725', 'nova-totais@x.com', 'x') returning id`,
    );
    for (const [index, type] of types.entries()) expect((await firstPage('resellers', type)).total).toBe(before[index] + 1);
    await app.db.execute(sql`delete from resellers where id = ${id}`);
    for (const [index, type] of types.entries()) expect((await firstPage('resellers', type)).total).toBe(before[index]);
  });
});

describe('GET /api/branches, totals from the maintained counts', () => {
  it.each(['ADMINISTRADOR', 'PARCEIRO'] as const)('gives a %s the exact total of its scope, counting nothing', async (type) => {
    const expected = await inScope('branches', type);
    expect(expected).toBeGreaterThan(0);
    expect(await firstPage('branches', type)).toEqual(maintained(expected));
  });

  it('gives an administrator the total of one partner’s branches from the counts too', async () => {
    const expected = await inScope('branches', 'ADMINISTRADOR', sql`id_parceiro = ${demo.partnerId}`);
    expect(await firstPage('branches', 'ADMINISTRADOR', `&id_parceiro=${demo.partnerId}`)).toEqual(maintained(expected));
  });

  it('counts the rows under a text filter', async () => {
    const [{ titulo }] = await sqlRows<{ titulo: string }>(app, sql`select titulo from branches order by id limit 1`);
    const expected = await inScope('branches', 'ADMINISTRADOR', sql`titulo ilike ${`%${titulo}%`}`);
    expect(await firstPage('branches', 'ADMINISTRADOR', `&titulo=${encodeURIComponent(titulo)}`)).toEqual(counted(expected));
  });

  it('follows a new branch, its move to another partner and its removal', async () => {
    const [{ id: otherPartner }] = await sqlRows<{ id: number }>(
      app,
      sql`select id from partners where id <> ${demo.partnerId} order by id limit 1`,
    );
    const before = await firstPage('branches', 'PARCEIRO');
    const [{ id: branch }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into branches (id_parceiro, titulo, email, senha_hash)
          values (${demo.partnerId}, 'Filial Nova', 'filial-totais@x.com', 'x') returning id`,
    );
    expect(await firstPage('branches', 'PARCEIRO')).toEqual(maintained(before.total + 1));
    await app.db.execute(sql`update branches set id_parceiro = ${otherPartner} where id = ${branch}`);
    expect(await firstPage('branches', 'PARCEIRO')).toEqual(before);
    expect((await firstPage('branches', 'ADMINISTRADOR', `&id_parceiro=${otherPartner}`)).total).toBe(
      await inScope('branches', 'ADMINISTRADOR', sql`id_parceiro = ${otherPartner}`),
    );
    await app.db.execute(sql`delete from branches where id = ${branch}`);
    expect((await firstPage('branches', 'ADMINISTRADOR')).total).toBe(await inScope('branches', 'ADMINISTRADOR'));
  });
});
