import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lastMonths, WITHOUT_RESELLER, type SalesReport } from '../../src/domain/report';
import { sales } from '../db/schema';
import { createChain } from '../test/channelFixtures';
import { countQueries } from '../test/queryCounter';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * The report's queries are prepared once per shape (db/queryShapes.ts) and reused by every later
 * request of that shape on the same app: requests in a row that differ only in what a shape must name
 * (the sort's direction, a page read from the end, 'Sem revendedor') each get their own rows.
 */

let app: FastifyInstance;
let admin: string;
let resellerId: number;
/** Over a thousand: a page past the middle, 1,000 rows in or more, is read from the end. */
const SALES = 1_150;
const PLANS = [
  ['consulta_avulsa', '39.90'],
  ['plano_individual', '44.90'],
  ['plano_individual_premium', '59.90'],
] as const;

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
  const { reseller } = await createChain(app);
  resellerId = reseller.id;
  const now = Date.now();
  await app.db.insert(sales).values(
    Array.from({ length: SALES }, (_, index) => {
      const [tipo, valor] = PLANS[index % PLANS.length];
      // A minute apart: no two share an instant, so every order is one.
      return { resellerId, tipo, valor, dataHora: new Date(now - (index + 1) * 60_000) };
    }),
  );
});
afterAll(() => app.close());

type Sale = { id: number; tipo: string; valor: string; dataHora: Date };

const report = async (query: string) => {
  const response = await injectAs(app, admin, { method: 'GET', url: `/api/reports/sales?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as SalesReport;
};

/** The report's order: the sort asked for (by value, plan or instant here), then newest first and the id. */
const newestFirst = (a: Sale, b: Sale) => b.dataHora.getTime() - a.dataHora.getTime() || b.id - a.id;
const SORTED = {
  valor: (a: Sale, b: Sale) => Number(a.valor) - Number(b.valor),
  tipo: (a: Sale, b: Sale) => (a.tipo < b.tipo ? -1 : a.tipo > b.tipo ? 1 : 0),
  data_hora: (a: Sale, b: Sale) => a.dataHora.getTime() - b.dataHora.getTime(),
};
const sortedBy = (name: keyof typeof SORTED, direction: 'asc' | 'desc') => (a: Sale, b: Sale) =>
  (direction === 'asc' ? 1 : -1) * SORTED[name](a, b) || newestFirst(a, b);

const salesWhere = (condition: ReturnType<typeof and>) =>
  app.db.select({ id: sales.id, tipo: sales.tipo, valor: sales.valor, dataHora: sales.dataHora }).from(sales).where(condition);
const ourSales = () => salesWhere(eq(sales.resellerId, resellerId));

describe('GET /api/reports/sales, its queries prepared once per shape', () => {
  it('answers each sort and direction with its own order, one request after the other', async () => {
    const ours = await ourSales();
    const sorts = [
      ['valor', 'asc'],
      ['valor', 'desc'],
      ['tipo', 'asc'],
      ['data_hora', 'desc'],
      ['valor', 'asc'],
      ['tipo', 'desc'],
    ] as const;
    for (const [name, direction] of sorts) {
      const { rows } = await report(`reseller=${resellerId}&sort=${name}:${direction}&pageSize=20&page=2`);
      const expected = [...ours].sort(sortedBy(name, direction)).slice(20, 40);
      expect({ name, direction, ids: rows.map((row) => row.id) }).toEqual({ name, direction, ids: expected.map((sale) => sale.id) });
    }
  });

  it.each([
    ['newest first', '', newestFirst],
    ['by value', '&sort=valor:desc', sortedBy('valor', 'desc')],
  ])('reads the pages past the middle from the end and the others forward, in any order (%s)', async (_, sort, order) => {
    const expected = (await ourSales()).sort(order).map((sale) => sale.id);
    // Pages 11 and 12 are read from the end (at an offset, and from the start), 1 and 2 forward.
    for (const page of [1, 12, 2, 11, 12, 1]) {
      const body = await report(`reseller=${resellerId}${sort}&pageSize=100&page=${page}`);
      expect(body.summary.count).toBe(SALES);
      expect(body.rows.map((row) => row.id)).toEqual(expected.slice((page - 1) * 100, page * 100));
    }
  });

  it("keeps the 'Sem revendedor' figures and rows apart from the administrator's", async () => {
    const paid = eq(sales.status, 'paid');
    const unattributed = (await salesWhere(and(isNull(sales.resellerId), paid))).sort(newestFirst);
    const attributed = (await salesWhere(and(isNotNull(sales.resellerId), paid))).sort(newestFirst);
    expect(unattributed.length).toBeGreaterThan(0);
    for (const withoutReseller of [false, true, false, true]) {
      const body = await report(`page=1&pageSize=20${withoutReseller ? '&reseller=sem-revendedor' : ''}`);
      const expected = withoutReseller ? unattributed : attributed;
      expect(body.summary.count).toBe(expected.length);
      expect(body.rows.map((row) => row.id)).toEqual(expected.slice(0, 20).map((sale) => sale.id));
    }
  });

  /** The statements a report request sends, but the session check's; and the figures' and the windows' among them. */
  async function statementsOf(token: string, query: string) {
    const queries = countQueries(app);
    try {
      const response = await injectAs(app, token, { method: 'GET', url: `/api/reports/sales?${query}` });
      expect(response.statusCode).toBe(200);
    } finally {
      queries.restore();
    }
    const sent = queries.statements.filter((text) => !text.includes('"ended_sessions"'));
    return {
      count: sent.length,
      figures: sent.filter((text) => text.includes('json_agg')),
      windows: sent.filter((text) => text.startsWith('select (select row_to_json("part")') && text.endsWith(' as "windows"')),
    };
  }

  it.each([
    ['ADMINISTRADOR', 'page=1', true],
    ['ADMINISTRADOR', 'page=40&pageSize=20&sort=valor:asc', true],
    ['ADMINISTRADOR', `page=1&month=${lastMonths()[11]}&tipo=plano_individual`, true],
    ['PARCEIRO', 'page=1', false],
    ['FILIAL', 'page=2', false],
  ] as const)(
    "answers %s's figures (%s) in one statement and the windows in another, beside the page's ids and rows",
    async (userType, query, countsWithoutReseller) => {
      const { count, figures, windows } = await statementsOf(await loginAsDemo(app, userType), query);
      expect(count).toBe(4);
      expect(windows).toHaveLength(1);
      expect(figures).toHaveLength(1);
      // Per partner, per month, and for an administrator the sales without a reseller.
      const [statement] = figures;
      expect(statement).toMatch(/^select \(select coalesce\(json_agg.* as "byPartner", \(select coalesce\(json_agg.* as "monthly"/s);
      expect(statement.includes('"sales_unattributed_months"')).toBe(countsWithoutReseller);
    },
  );

  it("answers the 'Sem revendedor' figures with their count in one statement and the windows in another, beside the page", async () => {
    const { count, figures, windows } = await statementsOf(admin, `page=1&reseller=${WITHOUT_RESELLER}`);
    expect(count).toBe(3);
    expect(windows).toHaveLength(1);
    expect(figures).toHaveLength(1);
    expect(figures[0]).toMatch(/as "summary".* as "monthly".* as "withoutReseller"$/s);
  });
});
