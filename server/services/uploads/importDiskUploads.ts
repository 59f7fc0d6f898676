import { createReadStream } from 'node:fs';
import { readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../../db/schema';
import { isStoredFileKey } from './databaseFileStore';
import type { FileFolder } from './fileStore';
import { fileTypeOfExtension } from './fileTypes';

const FOLDERS: FileFolder[] = ['professionals', 'referrals'];

/** Where the folder goes once every file in it is in the database: kept for the operator to delete. */
export const importedFolderName = (folder: string) => `${folder}-importados`;

/**
 * Before uploads lived in the database they were files in `DATA_DIR/uploads/<folder>/<uuid>.<ext>`,
 * the records pointing at them by that key. SQL migrations cannot read the server's folder, so this
 * start-up step copies each file in under the same key (the records need no change), under the
 * start-up lock; a key already in the database is skipped, so a start interrupted half-way simply
 * goes on next time. When every file is in, the folder is renamed `uploads-importados`.
 */
export async function importDiskUploads(app: FastifyInstance, folder: string): Promise<{ imported: number; skipped: number }> {
  const report = { imported: 0, skipped: 0 };
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) return report;
  await app.database.exclusively(async () => {
    for (const subfolder of FOLDERS) {
      const names = await readdir(path.join(folder, subfolder)).catch(() => [] as string[]);
      for (const name of names) {
        const key = `${subfolder}/${name}`;
        const type = fileTypeOfExtension(name.slice(name.lastIndexOf('.') + 1));
        if (!isStoredFileKey(key) || !type) {
          app.log.warn({ file: key }, 'arquivo desconhecido em uploads: deixado de lado');
          continue;
        }
        const [present] = await app.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
        if (present) {
          report.skipped += 1;
          continue;
        }
        await app.uploads.import(key, createReadStream(path.join(folder, key)), type);
        report.imported += 1;
      }
    }
  });
  const target = path.join(path.dirname(folder), importedFolderName(path.basename(folder)));
  await rename(folder, (await stat(target).catch(() => undefined)) ? `${target}-${Date.now()}` : target);
  app.log.warn(
    { ...report, folder },
    `Arquivos enviados antes da versão com arquivos no banco: ${report.imported} copiados para o banco, ${report.skipped} já estavam lá; pasta renomeada para ${importedFolderName(path.basename(folder))}`,
  );
  return report;
}
