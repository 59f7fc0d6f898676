import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { demoChannel, startDemoPortal, type DemoChannel } from '../test/demoPortal';
import { injectAs } from '../test/helpers';

/**
 * Deep pages and totals of the beneficiaries list (issue 20): totals from the maintained holder
 * counts, pages past the middle read from the end. 1,500 extra holders of the demo partner (names
 * repeating, so ties fall to the id) make pages deep enough for that.
 */
const EXTRA_HOLDERS = 1_500;

let app: FastifyInstance;
let tokens: Record<UserType, string>;
let demo: DemoChannel;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  demo = await demoChannel(app);
  await app.db.execute(sql`
    insert into beneficiaries (name, cpf, partner_id, branch_id)
    select 'Paginação ' || lpad((n % 300)::text, 3, '0'), lpad((70000000000 + n)::text, 11, '0'), ${demo.partnerId}, ${demo.branchId}
    from generate_series(1, ${EXTRA_HOLDERS}) as n`);
});
afterAll(() => app.close());

const list = async (type: UserType, query: string) => {
  const response = await injectAs(app, tokens[type], { method: 'GET', url: `/api/beneficiaries?${query}` });
  expect(response.statusCode).toBe(200);
  return {
    rows: response.json() as Array<{ cpf: string; holder: string | null }>,
    total: Number(response.headers['x-total-count']),
    estimated: response.headers['x-total-estimated'],
  };
};

/** Every holder's CPF page after page, as the screen pages through them. */
async function walk(type: UserType, query: string, pageSize: number): Promise<string[]> {
  const cpfs: string[] = [];
  const { total } = await list(type, `page=1&pageSize=${pageSize}&${query}`);
  for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
    const { rows } = await list(type, `page=${page}&pageSize=${pageSize}&${query}`);
    cpfs.push(...rows.filter((row) => !row.holder).map((row) => row.cpf));
  }
  return cpfs;
}

describe('GET /api/beneficiaries, deep pages and totals', () => {
  it('gives every holder once, in name then id order, from the first page to the last', async () => {
    const expected = await rowsOf<{ cpf: string }>(sql`select cpf from beneficiaries where holder_id is null order by name, id`);
    expect(expected.length).toBeGreaterThan(EXTRA_HOLDERS);
    expect(await walk('ADMINISTRADOR', '', 100)).toEqual(expected.map((row) => row.cpf));
  });

  it('keeps a requested sort when reading from the end', async () => {
    const expected = await rowsOf<{ cpf: string }>(
      sql`select cpf from beneficiaries where holder_id is null and partner_id = ${demo.partnerId} order by cpf desc, name, id`,
    );
    expect(await walk('PARCEIRO', 'sort=cpf:desc', 100)).toEqual(expected.map((row) => row.cpf));
  });

  it('counts holders exactly per scope and channel filter, and follows creates and deletes', async () => {
    const count = async (where: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ n: number }>(sql`select count(*)::int as n from beneficiaries where holder_id is null and ${where}`))[0].n);
    const admin = await list('ADMINISTRADOR', 'page=1');
    expect(admin.total).toBe(await count(sql`true`));
    expect(admin.estimated).toBeUndefined();
    expect((await list('PARCEIRO', 'page=1')).total).toBe(await count(sql`partner_id = ${demo.partnerId}`));
    expect((await list('ADMINISTRADOR', `page=1&reseller=${demo.resellerId}`)).total).toBe(
      await count(sql`reseller_id = ${demo.resellerId}`),
    );
    expect((await list('FILIAL', 'page=1')).total).toBe(await count(sql`branch_id = ${demo.branchId}`));

    await app.db.execute(sql`delete from beneficiaries where cpf in ('70000000001', '70000000002')`);
    app.dataVersion.bump(); // a write outside any request tells the caches itself
    expect((await list('PARCEIRO', 'page=1')).total).toBe(await count(sql`partner_id = ${demo.partnerId}`));
    expect((await list('ADMINISTRADOR', 'page=1')).total).toBe(admin.total - 2);
  });

  it('answers an empty page past the last one, with the total', async () => {
    const { total } = await list('ADMINISTRADOR', 'page=1');
    const beyond = await list('ADMINISTRADOR', `page=${Math.ceil(total / 10) + 1}&pageSize=10`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(total);
  });

  it('marks an estimated total: a name filter matching more than a thousand holders', async () => {
    const filtered = await list('ADMINISTRADOR', `page=1&name=${encodeURIComponent('Paginação')}`);
    expect(filtered.estimated).toBe('true');
    expect(filtered.total).toBeGreaterThan(1000);
    const few = await list('ADMINISTRADOR', `page=1&name=${encodeURIComponent('Paginação 007')}`);
    expect(few.estimated).toBeUndefined();
    expect(few.total).toBe(5);
  });
});
