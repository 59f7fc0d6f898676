import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SalesReport } from '../../src/domain/report';
import type { UserType } from '../../src/domain/userTypes';
import { branches, partners, resellers, sales } from '../db/schema';
import { demoChannel, inDemoScope, startDemoPortal, type DemoChannel } from '../test/demoPortal';
import { csvLines, injectAs } from '../test/helpers';

let app: FastifyInstance;
let tokens: Record<UserType, string>;
let demo: DemoChannel;
const USER_TYPES: UserType[] = ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'];
const DAY = 86_400_000;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  demo = await demoChannel(app);
});
afterAll(() => app.close());

const report = async (type: UserType, query = '', page = 1) => {
  const response = await injectAs(app, tokens[type], { method: 'GET', url: `/api/reports/sales?page=${page}${query}` });
  expect(response.statusCode).toBe(200);
  return { body: response.json() as SalesReport, total: Number(response.headers['x-total-count']) };
};

/** Every sale with its channel, straight from the tables; the figures below are computed from these in JS. */
async function allSales() {
  return app.db
    .select({
      id: sales.id,
      valor: sales.valor,
      tipo: sales.tipo,
      dataHora: sales.dataHora,
      status: sales.status,
      resellerId: sales.resellerId,
      branchId: resellers.branchId,
      partnerId: resellers.partnerId,
      partnerName: partners.nome,
    })
    .from(sales)
    .leftJoin(resellers, eq(sales.resellerId, resellers.id))
    .leftJoin(partners, eq(resellers.partnerId, partners.id));
}
type Sale = Awaited<ReturnType<typeof allSales>>[number];

const inScope = (type: UserType) => (sale: Sale) => inDemoScope(demo, type)(sale);

/** Counted sales: paid and made through a reseller. */
const counted = (sale: Sale) => sale.status === 'paid' && sale.resellerId !== null;
const cents = (sale: Sale) => Math.round(Number(sale.valor) * 100);
const sumReais = (list: Sale[]) => list.reduce((total, sale) => total + cents(sale), 0) / 100;
const saoPauloMonth = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(date).slice(0, 7);

function expectedSummary(list: Sale[], now: number) {
  return {
    count: list.length,
    total: sumReais(list),
    last30: sumReais(list.filter((sale) => sale.dataHora.getTime() >= now - 30 * DAY)),
    last7: sumReais(list.filter((sale) => sale.dataHora.getTime() >= now - 7 * DAY)),
  };
}

