import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { demoChannel, startAdminPortal, type DemoChannel } from '../test/demoPortal';
import { injectAs, loginAsDemo, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * The resellers' total without filters is the database's own count per partner and branch (migration
 * 0030), in an administrator's, a partner's and a branch's scope: exact, and no statement counts the
 * resellers. A filter still counts its rows.
 */

let app: FastifyInstance;
let demo: DemoChannel;
const tokens = {} as Record<Exclude<UserType, 'REVENDEDOR'>, string>;

beforeAll(async () => {
  let admin: string;
  ({ app, admin } = await startAdminPortal());
  demo = await demoChannel(app);
  tokens.ADMINISTRADOR = admin;
  for (const type of ['PARCEIRO', 'FILIAL'] as const) tokens[type] = await loginAsDemo(app, type);
});
afterAll(() => app.close());

/** The resellers a demo user of `type` sees, counted apart from the services. */
async function inScope(type: keyof typeof tokens): Promise<number> {
  const scope = { ADMINISTRADOR: sql`true`, PARCEIRO: sql`id_parceiro = ${demo.partnerId}`, FILIAL: sql`id_filial = ${demo.branchId}` }[
    type
  ];
  const [{ total }] = await sqlRows<{ total: number }>(app, sql`select count(*)::int as total from resellers where ${scope}`);
  return total;
}

async function firstPage(type: keyof typeof tokens, query = '') {
  const queries = countQueries(app);
  try {
    const response = await injectAs(app, tokens[type], { method: 'GET', url: `/api/resellers?page=1&pageSize=10${query}` });
    expect(response.statusCode).toBe(200);
    return {
      total: Number(response.headers['x-total-count']),
      countsResellers: queries.statements.some((statement) => /count\(\*\)/.test(statement)),
      readsMaintainedCounts: queries.statements.some((statement) => /"reseller_counts"/.test(statement)),
    };
  } finally {
    queries.restore();
  }
}

describe('GET /api/resellers, totals from the maintained counts', () => {
  it.each(['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const)('gives a %s the exact total of its scope, counting nothing', async (type) => {
    const expected = await inScope(type);
    expect(expected).toBeGreaterThan(0);
    expect(await firstPage(type)).toEqual({ total: expected, countsResellers: false, readsMaintainedCounts: true });
  });

  it('counts the rows under a filter', async () => {
    const [{ nome }] = await sqlRows<{ nome: string }>(app, sql`select nome from resellers order by id limit 1`);
    const [{ matching }] = await sqlRows<{ matching: number }>(
      app,
      sql`select count(*)::int as matching from resellers where nome ilike ${`%${nome}%`}`,
    );
    expect(await firstPage('ADMINISTRADOR', `&nome=${encodeURIComponent(nome)}`)).toEqual({
      total: matching,
      countsResellers: true,
      readsMaintainedCounts: false,
    });
  });

  it('follows a new reseller in the branch and its removal', async () => {
    const before = { ADMINISTRADOR: await inScope('ADMINISTRADOR'), PARCEIRO: await inScope('PARCEIRO'), FILIAL: await inScope('FILIAL') };
    const [{ id }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash)
          values (${demo.partnerId}, ${demo.branchId}, 'Revendedora Nova', '52998224725', 'nova-totais@x.com', 'x') returning id`,
    );
    for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const) expect((await firstPage(type)).total).toBe(before[type] + 1);
    await app.db.execute(sql`delete from resellers where id = ${id}`);
    for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const) expect((await firstPage(type)).total).toBe(before[type]);
  });
});
