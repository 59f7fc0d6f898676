import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { csvMoney } from '../lib/csv';
import { startDemoPortal } from '../test/demoPortal';
import { csvLines, injectAs } from '../test/helpers';

/**
 * The sales CSV reads by keyset in batches of 1,000: these sales cross several batches, share
 * instants in runs of seven (ties broken by id) and carry microseconds, which a JS Date would lose.
 */
const EXTRA_SALES = 2_345;

let app: FastifyInstance;
let tokens: Record<UserType, string>;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  await app.db.execute(sql`
    insert into sales (reseller_id, tipo, valor, data_hora, status)
    select (select min(id) from resellers), 'consulta_avulsa', 1000 + n / 100.0,
           timestamptz '2026-01-01 12:00:00.123456+00' - make_interval(secs => (n / 7) * 0.000333), 'paid'
    from generate_series(1, ${EXTRA_SALES}) as n`);
});
afterAll(() => app.close());

/** The values of every counted sale, as the export orders them (newest first, then highest id). */
async function expectedValues(): Promise<string[]> {
  const result = (await app.db.execute(sql`
    select valor from sales where status = 'paid' and reseller_id is not null order by data_hora desc, id desc`)) as unknown as {
    rows: Array<{ valor: string }>;
  };
  return result.rows.map((row) => csvMoney(row.valor));
}

describe('GET /api/reports/sales/export across keyset batches', () => {
  it('sends every counted sale once, in the report order, however many batches it takes', async () => {
    const expected = await expectedValues();
    expect(expected.length).toBeGreaterThan(EXTRA_SALES);
    const response = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: '/api/reports/sales/export' });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe('Revendedor;Filial;Parceiro;Tipo;Forma de pagamento;Valor;Data/Hora');
    expect(rows.map((line) => line.split(';')[5].replace(/^"|"$/g, ''))).toEqual(expected);
  });

  it('keeps the scope and the filters on every batch', async () => {
    const response = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: '/api/reports/sales/export?month=2026-01' });
    expect(response.statusCode).toBe(200);
    const rows = csvLines(response.body).slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(EXTRA_SALES);
    expect(rows.every((line) => /;\d{2}\/01\/2026 \d{2}:\d{2}$/.test(line))).toBe(true);
  });
});
