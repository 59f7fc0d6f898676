import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { isUserType, USER_TYPES, type UserType } from '../../src/domain/userTypes';
import { administrators } from '../db/schema';
import { createTokenService } from '../services/auth/tokens';
import { createTestApp, loginAsDemo } from '../test/helpers';
import {
  ACCESS_TABLE,
  expectedAnswer,
  PRINCIPALS,
  routeKey,
  scopesOf,
  type CaseRequest,
  type PrincipalName,
  type RouteAccess,
} from '../test/accessTable';
import { ScopeFixtures, type Scope } from '../test/scopeFixtures';

/**
 * The authorization matrix: every API route × every principal (the four user types, no token, an
 * expired token, a token signed with another secret, a token of an inactive account) × a record
 * inside and outside the principal's scope, each answer checked against accessTable.ts.
 */

interface RegisteredRoute {
  method: string;
  url: string;
  /** As the last onRoute hook leaves it: the auth plugin's, which gives it its access, runs after this one. */
  readonly config: { public?: boolean; allow?: readonly string[] };
}

const registered: RegisteredRoute[] = [];
let app: FastifyInstance;
let fx: ScopeFixtures;
const tokens: Partial<Record<PrincipalName, string>> = {};

beforeAll(async () => {
  app = await createTestApp({
    seed: true,
    build: {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          registered.push({
            method,
            url: route.url,
            get config() {
              return (route.config ?? {}) as RegisteredRoute['config'];
            },
          });
        }
      },
    },
  });
  fx = await ScopeFixtures.load(app);

  for (const type of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const) tokens[type] = await loginAsDemo(app, type);
  const admin = createTokenService(app.config.jwtSecret).verify(tokens.ADMINISTRADOR!)!;
  tokens.EXPIRADO = createTokenService(app.config.jwtSecret, { lifetimeMs: 1 }).sign(admin);
  tokens.OUTRO_SEGREDO = createTokenService('another-secret-that-is-32-characters-long!!').sign(admin);
  const inactive = await fx.freshSession('ADMINISTRADOR');
  await app.db.update(administrators).set({ ativo: false }).where(eq(administrators.id, inactive.id));
  tokens.CONTA_INATIVA = inactive.token;
  // Let the 1 ms token expire.
  await new Promise((resolve) => setTimeout(resolve, 5));
});
afterAll(() => app?.close());

/**
 * The API routes the app registered. HEAD mirrors GET and is probed apart; it counts as its GET, as
 * the permission table keys it: Fastify shows a prefix's trailing-slash GET (`/api/docs/`) to onRoute
 * hooks only through its HEAD.
 */
const apiRoutes = () => {
  const byKey = new Map<string, RegisteredRoute>();
  for (const route of registered) {
    if (!route.url.startsWith('/api/')) continue;
    const asGet = route.method === 'HEAD' ? { ...route, method: 'GET', config: route.config } : route;
    if (!byKey.has(routeKey(asGet))) byKey.set(routeKey(asGet), asGet);
  }
  return [...byKey.values()];
};

describe('the access table', () => {
  it('classifies every registered API route, and names no route the app lacks', () => {
    const table = new Set(ACCESS_TABLE.map(routeKey));
    const app = new Set(apiRoutes().map(routeKey));
    expect({ unclassified: [...app].filter((key) => !table.has(key)), stale: [...table].filter((key) => !app.has(key)) }).toEqual({
      unclassified: [],
      stale: [],
    });
    expect(table.size).toBe(ACCESS_TABLE.length);
  });

  it("agrees with each route's own config (public flag and allowed user types)", () => {
    const everyType = [...USER_TYPES].sort().join(',');
    const allowed = (types: readonly string[] | undefined) => (types ? [...types].sort().join(',') : everyType);
    const declared = (route: RegisteredRoute) => {
      if (route.config.public) return 'public';
      return allowed(route.config.allow) === everyType ? 'signed-in' : allowed(route.config.allow);
    };
    const inTable = (row: RouteAccess) => (typeof row.access === 'string' ? row.access : [...row.access].sort().join(','));
    const mismatches = apiRoutes()
      .map((route) => ({
        route: routeKey(route),
        app: declared(route),
        table: inTable(ACCESS_TABLE.find((row) => routeKey(row) === routeKey(route))!),
      }))
      .filter((entry) => entry.app !== entry.table);
    expect(mismatches).toEqual([]);
  });

  it('answers 401 to HEAD without a token on every protected GET route', async () => {
    const protectedGets = ACCESS_TABLE.filter((row) => row.method === 'GET' && row.access !== 'public');
    const answers = await Promise.all(
      protectedGets.map(async (row) => [row.url, (await app.inject({ method: 'HEAD', url: row.url.replace(/:\w+/g, '1') })).statusCode]),
    );
    expect(answers.filter(([, status]) => status !== 401)).toEqual([]);
  });
});

const defaultRequest = (row: RouteAccess, record: string): CaseRequest => ({ url: row.url.replace(/:\w+/, record) });

async function runCase(row: RouteAccess, principal: PrincipalName, scope: Scope | undefined, expected: number) {
  const type: UserType | undefined = isUserType(principal) ? principal : undefined;
  const succeeds = expected < 300;
  const allowed = type !== undefined && expected !== 401 && expected !== 403;
  let token = tokens[principal];
  if (row.endsSession && type && succeeds) token = (await fx.freshSession(type)).token;
  // Refused principals aim at what an administrator may reach: a broken check would then succeed.
  const recordType = allowed ? type! : 'ADMINISTRADOR';
  const record = row.record ? await fx.record(row.record, recordType, scope ?? 'in', Boolean(row.fresh && succeeds)) : '';
  const adminToken = tokens.ADMINISTRADOR!;
  const request = row.request
    ? await row.request({ record, scope, type, succeeds, fx, adminToken, jwtSecret: app.config.jwtSecret })
    : defaultRequest(row, record);

  const response = await app.inject({
    method: row.method,
    url: request.url,
    payload: request.payload as string | object | undefined,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  expect([response.statusCode, response.statusCode === expected ? '' : response.body.slice(0, 300)]).toEqual([expected, '']);
  // Personal data is never kept by a browser or proxy: every answer of a signed-in route, refusals included.
  if (row.access !== 'public') expect(response.headers['cache-control']).toBe('no-store');

  if (expected >= 400) {
    const body = response.json() as Record<string, unknown>;
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body).filter((key) => !['success', 'message', 'errors', 'error'].includes(key))).toEqual([]);
  }
  if (succeeds && row.shows && type) {
    const shown = await fx.marker(row.shows, type, 'in');
    const hidden = await fx.marker(row.shows, type, 'out');
    expect(response.body).toContain(shown);
    if (hidden) expect(response.body).not.toContain(hidden);
  }
}

for (const row of ACCESS_TABLE) {
  describe(routeKey(row), () => {
    for (const principal of PRINCIPALS) {
      for (const scope of scopesOf(row)) {
        const expected = expectedAnswer(row, principal, scope);
        it(`${principal}${scope ? ` (${scope === 'in' ? 'in scope' : 'out of scope'})` : ''} → ${expected}`, () =>
          runCase(row, principal, scope, expected));
      }
    }
  });
}

/** How many cases the table generates (the report quotes it). */
const CASE_COUNT = ACCESS_TABLE.reduce((total, row) => total + PRINCIPALS.length * scopesOf(row).length, 0);

it(`the table generates ${CASE_COUNT} cases over ${ACCESS_TABLE.length} routes`, () => {
  expect(CASE_COUNT).toBeGreaterThan(ACCESS_TABLE.length * PRINCIPALS.length);
});
