import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { administrators } from '../db/schema';
import type { PasswordHasher } from '../services/auth/passwords';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedBeneficiaries } from './beneficiaries';
import { seedCare } from './care';
import { seedParameters } from './parameters';
import { createRandom } from './random';

/** True when the database holds no account yet (a fresh install). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(administrators);
  return total === 0;
}

/**
 * The demo data `npm start` shows on a fresh database. Each feature adds its part here, in
 * dependency order, from the accounts seeded first.
 */
export async function seedDemo(db: Database, passwords: PasswordHasher): Promise<void> {
  const random = createRandom(20261121);
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const seeded = tx as unknown as Database;
    const accounts = await seedAccounts(seeded, random, passwordHash);
    await seedBeneficiaries(seeded, accounts);
    await seedCare(seeded);
    await seedParameters(seeded);
  });
}

/** Production's first administrator, from ADMIN_EMAIL/ADMIN_PASSWORD, when there is none. */
export async function ensureAdministrator(db: Database, passwords: PasswordHasher, admin: { email: string; password: string }) {
  if (!(await isEmpty(db))) return false;
  await db.insert(administrators).values({ nome: 'Administrador', email: admin.email, passwordHash: await passwords.hash(admin.password) });
  return true;
}
