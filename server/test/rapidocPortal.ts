import type { FastifyInstance } from 'fastify';
import { administrators } from '../db/schema';
import { FAKE_CLIENT_ID, FAKE_TOKEN, startFakeRapidoc, type FakeRapidoc } from './fakeRapidoc';
import { createTestApp, login } from './helpers';

export interface RapidocPortal {
  fake: FakeRapidoc;
  app: FastifyInstance;
  /** An administrator's token. */
  admin: string;
  close(): Promise<void>;
}

/** A test app on the rapidoc provider, pointed at a fresh fake provider, with an administrator signed in. */
export async function startRapidocPortal(timeoutMs: number): Promise<RapidocPortal> {
  const fake = await startFakeRapidoc();
  const app = await createTestApp({
    config: { telemedicine: { provider: 'rapidoc', baseUrl: fake.baseUrl, clientId: FAKE_CLIENT_ID, token: FAKE_TOKEN, timeoutMs } },
  });
  await app.db
    .insert(administrators)
    .values({ nome: 'Admin', email: 'admin@rapidoc.test', passwordHash: await app.passwords.hash('segredo123') });
  const admin = await login(app, 'admin@rapidoc.test', 'ADMINISTRADOR', 'segredo123');
  return {
    fake,
    app,
    admin,
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}
