import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { buildApp, type BuildAppOptions } from '../app';
import type { Database } from '../db/client';
import { testConfig, type AppConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/accounts';
import { seedDemo } from '../seed';

/**
 * A fresh portal over its own in-memory PGlite (or a private schema of DATABASE_URL's PostgreSQL),
 * optionally with the demo data and `buildApp` options (a gateway of the test's own, a route observer).
 * One per test file: `beforeAll(() => app = await createTestApp())`.
 */
export async function createTestApp(
  options: { seed?: boolean; config?: Partial<AppConfig>; build?: BuildAppOptions } = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(options.config), options.build);
  if (options.seed) await seedDemo(app.db, app.passwords);
  await app.ready();
  return app;
}

/** Signs in and returns the token; throws with the answer when sign-in fails. */
export async function login(app: FastifyInstance, email: string, userType: UserType, senha = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, userType } });
  if (response.statusCode !== 200) throw new Error(`login ${email} → ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

/** Token of the demo account of a user type (admin@, parceiro@, filial@, revendedor@demo.com.br). */
export function loginAsDemo(app: FastifyInstance, userType: UserType): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.userType === userType)!;
  return login(app, account.email, userType);
}

/** `app.inject` with a bearer token. */
export function injectAs(app: FastifyInstance, token: string | undefined, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/**
 * Every row's uuid of a list answered as an array, page after page as a screen pages through it, up
 * to the first page shorter than `pageSize`; `url(page)` names each page.
 */
export async function uuidsPageByPage(app: FastifyInstance, token: string, url: (page: number) => string, pageSize: number) {
  const uuids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await injectAs(app, token, { method: 'GET', url: url(page) });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ uuid: string }>;
    uuids.push(...rows.map((row) => row.uuid));
    if (rows.length < pageSize) return uuids;
  }
}

/** The rows a raw SQL query answers on an app's or an opened database's handle, on either driver (both answer `{ rows }`). */
export async function sqlRows<T>(source: { db: Database }, query: SQL): Promise<T[]> {
  return ((await source.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The status `/api/auth/verify` answers a token: 200 while its session is valid, 401 once it ended. */
export async function sessionStatus(app: FastifyInstance, token: string): Promise<number> {
  return (await injectAs(app, token, { method: 'GET', url: '/api/auth/verify' })).statusCode;
}

/** A CSV export's lines (header first), without the BOM that Excel needs. */
export function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

export { CLOCK_ONLY } from '../../src/test/clock';

/** `text` without its accents ('Ágata' → 'Agata'): the lists' name order compares names so (server/lib/nameOrder.ts). */
export const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
