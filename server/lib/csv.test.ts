import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { batchesInKeyOrder, csvLine, csvMoney, sendCsv } from './csv';
import type { KeyValues } from './keyset';

/**
 * The CSV writer on its own (the exports through HTTP are in server/routes/csvExports.test.ts):
 * quick enough for mutation testing to run it once per mutant.
 */

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe('csvLine', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('puts a quote before a cell starting with %j, which Excel would run as a formula', (start) => {
    const line = csvLine([`${start}SOMA(A1)`, `a${start}b`]);
    // A line break inside a cell also quotes it.
    const cell = (text: string) => (start === '\r' ? `"${text}"` : text);
    expect(line).toBe(`${cell(`'${start}SOMA(A1)`)};${cell(`a${start}b`)}\r\n`);
  });

  it('quotes cells with a separator, a quote or a line break, doubling quotes', () => {
    expect(csvLine(['a;b', 'diz "oi"', 'linha\nnova', 'volta\rcarro', 'simples'])).toBe(
      '"a;b";"diz ""oi""";"linha\nnova";"volta\rcarro";simples\r\n',
    );
  });

  it('writes nothing for null and undefined, ISO for dates, text for numbers and booleans', () => {
    expect(csvLine([null, undefined, new Date('2026-03-10T15:04:00Z'), 42, false, ''])).toBe(';;2026-03-10T15:04:00.000Z;42;false;\r\n');
  });
});

describe('csvMoney', () => {
  it('writes Brazilian money with two decimals, and nothing for no value', () => {
    expect([csvMoney(1234.5), csvMoney('39.9'), csvMoney(0), csvMoney(1_000_000), csvMoney(null), csvMoney(undefined)]).toEqual([
      '1.234,50',
      '39,90',
      '0,00',
      '1.000.000,00',
      '',
      '',
    ]);
  });
});

describe('batchesInKeyOrder', () => {
  /** Rows 0…total-1 whose key is their number as text; each call is recorded as [limit, key resumed after]. */
  const source = (total: number) => {
    const calls: Array<[number, KeyValues | undefined]> = [];
    const fetchAfter = async (limit: number, after: KeyValues | undefined) => {
      calls.push([limit, after]);
      const first = after ? Number(after[0]) + 1 : 0;
      return Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, index) => ({
        n: first + index,
        keyset: [String(first + index)],
      }));
    };
    return { calls, fetchAfter };
  };

  it('reads every row, each batch after the last key of the one before, until a batch comes back short', async () => {
    const { calls, fetchAfter } = source(7);
    expect((await collect(batchesInKeyOrder(fetchAfter, 3))).map((batch) => batch.map((row) => row.n))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6],
    ]);
    expect(calls).toEqual([
      [3, undefined],
      [3, ['2']],
      [3, ['5']],
    ]);
  });

  it('asks once more after a full last batch, and stops on the empty one without yielding it', async () => {
    const { calls, fetchAfter } = source(6);
    expect((await collect(batchesInKeyOrder(fetchAfter, 3))).map((batch) => batch.map((row) => row.n))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(calls).toEqual([
      [3, undefined],
      [3, ['2']],
      [3, ['5']],
    ]);
  });

  it('reads batches of 1,000 unless told otherwise', async () => {
    const { calls, fetchAfter } = source(1001);
    expect((await collect(batchesInKeyOrder(fetchAfter))).map((batch) => batch.length)).toEqual([1000, 1]);
    expect(calls).toEqual([
      [1000, undefined],
      [1000, ['999']],
    ]);
  });
  it('gives the event loop a turn between batches, even when every batch answers at once', async () => {
    const { fetchAfter } = source(7);
    let turned = false;
    setImmediate(() => (turned = true));
    const turnedAtEachRead: boolean[] = [];
    const batches = await collect(
      batchesInKeyOrder((limit, after) => {
        turnedAtEachRead.push(turned);
        return fetchAfter(limit, after);
      }, 3),
    );
    expect(batches.flat()).toHaveLength(7);
    expect(turnedAtEachRead).toEqual([false, true, true]);
  });
});

describe('sendCsv', () => {
  it('sends a UTF-8 CSV download: BOM, header, then each row of each batch', async () => {
    const headers: Record<string, string> = {};
    let sent: Readable | undefined;
    const reply = {
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
      send(body: Readable) {
        sent = body;
        return reply;
      },
    };
    async function* batches(): AsyncIterable<Array<{ nome: string; nota: unknown }>> {
      yield [
        { nome: 'Ana', nota: '=1' },
        { nome: 'Bia', nota: null },
      ];
      yield [{ nome: 'Caio', nota: 7 }];
    }
    await sendCsv(reply as unknown as FastifyReply, {
      filename: 'lista.csv',
      header: ['Nome', 'Nota'],
      batches: batches(),
      line: (row) => [row.nome, row.nota],
    });
    expect(headers).toEqual({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="lista.csv"' });
    expect((await collect(sent!)).join('')).toBe("\uFEFFNome;Nota\r\nAna;'=1\r\nBia;\r\nCaio;7\r\n");
  });
});
