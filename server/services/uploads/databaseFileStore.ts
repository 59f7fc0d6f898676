import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFileChunks, storedFiles } from '../../db/schema';
import type { FileStore } from './fileStore';
import { fileTypeOfExtension, type FileType } from './fileTypes';
import { placeholderFile } from './placeholders';

/**
 * Chunk size: small enough that a download holds one chunk in memory and each row stays far below
 * PostgreSQL's 1 GB field limit, large enough that a 10 MB document is 40 rows.
 */
export const CHUNK_BYTES = 256 * 1024;

const KEY = /^(professionals|referrals)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf)$/;

export const isStoredFileKey = (key: string) => KEY.test(key);

/** Cuts what arrives (one buffer, or a stream of any-sized pieces) into CHUNK_BYTES pieces. */
async function* chunksOf(content: Buffer | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(content)) {
    for (let offset = 0; offset < content.length; offset += CHUNK_BYTES) yield content.subarray(offset, offset + CHUNK_BYTES);
    return;
  }
  let pending = Buffer.alloc(0);
  for await (const piece of content) {
    pending = Buffer.concat([pending, piece]);
    while (pending.length >= CHUNK_BYTES) {
      yield pending.subarray(0, CHUNK_BYTES);
      pending = pending.subarray(CHUNK_BYTES);
    }
  }
  if (pending.length) yield pending;
}

/**
 * Uploaded files in the database (schema/files.ts): bytea rows of CHUNK_BYTES, written in one
 * transaction and read back one chunk per query while the answer is sent. Chunked bytea rather than
 * large objects: PGlite and node-postgres handle it alike with plain queries (node-postgres has no
 * large-object API of its own), rows go with their file (`on delete cascade`, no orphaned objects
 * for vacuumlo), and pg_dump keeps them with every other table. Keys of the demo's placeholder
 * documents (`placeholder/…`) are generated on the fly instead.
 */
export function createDatabaseFileStore(db: Database): FileStore {
  const write = (key: string, content: Buffer | AsyncIterable<Buffer>, type: FileType) =>
    db.transaction(async (tx) => {
      await tx.insert(storedFiles).values({ key, mimeType: type.mimeType, size: 0 });
      let position = 0;
      let size = 0;
      for await (const chunk of chunksOf(content)) {
        await tx.insert(storedFileChunks).values({ fileKey: key, position, content: Buffer.from(chunk) });
        position += 1;
        size += chunk.length;
      }
      await tx.update(storedFiles).set({ size }).where(eq(storedFiles.key, key));
    });
  return {
    async save(folder, content, type) {
      const key = `${folder}/${randomUUID()}.${type.extension}`;
      await write(key, content, type);
      return key;
    },
    async import(key, content, type) {
      if (!KEY.test(key)) throw new Error(`not a stored file key: ${key}`);
      await write(key, content, type);
    },
    async read(key) {
      const placeholder = placeholderFile(key);
      if (placeholder)
        return { type: placeholder.type, size: placeholder.content.length, open: () => Readable.from([placeholder.content]) };
      if (!KEY.test(key)) return undefined;
      const [row] = await db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
      if (!row) return undefined;
      const chunkCount = Math.ceil(row.size / CHUNK_BYTES);
      async function* chunks() {
        for (let position = 0; position < chunkCount; position++) {
          const [chunk] = await db
            .select({ content: storedFileChunks.content })
            .from(storedFileChunks)
            .where(and(eq(storedFileChunks.fileKey, key), eq(storedFileChunks.position, position)));
          if (!chunk) throw new Error(`stored file ${key} lacks chunk ${position}`);
          yield chunk.content;
        }
      }
      return { type: fileTypeOfExtension(key.slice(key.lastIndexOf('.') + 1))!, size: row.size, open: () => Readable.from(chunks()) };
    },
    async remove(key) {
      if (KEY.test(key)) await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
