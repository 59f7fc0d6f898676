import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs, sqlRows } from '../test/helpers';
import { countQueries } from '../test/queryCounter';

/**
 * The professionals' total without filters is the database's own count of the active ones (migration
 * 0031): exact, and no statement counts the professionals. A filter still counts its rows, but for a name
 * filter's few matches, which are read first and are their own total (server/lib/preparedList.ts).
 */

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app.close());

const active = async () =>
  (await sqlRows<{ total: number }>(app, sql`select count(*)::int as total from professionals where removed_at is null`))[0].total;

async function firstPage(query = '') {
  const queries = countQueries(app);
  try {
    const response = await injectAs(app, admin, { method: 'GET', url: `/api/professionals?page=1&pageSize=10${query}` });
    expect(response.statusCode).toBe(200);
    return {
      total: Number(response.headers['x-total-count']),
      // The probe of a name filter's few matches counts what it read: not a count of the list.
      countsProfessionals: queries.statements.some(
        (statement) => /count\(\*\)/.test(statement) && !statement.startsWith('with matching as materialized'),
      ),
      readsMaintainedCount: queries.statements.some((statement) => /"professional_counts"/.test(statement)),
      statements: [...queries.statements],
    };
  } finally {
    queries.restore();
  }
}

describe('GET /api/professionals, the total from the maintained count', () => {
  it('gives the exact number of active professionals, counting nothing', async () => {
    const expected = await active();
    expect(expected).toBeGreaterThan(0);
    expect(await firstPage()).toMatchObject({ total: expected, countsProfessionals: false, readsMaintainedCount: true });
  });

  it("asks the total in the statement of the page's ids: two statements, the ids with the total, then their rows", async () => {
    const { statements } = await firstPage();
    const professionalStatements = statements.filter((statement) => /"professionals"/.test(statement));
    expect(professionalStatements).toHaveLength(2);
    expect(professionalStatements[0]).toMatch(/select "id" from "professionals" where .*"professional_counts"/);
    expect(professionalStatements[1]).toMatch(/"professionals"\."id" = any\(/);
  });

  it('counts the rows under a filter', async () => {
    const [{ cpf }] = await sqlRows<{ cpf: string }>(app, sql`select cpf from professionals order by id limit 1`);
    const digits = cpf.slice(0, 3);
    const [{ matching }] = await sqlRows<{ matching: number }>(
      app,
      sql`select count(*)::int as matching from professionals where removed_at is null and cpf like ${`%${digits}%`}`,
    );
    expect(await firstPage(`&cpf=${digits}`)).toMatchObject({ total: matching, countsProfessionals: true, readsMaintainedCount: false });
  });

  it('takes a name filter’s total from its matches, read first (up to FEW_MATCHES), counting nothing', async () => {
    const [{ nome }] = await sqlRows<{ nome: string }>(app, sql`select nome_completo as nome from professionals order by id limit 1`);
    const [{ matching }] = await sqlRows<{ matching: number }>(
      app,
      sql`select count(*)::int as matching from professionals where removed_at is null and nome_completo ilike ${`%${nome}%`}`,
    );
    expect(await firstPage(`&nome=${encodeURIComponent(nome)}`)).toMatchObject({
      total: matching,
      countsProfessionals: false,
      readsMaintainedCount: false,
    });
  });

  it('follows a new professional, its removal and its deletion', async () => {
    const before = await active();
    const [{ id }] = await sqlRows<{ id: number }>(
      app,
      sql`insert into professionals (nome_completo, cpf, crm, crm_estado, email)
          values ('Dra. Totais', '98765432100', '998877', 'RJ', 'dra-totais@x.com') returning id`,
    );
    expect((await firstPage()).total).toBe(before + 1);
    await app.db.execute(sql`update professionals set removed_at = now() where id = ${id}`);
    expect((await firstPage()).total).toBe(before);
    await app.db.execute(sql`update professionals set removed_at = null where id = ${id}`);
    expect((await firstPage()).total).toBe(before + 1);
    await app.db.execute(sql`delete from professionals where id = ${id}`);
    expect(await firstPage()).toMatchObject({ total: before, countsProfessionals: false, readsMaintainedCount: true });
  });
});

describe('GET /api/professionals, deep pages beside the maintained count', () => {
  // Past the first thousand, a page before the middle is read forward, one past it from the end.
  const EXTRA = 2_100;
  beforeAll(async () => {
    await app.db.execute(sql`
      insert into professionals (nome_completo, cpf, crm, crm_estado, email)
      select 'Profissional Fundo ' || lpad((n % 700)::text, 3, '0'), lpad((80000000000 + n)::text, 11, '0'), n::text, 'SP', 'fundo' || n || '@x.com'
      from generate_series(1, ${EXTRA}) as n`);
  });

  it("asks the total in the statement of the page's ids from either end, then reads their rows", async () => {
    const expected = await sqlRows<{ id: number }>(app, sql`select id from professionals where removed_at is null order by nome_key, id`);
    expect(expected.length).toBeGreaterThan(EXTRA);
    for (const page of [101, Math.ceil(expected.length / 10)]) {
      const queries = countQueries(app);
      const response = await injectAs(app, admin, { method: 'GET', url: `/api/professionals?page=${page}&pageSize=10` }).finally(() =>
        queries.restore(),
      );
      const professionalStatements = queries.statements.filter((statement) => /"professionals"/.test(statement));
      expect(professionalStatements).toHaveLength(2);
      expect(professionalStatements[0]).toMatch(/"professional_counts"/);
      expect(professionalStatements[0]).toMatch(/limit/);
      expect(professionalStatements[1]).toMatch(/"professionals"\."id" = any\(/);
      expect(Number(response.headers['x-total-count'])).toBe(expected.length);
      expect(response.json().data.map((row: { id: number }) => row.id)).toEqual(
        expected.slice((page - 1) * 10, page * 10).map((row) => row.id),
      );
    }
  });
});
