import type { FastifyInstance } from 'fastify';
import { attemptCounters } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { AttemptCounters } from '../limits/attemptCounters';
import { PASSWORD_LIMITS, passwordCheckSucceeded, signInSucceeded, startPasswordCheck, startSignIn } from './passwordThrottles';

/**
 * The wrong-password throttles (passwordThrottles.ts) on real counters: who counts as the same
 * account and the same address, and what a right password forgives.
 */

let app: FastifyInstance;
let counters: AttemptCounters;
beforeAll(async () => {
  app = await createTestApp();
  counters = new AttemptCounters(app.db, app.config.jwtSecret, () => Date.UTC(2026, 10, 20, 12, 0, 0));
});
afterAll(() => app?.close());
beforeEach(() => app.db.delete(attemptCounters));

/** Signs in wrongly `times` times; how many were let through to the password check. */
async function failSignIns(email: string, address: string, times: number): Promise<number> {
  let admitted = 0;
  for (let attempt = 0; attempt < times; attempt++) if (await startSignIn(counters, email, address)) admitted++;
  return admitted;
}

describe('sign-in', () => {
  it('lets 10 wrong passwords through per e-mail and address in 15 minutes, counting the e-mail as typed in any case and spacing', async () => {
    expect(PASSWORD_LIMITS.signInPerAccountAndAddress).toMatchObject({ max: 10, windowMs: 15 * 60_000 });
    expect(await failSignIns('ana@exemplo.com', '203.0.113.7', 6)).toBe(6);
    expect(await failSignIns(' ANA@Exemplo.com ', '203.0.113.7', 6)).toBe(4);
    expect(await startSignIn(counters, 'outra@exemplo.com', '203.0.113.7')).not.toBeNull();
    expect(await startSignIn(counters, 'ana@exemplo.com', '203.0.113.8')).not.toBeNull();
  });

  it('counts the addresses of one IPv6 /64 as one, and an IPv4-mapped address as its IPv4', async () => {
    expect(await failSignIns('ana@exemplo.com', '2001:db8:1:2::1', 5)).toBe(5);
    expect(await failSignIns('ana@exemplo.com', '2001:db8:1:2:ffff::9', 5)).toBe(5);
    expect(await startSignIn(counters, 'ana@exemplo.com', '2001:db8:1:2::abcd')).toBeNull();
    expect(await startSignIn(counters, 'ana@exemplo.com', '2001:db8:1:3::1')).not.toBeNull();

    expect(await failSignIns('bia@exemplo.com', '198.51.100.4', 10)).toBe(10);
    expect(await startSignIn(counters, 'bia@exemplo.com', '::ffff:198.51.100.4')).toBeNull();
  });

  it('stops an e-mail after 30 wrong passwords from any addresses together', async () => {
    expect(PASSWORD_LIMITS.signInPerAccount).toMatchObject({ max: 30, windowMs: 15 * 60_000 });
    for (let address = 1; address <= 3; address++) expect(await failSignIns('ana@exemplo.com', `192.0.2.${address}`, 10)).toBe(10);
    expect(await startSignIn(counters, 'ana@exemplo.com', '192.0.2.200')).toBeNull();
    expect(await startSignIn(counters, 'outra@exemplo.com', '192.0.2.200')).not.toBeNull();
  });

  it('forgives, on a right password, the failures from that address, and takes this attempt back from the account', async () => {
    expect(await failSignIns('ana@exemplo.com', '192.0.2.1', 9)).toBe(9);
    expect(await failSignIns('ana@exemplo.com', '192.0.2.2', 10)).toBe(10);
    expect(await failSignIns('ana@exemplo.com', '192.0.2.3', 10)).toBe(10);
    const right = await startSignIn(counters, 'ana@exemplo.com', '192.0.2.1');
    expect(right).toEqual({ fromAddress: 'ana@exemplo.com|192.0.2.1', perAccount: expect.objectContaining({ key: expect.any(String) }) });
    await signInSucceeded(counters, right!);

    expect(await counters.total(PASSWORD_LIMITS.signInPerAccountAndAddress, 'ana@exemplo.com|192.0.2.1')).toBe(0);
    expect(await counters.total(PASSWORD_LIMITS.signInPerAccountAndAddress, 'ana@exemplo.com|192.0.2.2')).toBe(10);
    expect(await counters.total(PASSWORD_LIMITS.signInPerAccount, 'ana@exemplo.com')).toBe(29);
  });
});

describe("'Alterar senha'", () => {
  const reseller = { type: 'REVENDEDOR' as const, id: 5 };

  it('lets 10 wrong current passwords through per account, each account type and id on its own', async () => {
    expect(PASSWORD_LIMITS.changePasswordPerAccount).toMatchObject({ max: 10, windowMs: 15 * 60_000 });
    for (let attempt = 0; attempt < 10; attempt++) expect(await startPasswordCheck(counters, reseller)).toBe(true);
    expect(await startPasswordCheck(counters, reseller)).toBe(false);
    expect(await startPasswordCheck(counters, { type: 'FILIAL', id: 5 })).toBe(true);
    expect(await startPasswordCheck(counters, { type: 'REVENDEDOR', id: 6 })).toBe(true);
  });

  it('forgives the wrong ones once the right one is given', async () => {
    for (let attempt = 0; attempt < 10; attempt++) await startPasswordCheck(counters, reseller);
    await passwordCheckSucceeded(counters, reseller);
    expect(await counters.total(PASSWORD_LIMITS.changePasswordPerAccount, 'REVENDEDOR:5')).toBe(0);
    expect(await startPasswordCheck(counters, reseller)).toBe(true);
  });
});
