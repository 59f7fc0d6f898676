/** Image uploads (partner logos): the type is read from the file's first bytes, never from its name. */

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

const SIGNATURES: ReadonlyArray<{ type: AcceptedImageType; bytes: readonly number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // "GIF8": both GIF87a and GIF89a.
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 8;

/** PNG, JPEG or GIF by magic number; null for anything else. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, index) => bytes[index] === byte));
  return match?.type ?? null;
}

export const isDataUrl = (value: unknown): value is string => typeof value === 'string' && value.startsWith('data:');

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The declared type and base64 payload of a `data:…;base64,…` URL, or null when it is not one. */
export function parseDataUrl(value: string): { declaredType: string; base64: string } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  return { declaredType: (match[1] ?? '').toLowerCase(), base64: match[3] };
}

/** The size in bytes of what a base64 text decodes to. */
export function base64DecodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
