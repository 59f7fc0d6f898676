import { deflateSync } from 'node:zlib';
import { FILE_TYPES, type FileType } from './fileTypes';

/**
 * The demo's documents: the seed points professionals and referrals at `placeholder/<name>` keys,
 * and these small but real files (a PNG portrait, one-page PDFs) are generated when one is opened,
 * so a fresh demo needs no files on disk.
 */
const PDF_TITLES: Record<string, string> = {
  'crm.pdf': 'Cópia do CRM',
  'especialidade.pdf': 'Comprovante de Especialidade',
  'termo.pdf': 'Termo de Aceite',
  'encaminhamento.pdf': 'Encaminhamento Médico',
};

export const PLACEHOLDER_KEYS = {
  photo: 'placeholder/foto.png',
  crm: 'placeholder/crm.pdf',
  specialtyProof: 'placeholder/especialidade.pdf',
  acceptanceTerm: 'placeholder/termo.pdf',
  referral: 'placeholder/encaminhamento.pdf',
} as const;

const cache = new Map<string, { content: Buffer; type: FileType }>();

export function placeholderFile(key: string): { content: Buffer; type: FileType } | undefined {
  if (!key.startsWith('placeholder/')) return undefined;
  const name = key.slice('placeholder/'.length);
  const cached = cache.get(name);
  if (cached) return cached;
  let file: { content: Buffer; type: FileType } | undefined;
  if (name === 'foto.png') file = { content: portraitPng(), type: FILE_TYPES.png };
  else if (PDF_TITLES[name]) file = { content: onePagePdf(PDF_TITLES[name]), type: FILE_TYPES.pdf };
  if (file) cache.set(name, file);
  return file;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 240×240 portrait silhouette (head and shoulders) on the portal's teal. */
function portraitPng(): Buffer {
  const size = 240;
  const background = [0x2c, 0x7a, 0x7b];
  const figure = [0xe6, 0xff, 0xfa];
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const head = (x - 120) ** 2 + (y - 95) ** 2 <= 45 ** 2;
      const shoulders = ((x - 120) / 90) ** 2 + ((y - 250) / 85) ** 2 <= 1;
      const colour = head || shoulders ? figure : background;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const pdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** A one-page A4 PDF (Helvetica, WinAnsi) saying which demo document it stands for. */
function onePagePdf(title: string): Buffer {
  const lines = [
    `BT /F1 22 Tf 72 760 Td (${pdfText(title)}) Tj ET`,
    `BT /F1 12 Tf 72 730 Td (${pdfText('Documento de demonstração do Portal Saúde.')}) Tj ET`,
    `BT /F1 12 Tf 72 712 Td (${pdfText('Substitua-o pelo documento real ao editar o cadastro.')}) Tj ET`,
  ].join('\n');
  const stream = Buffer.from(lines, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${lines}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
