import type { Readable } from 'node:stream';
import type { FileType } from './fileTypes';

export interface StoredFile {
  type: FileType;
  size: number;
  /** The bytes as a stream, read from the store as they are sent. */
  open(): Readable;
}

export type FileFolder = 'professionals' | 'referrals';

/** Where uploaded documents live. Keys are made here, never from user input. */
export interface FileStore {
  /** Stores the bytes (a buffer, or a stream read to its end) and answers their key, e.g. `professionals/<uuid>.pdf`. */
  save(folder: FileFolder, content: Buffer | AsyncIterable<Buffer>, type: FileType): Promise<string>;
  /** Stores bytes under a key made before (files moved in from the old uploads folder). */
  import(key: string, content: AsyncIterable<Buffer>, type: FileType): Promise<void>;
  read(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
}

/** The whole content of a stored file (tests, small files). */
export async function readWhole(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
