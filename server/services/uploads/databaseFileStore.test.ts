import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFileChunks } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { CHUNK_BYTES } from './databaseFileStore';
import { readWhole } from './fileStore';
import { FILE_TYPES } from './fileTypes';
import { importDiskUploads } from './importDiskUploads';

/** Uploaded files in the database: chunked in, streamed out, removed whole; old files on disk moved in once. */

let app: FastifyInstance;
let folder: string;
beforeAll(async () => {
  app = await createTestApp();
  folder = mkdtempSync(path.join(tmpdir(), 'portal-old-uploads-'));
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

it('keeps a file larger than a chunk in several rows and gives back the same bytes as a stream', async () => {
  const content = pdf(2 * CHUNK_BYTES + 1234);
  const key = await app.uploads.save('professionals', content, FILE_TYPES.pdf);
  const [{ rows }] = await app.db.select({ rows: count() }).from(storedFileChunks).where(eq(storedFileChunks.fileKey, key));
  expect(rows).toBe(3);
  const file = (await app.uploads.read(key))!;
  expect(file.size).toBe(content.length);
  expect((await readWhole(file)).equals(content)).toBe(true);

  await app.uploads.remove(key);
  expect(await app.uploads.read(key)).toBeUndefined();
  const [{ left }] = await app.db.select({ left: count() }).from(storedFileChunks).where(eq(storedFileChunks.fileKey, key));
  expect(left).toBe(0);
});

it('takes a stream of any-sized pieces', async () => {
  const content = pdf(CHUNK_BYTES + 10);
  async function* pieces() {
    for (let offset = 0; offset < content.length; offset += 1000) yield content.subarray(offset, offset + 1000);
  }
  const key = await app.uploads.save('referrals', pieces(), FILE_TYPES.pdf);
  expect((await readWhole((await app.uploads.read(key))!)).equals(content)).toBe(true);
});

it('moves the files of the old uploads folder in under their keys, once', async () => {
  const uploads = path.join(folder, 'uploads');
  const key = `professionals/${randomUUID()}.pdf`;
  const content = pdf(CHUNK_BYTES * 2);
  mkdirSync(path.join(uploads, 'professionals'), { recursive: true });
  writeFileSync(path.join(uploads, key), content);
  writeFileSync(path.join(uploads, 'professionals', 'estranho.exe'), 'x');

  expect(await importDiskUploads(app, uploads)).toEqual({ imported: 1, skipped: 0 });
  expect((await readWhole((await app.uploads.read(key))!)).equals(content)).toBe(true);
  expect(existsSync(uploads)).toBe(false);
  expect(existsSync(path.join(folder, 'uploads-importados', key))).toBe(true);

  // Started again (the folder copied back, say): nothing is stored twice.
  mkdirSync(path.join(uploads, 'professionals'), { recursive: true });
  writeFileSync(path.join(uploads, key), content);
  expect(await importDiskUploads(app, uploads)).toEqual({ imported: 0, skipped: 1 });
  expect(await importDiskUploads(app, uploads)).toEqual({ imported: 0, skipped: 0 });
});
