import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiskFileStore } from './fileStore';

export interface UploadsPluginOptions {
  /** Folder of the uploaded files; default `<dataDir>/uploads`, or a temporary folder for an in-memory database. */
  root?: string;
}

/** `app.uploads`: the store of uploaded documents (professionals' files, referrals). */
export default fp(async function uploads(app: FastifyInstance, options: UploadsPluginOptions) {
  const inMemory = app.config.dataDir === ':memory:';
  const root =
    options.root ?? (inMemory ? await mkdtemp(path.join(tmpdir(), 'portal-uploads-')) : path.join(app.config.dataDir, 'uploads'));
  app.decorate('uploads', createDiskFileStore(root));
  if (inMemory && !options.root) app.addHook('onClose', () => rm(root, { recursive: true, force: true }));
});