/** The last 12 São Paulo months, oldest first, counted back one month at a time from today. */
function lastTwelveMonths(now: number): string[] {
  const [year, month] = saoPauloMonth(new Date(now)).split('-').map(Number);
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (11 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

describe('GET /api/reports/sales figures', () => {
  it('leaves out sales without a reseller and refunded ones', async () => {
    const everything = await allSales();
    expect(everything.some((sale) => sale.resellerId === null)).toBe(true);
    expect(everything.some((sale) => sale.status !== 'paid' && sale.resellerId !== null)).toBe(true);
    const { body } = await report('ADMINISTRADOR');
    expect(body.summary.count).toBe(everything.filter(counted).length);
    expect(body.summary.count).toBeLessThan(everything.length);
  });

  it.each(USER_TYPES)('gives %s the four figures, the partner table and the 12 months of its scope', async (type) => {
    const now = Date.now();
    const list = (await allSales()).filter((sale) => counted(sale) && inScope(type)(sale));
    const { body, total } = await report(type);
    expect(body.summary).toEqual(expectedSummary(list, now));
    expect(total).toBe(list.length);
    expect(body.summary.last7).toBeGreaterThan(0);
    expect(body.summary.last30).toBeGreaterThan(body.summary.last7);

    const partnerIds = [...new Set(list.map((sale) => sale.partnerId!))];
    const expectedPartners = partnerIds
      .map((partnerId) => {
        const ofPartner = list.filter((sale) => sale.partnerId === partnerId);
        return { partnerId, nome_parceiro: ofPartner[0].partnerName, count: ofPartner.length, total: sumReais(ofPartner) };
      })
      .sort((a, b) => b.total - a.total);
    expect(body.byPartner).toEqual(expectedPartners);

    const months = lastTwelveMonths(now);
    expect(body.monthly).toEqual(
      months.map((month) => {
        const ofMonth = list.filter((sale) => saoPauloMonth(sale.dataHora) === month);
        return { month, count: ofMonth.length, total: sumReais(ofMonth) };
      }),
    );
    expect(body.monthly.filter((entry) => entry.count > 0).length).toBeGreaterThan(type === 'REVENDEDOR' ? 3 : 8);
  });

  it('applies the month, type and channel filters to every figure but the 12-month chart', async () => {
    const now = Date.now();
    const list = (await allSales()).filter((sale) => counted(sale) && inScope('PARCEIRO')(sale));
    const month = saoPauloMonth(new Date(now - 40 * DAY));
    const cases: Array<[string, (sale: Sale) => boolean]> = [
      [`&month=${month}`, (sale) => saoPauloMonth(sale.dataHora) === month],
      ['&tipo=plano_individual', (sale) => sale.tipo === 'plano_individual'],
      [`&branch=${demo.branchId}`, (sale) => sale.branchId === demo.branchId],
      [
        `&reseller=${demo.resellerId}&tipo=consulta_avulsa`,
        (sale) => sale.resellerId === demo.resellerId && sale.tipo === 'consulta_avulsa',
      ],
      [`&month=${saoPauloMonth(new Date(now))}`, (sale) => saoPauloMonth(sale.dataHora) === saoPauloMonth(new Date(now))],
    ];
    const unfiltered = (await report('PARCEIRO')).body.monthly;
    for (const [query, matches] of cases) {
      const expected = list.filter(matches);
      const { body, total } = await report('PARCEIRO', query);
      expect(body.summary).toEqual(expectedSummary(expected, now));
      expect(total).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      if (query.startsWith('&month')) expect(body.monthly).toEqual(unfiltered);
    }
  });

  it('keeps the scope when a filter points outside it', async () => {
    const [foreign] = await app.db.select().from(partners).where(eq(partners.email, 'contato@saudemais.com.br'));
    const { body, total } = await report('FILIAL', `&partner=${foreign.id}`);
    expect(total).toBe(0);
    expect(body.summary).toEqual({ count: 0, total: 0, last30: 0, last7: 0 });
    expect(body.rows).toEqual([]);
    expect(body.pageTotal).toBe(0);
  });

  it('computes exact 30- and 7-day windows and month sums for known sales', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({ nome: 'Parceiro Janela', cnpj: '11222333000181', email: 'janela@x.com', passwordHash: 'x' })
      .returning();
    const [branch] = await app.db
      .insert(branches)
      .values({ partnerId: partner.id, titulo: 'Filial Janela', email: 'fj@x.com', passwordHash: 'x' })
      .returning();
    const [reseller] = await app.db
      .insert(resellers)
      .values({
        partnerId: partner.id,
        branchId: branch.id,
        nome: 'Revendedor Janela',
        cpf: '52998224725',
        email: 'rj@x.com',
        passwordHash: 'x',
      })
      .returning();
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    await app.db.insert(sales).values([
      { resellerId: reseller.id, tipo: 'plano_individual_premium', valor: '59.90', dataHora: at(2), paymentMethod: 'pix' },
      { resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90', dataHora: at(6.9) },
      { resellerId: reseller.id, tipo: 'consulta_avulsa', valor: '39.90', dataHora: at(7.1) },
      { resellerId: reseller.id, tipo: 'consulta_avulsa', valor: '39.90', dataHora: at(29.9), paymentMethod: 'pix' },
      { resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90', dataHora: at(30.1) },
      { resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90', dataHora: at(200) },
      { resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90', dataHora: at(1), status: 'refunded' },
      { resellerId: null, tipo: 'consulta_avulsa', valor: '39.90', dataHora: at(1) },
    ]);
    const { body, total } = await report('ADMINISTRADOR', `&reseller=${reseller.id}`);
    expect(total).toBe(6);
    expect(body.summary).toEqual({ count: 6, total: 274.4, last30: 184.6, last7: 104.8 });
    expect(body.byPartner).toEqual([{ partnerId: partner.id, nome_parceiro: 'Parceiro Janela', count: 6, total: 274.4 }]);
    expect(body.rows.map((row) => row.valor)).toEqual([59.9, 44.9, 39.9, 39.9, 44.9, 44.9]);
    expect(body.rows[0]).toEqual({
      id: expect.any(Number),
      nome_revendedor: 'Revendedor Janela',
      nome_filial: 'Filial Janela',
      nome_parceiro: 'Parceiro Janela',
      tipo: 'plano_individual_premium',
      forma_pagamento: 'pix',
      valor: 59.9,
      data_hora: at(2).toISOString(),
    });
    // The payment method filter narrows every figure and row (issue 23).
    const pix = await report('ADMINISTRADOR', `&reseller=${reseller.id}&forma_pagamento=pix`);
    expect(pix.total).toBe(2);
    expect(pix.body.summary).toEqual({ count: 2, total: 99.8, last30: 99.8, last7: 59.9 });
    expect(pix.body.byPartner).toEqual([{ partnerId: partner.id, nome_parceiro: 'Parceiro Janela', count: 2, total: 99.8 }]);
    expect(pix.body.rows.map((row) => row.forma_pagamento)).toEqual(['pix', 'pix']);
    expect(pix.body.monthly.reduce((sum, month) => sum + month.count, 0)).toBe(2);
    const card = await report('ADMINISTRADOR', `&reseller=${reseller.id}&forma_pagamento=card`);
    expect(card.body.summary).toEqual({ count: 4, total: 174.6, last30: 84.8, last7: 44.9 });
    const wrong = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: '/api/reports/sales?forma_pagamento=boleto' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Filtro forma_pagamento inválido.');
    const csv = await injectAs(app, tokens.ADMINISTRADOR, {
      method: 'GET',
      url: `/api/reports/sales/export?reseller=${reseller.id}&forma_pagamento=pix`,
    });
    expect(csvLines(csv.body).slice(1)).toEqual([
      expect.stringMatching(/^Revendedor Janela;Filial Janela;Parceiro Janela;Plano Individual Premium;Pix;59,90;/),
      expect.stringMatching(/^Revendedor Janela;Filial Janela;Parceiro Janela;Consulta Avulsa;Pix;39,90;/),
    ]);
    const oldMonth = saoPauloMonth(at(200));
    expect((await report('ADMINISTRADOR', `&reseller=${reseller.id}&month=${oldMonth}`)).body.summary).toEqual({
      count: 1,
      total: 44.9,
      last30: 0,
      last7: 0,
    });
    // Partner and branch filters reach the same sales.
    expect((await report('ADMINISTRADOR', `&partner=${partner.id}`)).total).toBe(6);
    expect((await report('ADMINISTRADOR', `&branch=${branch.id}`)).total).toBe(6);
    // Outside every demo account's scope.
    for (const type of ['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)
      expect((await report(type, `&reseller=${reseller.id}`)).total).toBe(0);
  });
});

describe('GET /api/reports/sales rows', () => {
  it('pages the rows newest first with the page total, 10 by default', async () => {
    const list = (await allSales()).filter((sale) => counted(sale) && inScope('FILIAL')(sale));
    const newestFirst = [...list].sort((a, b) => b.dataHora.getTime() - a.dataHora.getTime() || b.id - a.id);
    const first = (await report('FILIAL')).body;
    expect(first.rows).toHaveLength(10);
    expect(first.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 10).map((sale) => sale.id));
    expect(first.pageTotal).toBe(sumReais(newestFirst.slice(0, 10)));
    const second = (await report('FILIAL', '', 2)).body;
    expect(second.rows.map((row) => row.id)).toEqual(newestFirst.slice(10, 20).map((sale) => sale.id));
    expect(second.pageTotal).toBe(sumReais(newestFirst.slice(10, 20)));
  });

  it('sorts by value on request, with the page total of that page', async () => {
    const { body } = await report('ADMINISTRADOR', '&sort=valor:desc&pageSize=5');
    expect(body.rows).toHaveLength(5);
    expect(body.rows.every((row) => row.valor === 59.9)).toBe(true);
    expect(body.pageTotal).toBe(299.5);
  });

  it('reads a filter sent empty as no filter (the screens\' "Todos")', async () => {
    const unfiltered = await report('ADMINISTRADOR', '&pageSize=20');
    const empty = await report('ADMINISTRADOR', '&pageSize=20&tipo=&month=&forma_pagamento=&partner=&branch=&reseller=');
    expect(unfiltered.total).toBeGreaterThan(20);
    expect(empty.total).toBe(unfiltered.total);
    expect(empty.body.summary).toEqual(unfiltered.body.summary);
    expect(empty.body.rows.map((row) => row.id)).toEqual(unfiltered.body.rows.map((row) => row.id));
  });

  it.each([
    ['&month=2026-13', 'Filtro month inválido.'],
    ['&month=novembro', 'Filtro month inválido.'],
    ['&tipo=plano_familia', 'Filtro tipo inválido.'],
    ['&partner=abc', 'Parâmetro partner inválido.'],
    ['&sort=senha', 'Parâmetro sort inválido.'],
    ['&page=0', 'Parâmetro page inválido.'],
  ])('answers 400 to %s: “%s”', async (query, message) => {
    const response = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: `/api/reports/sales?page=1${query}` });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 400, message });
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/sales' })).statusCode).toBe(401);
  });
});

describe('GET /api/reports/sales/filters', () => {
  it.each(USER_TYPES)('offers %s every reseller of its scope with its branch and partner', async (type) => {
    const all = await app.db.select().from(resellers);
    const expected = all.filter(
      (reseller) =>
        type === 'ADMINISTRADOR' ||
        (type === 'PARCEIRO' && reseller.partnerId === demo.partnerId) ||
        (type === 'FILIAL' && reseller.branchId === demo.branchId) ||
        (type === 'REVENDEDOR' && reseller.id === demo.resellerId),
    );
    const body = (await injectAs(app, tokens[type], { method: 'GET', url: '/api/reports/sales/filters' })).json();
    expect(body.resellers.map((reseller: { id: number }) => reseller.id).sort()).toEqual(expected.map((reseller) => reseller.id).sort());
    expect(body.partners.map((partner: { id: number }) => partner.id).sort()).toEqual(
      [...new Set(expected.map((r) => r.partnerId))].sort(),
    );
    expect(body.branches.map((branch: { id: number }) => branch.id).sort()).toEqual([...new Set(expected.map((r) => r.branchId))].sort());
  });
});

describe('GET /api/reports/sales/export', () => {
  it('streams every filtered sale of the scope as CSV', async () => {
    const list = (await allSales()).filter((sale) => counted(sale) && inScope('PARCEIRO')(sale) && sale.tipo === 'consulta_avulsa');
    const response = await injectAs(app, tokens.PARCEIRO, { method: 'GET', url: '/api/reports/sales/export?tipo=consulta_avulsa' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toContain('relatorio-vendas.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Revendedor;Filial;Parceiro;Tipo;Forma de pagamento;Valor;Data/Hora');
    expect(lines).toHaveLength(list.length + 1);
    expect(
      lines.slice(1).every((line) => /;Consulta Avulsa;(Cartão de crédito|Pix);39,90;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(line)),
    ).toBe(true);
  });
});
