import type { FastifyInstance } from 'fastify';
import { USER_TYPES } from '../../../src/domain/userTypes';
import { endedSessions } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { ScopeFixtures } from '../../test/scopeFixtures';
import { findAccount } from './accounts';
import { endSession, newSessionId, purgeEndedSessions } from './sessions';

/** The sessions 'Sair' ends (sessions.ts), as the session check reads them with the account and as the purge forgets them. */

let app: FastifyInstance;
let fx: ScopeFixtures;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
  fx = await ScopeFixtures.load(app);
});
afterAll(() => app.close());

const HOUR_MS = 60 * 60 * 1000;
const storedSessions = async () => (await app.db.select({ id: endedSessions.sessionId }).from(endedSessions)).map((row) => row.id);

it("reads an account's ended sessions with it, until their tokens would have expired, and none of another account's", async () => {
  const partner = { type: 'PARCEIRO' as const, id: await fx.freshPartner() };
  const other = { type: 'PARCEIRO' as const, id: await fx.freshPartner() };
  const [live, expired, others] = [newSessionId(), newSessionId(), newSessionId()];
  await endSession(app.db, partner, live, new Date(Date.now() + HOUR_MS));
  await endSession(app.db, partner, expired, new Date(Date.now() - 1000));
  await endSession(app.db, other, others, new Date(Date.now() + HOUR_MS));
  // Ending a session twice changes nothing.
  await endSession(app.db, partner, live, new Date(Date.now() + 2 * HOUR_MS));

  // An ended session of another type's account with the same id is not the partner's.
  await endSession(app.db, { type: 'ADMINISTRADOR', id: partner.id }, newSessionId(), new Date(Date.now() + HOUR_MS));

  expect((await findAccount(app.db, 'PARCEIRO', { id: partner.id }))?.endedSessions).toEqual([live]);
  expect((await findAccount(app.db, 'PARCEIRO', { id: other.id }))?.endedSessions).toEqual([others]);
});

it.each(USER_TYPES)("a %s sign-in's read of the account (by e-mail) leaves the ended sessions out: it starts a session", async (type) => {
  const { id, email } = await fx.freshSession(type);
  await endSession(app.db, { type, id }, newSessionId(), new Date(Date.now() + HOUR_MS));

  expect((await findAccount(app.db, type, { email }))?.id).toBe(id);
  expect((await findAccount(app.db, type, { email }))?.endedSessions).toEqual([]);
  expect((await findAccount(app.db, type, { id }))?.endedSessions).toHaveLength(1);
});

it('purges the ended sessions whose tokens have all expired, and keeps the others', async () => {
  const reseller = { type: 'REVENDEDOR' as const, id: await fx.freshReseller(fx.demo.branchId, fx.demo.partnerId) };
  const [soon, later] = [newSessionId(), newSessionId()];
  await endSession(app.db, reseller, soon, new Date(Date.now() + HOUR_MS));
  await endSession(app.db, reseller, later, new Date(Date.now() + 3 * HOUR_MS));

  const purged = await purgeEndedSessions(app.db, new Date(Date.now() + 2 * HOUR_MS));
  expect(purged).toBeGreaterThanOrEqual(1);
  const left = await storedSessions();
  expect(left).toContain(later);
  expect(left).not.toContain(soon);
});

it('each new session has an id of its own', () => {
  const ids = new Set(Array.from({ length: 1000 }, newSessionId));
  expect(ids.size).toBe(1000);
});
