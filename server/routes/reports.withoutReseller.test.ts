import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT_TEXTS, type SalesReport } from '../../src/domain/report';
import type { UserType } from '../../src/domain/userTypes';
import { sales } from '../db/schema';
import { startDemoPortal } from '../test/demoPortal';
import { csvLines, injectAs } from '../test/helpers';

let app: FastifyInstance;
let tokens: Record<UserType, string>;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
});
afterAll(() => app.close());

const get = (type: UserType, url: string) => injectAs(app, tokens[type], { method: 'GET', url });

/** The paid sales without a reseller, straight from the table. */
const unattributedSales = () =>
  app.db
    .select({ id: sales.id, valor: sales.valor, tipo: sales.tipo })
    .from(sales)
    .where(and(isNull(sales.resellerId), eq(sales.status, 'paid')));
const sumReais = (list: Array<{ valor: string }>) => list.reduce((total, sale) => total + Math.round(Number(sale.valor) * 100), 0) / 100;

describe("the sales report's 'Sem revendedor'", () => {
  it('tells administrators how many sales have no reseller, whatever the filters', async () => {
    const expected = (await unattributedSales()).length;
    expect(expected).toBeGreaterThan(0);
    for (const query of ['', '&tipo=plano_individual']) {
      const response = await get('ADMINISTRADOR', `/api/reports/sales?page=1${query}`);
      expect((response.json() as SalesReport).withoutReseller).toBe(expected);
    }
  });

  it('lists them, with their figures, when the reseller filter is sem-revendedor', async () => {
    const expected = await unattributedSales();
    const response = await get('ADMINISTRADOR', '/api/reports/sales?reseller=sem-revendedor&pageSize=100');
    expect(response.statusCode).toBe(200);
    const body = response.json() as SalesReport;
    expect(Number(response.headers['x-total-count'])).toBe(expected.length);
    expect(body.summary.count).toBe(expected.length);
    expect(body.summary.total).toBe(sumReais(expected));
    expect(body.byPartner).toEqual([]);
    expect(body.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected.map((sale) => sale.id).sort((a, b) => a - b));
    expect(body.rows.every((row) => row.nome_revendedor === null && row.nome_parceiro === null)).toBe(true);
    // Every one fits in this page: the page's footer is their whole sum.
    expect(body.pageTotal).toBe(sumReais(expected));
    expect(body.monthly).toHaveLength(12);
  });

  it('combines with the plan filter', async () => {
    const expected = (await unattributedSales()).filter((sale) => sale.tipo === 'consulta_avulsa');
    const response = await get('ADMINISTRADOR', '/api/reports/sales?reseller=sem-revendedor&tipo=consulta_avulsa');
    expect((response.json() as SalesReport).summary).toMatchObject({ count: expected.length, total: sumReais(expected) });
  });

  it.each(['partner=1', 'branch=1', 'partner=1&branch=1'])(
    'finds none of them with a partner or branch filter as well (%s): filters combine',
    async (filter) => {
      const response = await get('ADMINISTRADOR', `/api/reports/sales?reseller=sem-revendedor&${filter}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as SalesReport;
      expect(body.summary).toEqual({ count: 0, total: 0, last30: 0, last7: 0 });
      expect(body.rows).toEqual([]);
      expect(body.monthly.every((month) => month.count === 0)).toBe(true);
      expect(body.withoutReseller).toBe((await unattributedSales()).length);
      const exported = await get('ADMINISTRADOR', `/api/reports/sales/export?reseller=sem-revendedor&${filter}`);
      expect(csvLines(exported.body)).toHaveLength(1);
    },
  );

  it("exports them as CSV with 'Sem revendedor' in the reseller column", async () => {
    const expected = await unattributedSales();
    const response = await get('ADMINISTRADOR', '/api/reports/sales/export?reseller=sem-revendedor');
    expect(response.statusCode).toBe(200);
    const lines = csvLines(response.body);
    expect(lines.length - 1).toBe(expected.length);
    expect(lines.slice(1).every((line) => line.startsWith(`${REPORT_TEXTS.withoutReseller};`))).toBe(true);
  });

  it.each<UserType>(['PARCEIRO', 'FILIAL', 'REVENDEDOR'])('is refused to %s (403) and never counted for them', async (type) => {
    const refused = await get(type, '/api/reports/sales?reseller=sem-revendedor');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Apenas administradores veem as vendas sem revendedor.');
    expect((await get(type, '/api/reports/sales/export?reseller=sem-revendedor')).statusCode).toBe(403);
    expect((await get(type, '/api/reports/sales')).json()).not.toHaveProperty('withoutReseller');
  });
});
