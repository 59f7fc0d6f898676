import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeOfExtension, type FileType } from './fileTypes';
import { placeholderFile } from './placeholders';

export interface StoredFile {
  content: Buffer;
  type: FileType;
}

/** Where uploaded documents live, outside the database. Keys are made here, never from user input. */
export interface FileStore {
  /** Stores the bytes and answers their key, e.g. `professionals/<uuid>.pdf`. */
  save(folder: FileFolder, content: Buffer, type: FileType): Promise<string>;
  read(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
}

export type FileFolder = 'professionals' | 'referrals';

const KEY = /^(professionals|referrals)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf)$/;

/**
 * Files on a local folder (the data folder's `uploads/` by default). Another store (S3-compatible)
 * can take its place behind the same interface. Keys of the demo's placeholder documents
 * (`placeholder/…`) are generated on the fly instead of read from disk.
 */
export function createDiskFileStore(root: string): FileStore {
  return {
    async save(folder, content, type) {
      const key = `${folder}/${randomUUID()}.${type.extension}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, key), content, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async read(key) {
      const placeholder = placeholderFile(key);
      if (placeholder) return placeholder;
      if (!KEY.test(key)) return undefined;
      const type = fileTypeOfExtension(key.slice(key.lastIndexOf('.') + 1))!;
      try {
        return { content: await readFile(path.join(root, key)), type };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (KEY.test(key)) await rm(path.join(root, key), { force: true });
    },
  };
}
