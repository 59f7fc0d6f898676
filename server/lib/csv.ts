import type { FastifyReply } from 'fastify';
import { setImmediate } from 'node:timers/promises';
import type { KeyValues } from './keyset';

/** Brazilian Excel reads `;`-separated UTF-8 with a BOM; dates dd/mm/aaaa, money 1.234,56. */
const SEPARATOR = ';';
const BOM = '\uFEFF';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const csvMoney = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : money.format(Number(value));

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A leading =, +, - or @ would run as a formula in Excel (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(cell).join(SEPARATOR)}\r\n`;

/**
 * Streams a CSV download: the header line, then each row's `line` as `batches` (an async iterable
 * reading the database a batch at a time) gives them, so large exports never sit in memory. Each
 * batch goes out as one chunk, its lines written as its rows are read: row by row, through three
 * async generators, every row of a million cost three rounds of promises. The first batch is read
 * before anything is sent, so a refused query still answers as a JSON error.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  {
    filename,
    header,
    batches,
    line,
  }: { filename: string; header: readonly string[]; batches: AsyncIterable<readonly T[]>; line: (row: T) => readonly unknown[] },
) {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks() {
    yield BOM + csvLine(header);
    for (let next = first; !next.done; next = await iterator.next()) {
      let chunk = '';
      for (const row of next.value) chunk += csvLine(line(row));
      if (chunk) yield chunk;
    }
  }
  const { Readable } = await import('node:stream');
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  return reply.send(Readable.from(chunks()));
}

/**
 * Reads a query in batches of `batchSize` rows by keyset: each batch starts after the last row of
 * the one before (`fetchAfter(limit, lastRow)`, undefined for the first), so every batch costs the
 * same however deep the export is (an offset re-reads every row it skips). Empty batches are not
 * yielded.
 *
 * Between batches the event loop gets a turn. PGlite answers in the same thread, and a client on
 * the same machine drains the socket as fast as it is written, so an export could otherwise run
 * from its first batch to its last on promises alone: a million sales kept every other request,
 * and every timer, waiting for 15 seconds.
 */
export async function* keysetBatches<T>(
  fetchAfter: (limit: number, after: T | undefined) => Promise<T[]>,
  batchSize = 1000,
): AsyncIterable<T[]> {
  let after: T | undefined;
  for (;;) {
    const rows = await fetchAfter(batchSize, after);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
    await setImmediate();
  }
}

/** `keysetBatches` over rows that carry their key (keyset's `field`): each batch resumes after the last one's. */
export const batchesInKeyOrder = <T extends { keyset: KeyValues }>(
  fetchAfter: (limit: number, after: KeyValues | undefined) => Promise<T[]>,
  batchSize = 1000,
): AsyncIterable<T[]> => keysetBatches<T>((limit, last) => fetchAfter(limit, last?.keyset), batchSize);
