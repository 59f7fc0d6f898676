import { deflateSync } from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partnerLogos, resellers } from '../db/schema';

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels as a PNG file. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A health-plan style logo: a white cross on a rounded square of the partner's colour. */
export function crossLogo(color: Rgb, size = 96): Buffer {
  const radius = size * 0.2;
  const arm = size * 0.14;
  const reach = size * 0.32;
  const center = (size - 1) / 2;
  return encodePng(size, size, (x, y) => {
    const cornerX = Math.max(radius - x, x - (size - 1 - radius), 0);
    const cornerY = Math.max(radius - y, y - (size - 1 - radius), 0);
    if (cornerX * cornerX + cornerY * cornerY > radius * radius) return [0, 0, 0, 0];
    const dx = Math.abs(x - center);
    const dy = Math.abs(y - center);
    const onCross = (dx <= arm && dy <= reach) || (dy <= arm && dx <= reach);
    return onCross ? [255, 255, 255, 255] : [...color, 255];
  });
}

const DEMO_COLORS: readonly Rgb[] = [
  [13, 148, 136],
  [37, 99, 235],
  [147, 51, 234],
];

/**
 * What the demo channels need beyond the accounts: each partner's logo, so the partner list shows
 * its thumbnails, and at least one inactive reseller per partner, so every partner user sees the
 * 'Inativo' badge.
 */
export async function seedChannelExtras(db: Database, partnerIds: readonly number[]): Promise<void> {
  if (!partnerIds.length) return;
  await seedPartnerLogos(db, partnerIds);
  for (const partnerId of partnerIds) {
    const [inactive] = await db
      .select({ id: resellers.id })
      .from(resellers)
      .where(and(eq(resellers.partnerId, partnerId), eq(resellers.ativo, false)))
      .limit(1);
    if (inactive) continue;
    const [last] = await db
      .select({ id: resellers.id })
      .from(resellers)
      .where(eq(resellers.partnerId, partnerId))
      .orderBy(desc(resellers.id))
      .limit(1);
    if (last) await db.update(resellers).set({ ativo: false }).where(eq(resellers.id, last.id));
  }
}

async function seedPartnerLogos(db: Database, partnerIds: readonly number[]): Promise<void> {
  await db.insert(partnerLogos).values(
    partnerIds.map((partnerId, index) => ({
      partnerId,
      mimeType: 'image/png',
      content: crossLogo(DEMO_COLORS[index % DEMO_COLORS.length]),
    })),
  );
}
