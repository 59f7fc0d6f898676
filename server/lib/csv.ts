import type { FastifyReply } from 'fastify';

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
 * Streams a CSV download: the header line, then each row as it comes from `rows` (an async
 * iterable reading the database in batches), so large exports never sit in memory.
 */
export async function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], rows: AsyncIterable<readonly unknown[]>) {
  async function* lines() {
    yield BOM + csvLine(header);
    for await (const row of rows) yield csvLine(row);
  }
  const { Readable } = await import('node:stream');
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  return reply.send(Readable.from(lines()));
}

/** Reads a query in pages of `batchSize` rows (keyset-free, by offset) as an async iterable. */
export async function* inBatches<T>(fetchPage: (limit: number, offset: number) => Promise<T[]>, batchSize = 1000): AsyncIterable<T> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await fetchPage(batchSize, offset);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}
