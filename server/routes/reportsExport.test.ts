import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { csvMoney } from '../lib/csv';
import { startDemoPortal } from '../test/demoPortal';
import { csvLines, injectAs } from '../test/helpers';

/**
 * The sales CSV reads by keyset in batches of 1,000: these sales cross several batches, share
 * instants in runs of seven (ties broken by id) and carry microseconds, which a JS Date would lose.
 * The oldest of them are a new reseller's only sales, so its names appear in the last batch alone
 * (the export reads each reseller's names once, for the batch that first names it).
 */
const EXTRA_SALES = 2_345;
const LAST_BATCH_ONLY = 300;

let app: FastifyInstance;
let tokens: Record<UserType, string>;

beforeAll(async () => {
  ({ app, tokens } = await startDemoPortal());
  await app.db.execute(sql`
    insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash)
    select id_parceiro, id_filial, 'Revendedor do Último Lote', cpf, 'ultimo-lote@x.com', senha_hash from resellers order by id limit 1`);
  await app.db.execute(sql`
    insert into sales (reseller_id, tipo, valor, data_hora, status)
    select case when n > ${EXTRA_SALES - LAST_BATCH_ONLY} then (select max(id) from resellers) else (select min(id) from resellers) end,
           'consulta_avulsa', 1000 + n / 100.0,
           timestamptz '2026-01-01 12:00:00.123456+00' - make_interval(secs => (n / 7) * 0.000333), 'paid'
    from generate_series(1, ${EXTRA_SALES}) as n`);
});
afterAll(() => app.close());

/** The channel's names and the value of every counted sale, as the export orders them (newest first, then highest id). */
async function expectedLines(): Promise<string[][]> {
  const result = (await app.db.execute(sql`
    select r.nome as reseller, b.titulo as branch, p.nome as partner, s.valor
    from sales s join resellers r on r.id = s.reseller_id join branches b on b.id = r.id_filial join partners p on p.id = r.id_parceiro
    where s.status = 'paid' order by s.data_hora desc, s.id desc`)) as unknown as {
    rows: Array<{ reseller: string; branch: string; partner: string; valor: string }>;
  };
  return result.rows.map((row) => [row.reseller, row.branch, row.partner, csvMoney(row.valor)]);
}

describe('GET /api/reports/sales/export across keyset batches', () => {
  it('sends every counted sale once, in the report order, with its names, however many batches it takes', async () => {
    const expected = await expectedLines();
    expect(expected.length).toBeGreaterThan(EXTRA_SALES);
    // The new reseller's sales come after the first batch (1,000 lines), and only there.
    expect(expected.findIndex(([reseller]) => reseller === 'Revendedor do Último Lote')).toBeGreaterThanOrEqual(1000);
    const response = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: '/api/reports/sales/export' });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe('Revendedor;Filial;Parceiro;Tipo;Forma de pagamento;Valor;Data/Hora');
    const unquoted = (cell: string) => cell.replace(/^"|"$/g, '');
    expect(rows.map((line) => line.split(';')).map((cells) => [...cells.slice(0, 3), cells[5]].map(unquoted))).toEqual(expected);
  });

  it('keeps the scope and the filters on every batch', async () => {
    const response = await injectAs(app, tokens.ADMINISTRADOR, { method: 'GET', url: '/api/reports/sales/export?month=2026-01' });
    expect(response.statusCode).toBe(200);
    const rows = csvLines(response.body).slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(EXTRA_SALES);
    expect(rows.every((line) => /;\d{2}\/01\/2026 \d{2}:\d{2}$/.test(line))).toBe(true);
  });
});
