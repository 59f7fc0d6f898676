import { sniffFileKind } from '../../../src/domain/care';

/** The file kinds the portal accepts, recognised by their first bytes (never by name or declared type). */
export const FILE_TYPES = {
  png: { mimeType: 'image/png', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
} as const;

export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

export function detectFileType(content: Buffer): FileType | undefined {
  const kind = sniffFileKind(content.subarray(0, 8));
  return kind ? FILE_TYPES[kind] : undefined;
}

export const fileTypeOfExtension = (extension: string): FileType | undefined =>
  Object.values(FILE_TYPES).find((type) => type.extension === extension);
