import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { branches, partners, resellers } from '../db/schema';
import { createTestApp, loginAsDemo } from './helpers';

/** A token of each demo user type, signed in together. */
export async function demoTokens(app: FastifyInstance): Promise<Record<UserType, string>> {
  const [ADMINISTRADOR, PARCEIRO, FILIAL, REVENDEDOR] = await Promise.all(
    (['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const).map((type) => loginAsDemo(app, type)),
  );
  return { ADMINISTRADOR, PARCEIRO, FILIAL, REVENDEDOR };
}

/**
 * The seeded demo portal with a token of each demo user type, for a test file's setup:
 * `beforeAll(async () => ({ app, tokens } = await startDemoPortal()))`.
 */
export async function startDemoPortal() {
  const app = await createTestApp({ seed: true });
  return { app, tokens: await demoTokens(app) };
}

/**
 * The seeded demo portal signed in as its administrator only, for a test file's setup:
 * `beforeAll(async () => ({ app, admin } = await startAdminPortal()))`.
 */
export async function startAdminPortal() {
  const app = await createTestApp({ seed: true });
  return { app, admin: await loginAsDemo(app, 'ADMINISTRADOR') };
}

/** The ids of the demo partner, branch and reseller (parceiro@, filial@, revendedor@demo.com.br). */
export interface DemoChannel {
  partnerId: number;
  branchId: number;
  resellerId: number;
}

export async function demoChannel(app: FastifyInstance): Promise<DemoChannel> {
  const [partner] = await app.db.select().from(partners).where(eq(partners.email, 'parceiro@demo.com.br'));
  const [branch] = await app.db.select().from(branches).where(eq(branches.email, 'filial@demo.com.br'));
  const [reseller] = await app.db.select().from(resellers).where(eq(resellers.email, 'revendedor@demo.com.br'));
  return { partnerId: partner.id, branchId: branch.id, resellerId: reseller.id };
}

/** A row sold or registered through a channel: its reseller and that reseller's branch and partner. */
interface ChannelRow {
  partnerId: number | null;
  branchId: number | null;
  resellerId: number | null;
}

/**
 * The scope rule, written independently of the services: whether the demo user of `type` sees a row.
 * The administrator sees everything; the others see what came through their demo channel.
 */
export const inDemoScope = (demo: DemoChannel, type: UserType) => (row: ChannelRow) =>
  type === 'ADMINISTRADOR' ||
  (type === 'PARCEIRO' && row.partnerId === demo.partnerId) ||
  (type === 'FILIAL' && row.branchId === demo.branchId) ||
  (type === 'REVENDEDOR' && row.resellerId === demo.resellerId);
