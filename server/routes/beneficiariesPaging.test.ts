import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { rebalanceHolderSegments } from '../services/beneficiaries/holderSegments';
import { demoChannel, startDemoPortal, type DemoChannel } from '../test/demoPortal';
import { injectAs, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * Deep pages and totals of the beneficiaries list (issue 20): totals from the maintained holder
 * counts, pages past the middle read from the end. 2,400 extra holders of the demo partner (names
 * repeating, so ties fall to the id) make pages deep enough for both: past the first thousand
 * holders, a page before the middle is read forward and one past it from the end.
 */
const EXTRA_HOLDERS = 2_400;

let app: FastifyInstance;
let tokens: Record<UserType, string>;
let demo: DemoChannel;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  demo = await demoChannel(app);
  await app.db.execute(sql`
    insert into beneficiaries (name, cpf, partner_id, branch_id)
    select 'Paginação ' || lpad((n % 300)::text, 3, '0'), lpad((70000000000 + n)::text, 11, '0'), ${demo.partnerId}, ${demo.branchId}
    from generate_series(1, ${EXTRA_HOLDERS}) as n`);
  // Another partner's holders whose names a demo partner's search would match too.
  await app.db.execute(sql`
    insert into beneficiaries (name, cpf, partner_id)
    select 'Outra Paginação 01' || n, lpad((71000000000 + n)::text, 11, '0'), (select min(id) from partners where id <> ${demo.partnerId})
    from generate_series(1, 20) as n`);
  // As autovacuum does after so many rows: the estimated totals come from the planner's statistics.
  await app.db.execute(sql`analyze beneficiaries`);
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

/** The list's answer, and the statements the app sent the database for it. */
async function listWithStatements(type: UserType, query: string) {
  const queries = countQueries(app);
  try {
    return { ...(await list(type, query)), statements: queries.statements };
  } finally {
    queries.restore();
  }
}

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
    const expected = await sqlRows<{ cpf: string }>(app, sql`select cpf from beneficiaries where holder_id is null order by name_key, id`);
    expect(expected.length).toBeGreaterThan(EXTRA_HOLDERS);
    expect(await walk('ADMINISTRADOR', '', 100)).toEqual(expected.map((row) => row.cpf));
  });

  it('keeps a requested sort when reading from the end', async () => {
    const expected = await sqlRows<{ cpf: string }>(
      app,
      sql`select cpf from beneficiaries where holder_id is null and partner_id = ${demo.partnerId} order by cpf desc, name_key, id`,
    );
    expect(await walk('PARCEIRO', 'sort=cpf:desc', 100)).toEqual(expected.map((row) => row.cpf));
  });

  it('counts holders exactly per scope and channel filter, and follows creates and deletes', async () => {
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (await sqlRows<{ n: number }>(app, sql`select count(*)::int as n from beneficiaries where holder_id is null and ${where}`))[0].n,
      );
    const admin = await list('ADMINISTRADOR', 'page=1');
    expect(admin.total).toBe(await count(sql`true`));
    expect(admin.estimated).toBeUndefined();
    expect((await list('PARCEIRO', 'page=1')).total).toBe(await count(sql`partner_id = ${demo.partnerId}`));
    expect((await list('ADMINISTRADOR', `page=1&reseller=${demo.resellerId}`)).total).toBe(
      await count(sql`reseller_id = ${demo.resellerId}`),
    );
    expect((await list('FILIAL', 'page=1')).total).toBe(await count(sql`branch_id = ${demo.branchId}`));

    await app.db.execute(sql`delete from beneficiaries where cpf in ('70000000001', '70000000002')`);
    expect((await list('PARCEIRO', 'page=1')).total).toBe(await count(sql`partner_id = ${demo.partnerId}`));
    expect((await list('ADMINISTRADOR', 'page=1')).total).toBe(admin.total - 2);
  });

  it('answers an empty page past the last one, with the total', async () => {
    const { total } = await list('ADMINISTRADOR', 'page=1');
    const beyond = await listWithStatements('ADMINISTRADOR', `page=${Math.ceil(total / 10) + 1}&pageSize=10`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(total);
    expect(beyond.statements.filter((statement) => /array_position/.test(statement))).toEqual([]);
  });

  it("asks a page's total from the maintained counts in its ids' statement, near the start, deep in the first half or in the second", async () => {
    const { total } = await list('PARCEIRO', 'page=1');
    for (const page of [2, 101, Math.ceil(total / 10) - 1]) {
      const read = await listWithStatements('PARCEIRO', `page=${page}&pageSize=10`);
      const onHolders = read.statements.filter((statement) => /"beneficiar(ies|y_holder_counts)"/.test(statement));
      expect(onHolders).toHaveLength(2);
      expect(onHolders[0]).toMatch(/"beneficiary_holder_counts"/);
      expect(onHolders[0]).toMatch(/limit/);
      expect(onHolders[1]).toMatch(/array_position/);
      expect(read.total).toBe(total);
      expect(read.rows.length).toBeGreaterThan(0);
    }
  });

  // The page's ids are cut by their own statement, without the lookups; the groups are read by those
  // ids, in their order, in a statement with no LIMIT, whose plan the database keeps.
  it("reads a page's holder ids, then their groups by those ids, from either end", async () => {
    const { total } = await list('PARCEIRO', 'page=1');
    for (const page of [2, Math.ceil(total / 10) - 1]) {
      const read = await listWithStatements('PARCEIRO', `page=${page}&pageSize=10&sort=cpf:desc`);
      const ids = read.statements.filter((statement) => /limit/i.test(statement));
      const groups = read.statements.filter((statement) => /array_position/.test(statement));
      expect(ids).toHaveLength(1);
      expect(ids[0]).not.toMatch(/exists|array_position/);
      expect(groups).toHaveLength(1);
      expect(groups[0]).not.toMatch(/limit|offset/i);
      const expected = await sqlRows<{ cpf: string }>(
        app,
        sql`select cpf from beneficiaries where holder_id is null and partner_id = ${demo.partnerId}
            order by cpf desc, name_key, id limit 10 offset ${(page - 1) * 10}`,
      );
      expect(read.rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual(expected.map((row) => row.cpf));
    }
  });

  // Up to a thousand matching groups are read from their holders' ids, more in the list's order
  // (probeMatchingHolders): both give every matching holder once, in order, and only those in scope.
  it.each([
    ['ADMINISTRADOR', 'more than a thousand groups', 'Paginação', () => sql`true`, '', sql`name_key, id`],
    ['ADMINISTRADOR', 'a few groups', 'Paginação 00', () => sql`true`, '', sql`name_key, id`],
    ['ADMINISTRADOR', 'a few groups, by CPF, last first', 'Paginação 00', () => sql`true`, '&sort=cpf:desc', sql`cpf desc, name_key, id`],
    ['ADMINISTRADOR', 'more than a thousand groups, by CPF', 'Paginação', () => sql`true`, '&sort=cpf:asc', sql`cpf, name_key, id`],
    ['PARCEIRO', 'a few groups, in the partner’s scope', 'ção 01', () => sql`partner_id = ${demo.partnerId}`, '', sql`name_key, id`],
  ] as const)(
    'gives every holder a name filter matches, once and in order, page after page: %s, %s',
    async (type, _case, name, scope, sort, order) => {
      const PAGE = 25;
      const expected = await sqlRows<{ cpf: string }>(
        app,
        sql`
      select cpf from beneficiaries b where holder_id is null and ${scope()}
        and exists (select 1 from beneficiaries m where coalesce(m.holder_id, m.id) = b.id and m.name ilike ${`%${name}%`})
      order by ${order}`,
      );
      expect(expected.length).toBeGreaterThan(3 * PAGE);
      const cpfs: string[] = [];
      // One page past the last at most: a list that never ends fails rather than runs on.
      for (let page = 1; page <= Math.ceil(expected.length / PAGE) + 1; page++) {
        const { rows, total, estimated } = await list(type, `page=${page}&pageSize=${PAGE}&name=${encodeURIComponent(name)}${sort}`);
        // Exact up to a thousand holders, marked as estimated beyond.
        if (estimated === undefined) expect(total).toBe(expected.length);
        else expect(expected.length).toBeGreaterThan(1000);
        const holders = rows.filter((row) => !row.holder).map((row) => row.cpf);
        cpfs.push(...holders);
        if (holders.length < PAGE) break;
      }
      expect(cpfs).toEqual(expected.map((row) => row.cpf));
    },
  );

  it('marks an estimated total: a name filter matching more than a thousand holders', async () => {
    const filtered = await list('ADMINISTRADOR', `page=1&name=${encodeURIComponent('Paginação')}`);
    expect(filtered.estimated).toBe('true');
    expect(filtered.total).toBeGreaterThan(1000);
    // A few matching holders are counted by the probe that found them: no count query.
    const few = await listWithStatements('ADMINISTRADOR', `page=1&name=${encodeURIComponent('Paginação 007')}`);
    expect(few.estimated).toBeUndefined();
    expect(few.total).toBe(EXTRA_HOLDERS / 300);
    expect(few.statements.filter((statement) => /materialized/.test(statement))).toHaveLength(1);
    expect(few.statements.filter((statement) => /count\(/.test(statement) && !/materialized/.test(statement))).toEqual([]);
  });

  // Past a thousand matching groups the administrator's total is not counted: the planner's estimate
  // from the group names' statistics, never below the thousand holders the probe read. A channel filter
  // or a scope narrows the list, and its total is counted again.
  it('estimates a name filter’s total from the groups it matches, and counts it once a channel filter narrows it', async () => {
    const everyone = await listWithStatements('ADMINISTRADOR', `page=2&name=${encodeURIComponent('Paginação')}`);
    expect(everyone.estimated).toBe('true');
    const [{ matching }] = await sqlRows<{ matching: number }>(
      app,
      sql`select count(*)::int as matching from beneficiaries where holder_id is null and name ilike '%Paginação%'`,
    );
    expect(matching).toBeGreaterThan(2000);
    expect(everyone.total).toBeGreaterThan(1000);
    expect(everyone.total).toBeGreaterThanOrEqual(matching * 0.75);
    expect(everyone.total).toBeLessThanOrEqual(matching * 1.25);
    expect(everyone.statements.filter((statement) => /^select count\(\*\)/.test(statement))).toEqual([]);
    const [{ otherPartner }] = await sqlRows<{ otherPartner: number }>(
      app,
      sql`select min(id) as "otherPartner" from partners where id <> ${demo.partnerId}`,
    );
    const narrowed = await list('ADMINISTRADOR', `page=1&partner=${otherPartner}&name=${encodeURIComponent('Paginação')}`);
    expect(narrowed).toMatchObject({ total: 20, estimated: undefined });
  });

  // 'Paginação' is in the group names of nearly every holder: the words' statistics (migration 0047)
  // tell so before any match is read. The rarer 'Paginação 007' is probed, as is the common word
  // where a channel filter leaves too few holders for a thousand matches.
  it("reads a common word's page in the list's order without probing its matches first", async () => {
    const probes = (statements: string[]) => statements.filter((statement) => /^with matching as materialized/.test(statement));
    const common = await listWithStatements('ADMINISTRADOR', `page=3&pageSize=10&sort=cpf&name=${encodeURIComponent('PAGINAÇÃO')}`);
    expect(probes(common.statements)).toEqual([]);
    const expected = await sqlRows<{ cpf: string }>(
      app,
      sql`select cpf from beneficiaries where holder_id is null and group_names like '%paginacao%' order by cpf, name_key, id limit 10 offset 20`,
    );
    expect(common.rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual(expected.map((row) => row.cpf));
    expect(common).toMatchObject({ estimated: 'true' });
    expect(common.total).toBeGreaterThan(1000);

    const rarer = await listWithStatements('ADMINISTRADOR', `page=1&name=${encodeURIComponent('Paginação 007')}`);
    expect(probes(rarer.statements)).toHaveLength(1);
    const [{ otherPartner }] = await sqlRows<{ otherPartner: number }>(
      app,
      sql`select min(id) as "otherPartner" from partners where id <> ${demo.partnerId}`,
    );
    const narrowed = await listWithStatements('ADMINISTRADOR', `page=1&partner=${otherPartner}&name=${encodeURIComponent('Paginação')}`);
    expect(probes(narrowed.statements)).toHaveLength(1);
    expect(narrowed).toMatchObject({ total: 20, estimated: undefined });
  });

  // With the name alone, the probe's patterns are folded in subqueries the planner does not look into
  // (one generic plan per connection); beside a scope's or a channel's condition they stay in sight.
  it('probes the name alone with its patterns out of the planner’s sight, finding what the list’s condition finds', async () => {
    const probes = (statements: string[]) => statements.filter((statement) => /^with matching as materialized/.test(statement));
    const outOfSight = (statement: string) => /like \(select translate\(lower\(/.test(statement);
    const expected = await sqlRows<{ cpf: string }>(
      app,
      sql`select cpf from beneficiaries where holder_id is null and group_names like '%paginacao 007%' order by name_key, id`,
    );
    for (const typed of ['Paginação 007', 'PAGINACAO 007', 'paginAção 007']) {
      const alone = await listWithStatements('ADMINISTRADOR', `page=1&pageSize=50&name=${encodeURIComponent(typed)}`);
      expect(probes(alone.statements).map(outOfSight)).toEqual([true]);
      expect(alone.rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual(expected.map((row) => row.cpf));
      expect(alone).toMatchObject({ total: expected.length, estimated: undefined });
    }
    const name = `name=${encodeURIComponent('Paginação 007')}`;
    const byPartner = await listWithStatements('ADMINISTRADOR', `page=1&pageSize=50&partner=${demo.partnerId}&${name}`);
    const partnerScope = await listWithStatements('PARCEIRO', `page=1&pageSize=50&${name}`);
    for (const inSight of [byPartner, partnerScope]) {
      expect(probes(inSight.statements).map(outOfSight)).toEqual([false]);
      expect(inSight.rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual(expected.map((row) => row.cpf));
    }
  });

  // Last: it adds a family. probeMatchingHolders reads matching holders, one a group: a family's
  // thousands of matching members count once, and its neighbour is still found.
  it('finds every group when one family alone has more matching members than are read', async () => {
    const [{ id: holderId }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into beneficiaries (name, cpf, partner_id) values ('Família Numerosa Pai', '72000000000', ${demo.partnerId}) returning id`,
    );
    await app.db.execute(sql`
      insert into beneficiaries (name, cpf, partner_id, holder_id)
      select 'Família Numerosa Filho ' || n, lpad((72000000000 + n)::text, 11, '0'), ${demo.partnerId}, ${holderId}
      from generate_series(1, 4000) as n`);
    await app.db.execute(
      sql`insert into beneficiaries (name, cpf, partner_id) values ('Família Numerosa Vizinha', '72100000000', ${demo.partnerId})`,
    );
    const { rows, total } = await list('ADMINISTRADOR', `page=1&pageSize=10&name=${encodeURIComponent('Família Numerosa')}`);
    expect(total).toBe(2);
    expect(rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual(['72000000000', '72100000000']);
  });
});

describe('GET /api/beneficiaries, deep pages from the name segments (migration 0035)', () => {
  const everyHolder = async () =>
    (await sqlRows<{ cpf: string }>(app, sql`select cpf from beneficiaries where holder_id is null order by name_key, id`)).map(
      (row) => row.cpf,
    );

  it("asks every holder's total and a deep page's segment mark in one statement, then the page's ids, then their groups", async () => {
    const { total } = await list('ADMINISTRADOR', 'page=1');
    for (const page of [101, Math.ceil(total / 10) - 1]) {
      const read = await listWithStatements('ADMINISTRADOR', `page=${page}&pageSize=10`);
      const onHolders = read.statements.filter((statement) => /"(beneficiar(ies|y_holder_counts)|holder_name_segments)"/.test(statement));
      expect(onHolders).toHaveLength(3);
      expect(onHolders[0]).toMatch(/"beneficiary_holder_counts".*"holder_name_segments"/s);
      expect(onHolders[1]).toMatch(/limit/);
      expect(onHolders[2]).toMatch(/array_position/);
      expect(read.total).toBe(total);
      expect(read.rows.filter((row) => !row.holder).map((row) => row.cpf)).toEqual((await everyHolder()).slice((page - 1) * 10, page * 10));
    }
  });

  it("starts an administrator's deep pages at their segment's mark, through writes and the segments' rebuild", async () => {
    // Segments of 37 holders: a page of 100 past the first thousand holders starts in the middle of one.
    await app.db.execute(sql`select holder_name_segments_rebuild(37)`);
    expect(await walk('ADMINISTRADOR', '', 100)).toEqual(await everyHolder());

    // New holders among the others, renames across marks, deletions: segments grow and shrink.
    await app.db.execute(sql`
      insert into beneficiaries (name, cpf, partner_id)
      select 'Paginação ' || lpad((n * 7 % 300)::text, 3, '0') || ' Segmento', lpad((73000000000 + n)::text, 11, '0'), ${demo.partnerId}
      from generate_series(1, 150) as n`);
    await app.db.execute(sql`update beneficiaries set name = 'Aarão Renomeado' where cpf in ('70000000100', '70000000200')`);
    await app.db.execute(sql`delete from beneficiaries where cpf in ('70000000300', '70000000301', '73000000005')`);
    expect(await walk('ADMINISTRADOR', '', 100)).toEqual(await everyHolder());

    // Far more segments than the holders need: rebuilt once, at a thousand each.
    expect(await rebalanceHolderSegments(app.db)).toBe(true);
    expect(await rebalanceHolderSegments(app.db)).toBe(false);
    expect(await walk('ADMINISTRADOR', '', 100)).toEqual(await everyHolder());
  });
});
