import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestApp, loginAsDemo, sessionStatus } from '../test/helpers';

/**
 * Every session token carries `iat` and `exp`, and none lives longer than SESSION_MAX_AGE_HOURS:
 * tokens made by hand with the real secret, well signed and naming a real, active account, are
 * refused when they break that rule.
 */

const HOUR_S = 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

let app: FastifyInstance;
/** The claims of a real administrator's token (sub, typ, ver…), to re-sign with other dates. */
let claims: Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp({ seed: true, config: { sessionMaxAgeMs: 12 * HOUR_S * 1000 } });
  const token = await loginAsDemo(app, 'ADMINISTRADOR');
  const { iat: _iat, exp: _exp, ...rest } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  claims = rest;
});
afterAll(() => app.close());

/** An HS256 JWT of exactly these claims (no library adds or checks iat or exp), signed with `secret`. */
function signByHand(secret: string, payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const handMade = (payload: Record<string, unknown>) => signByHand(app.config.jwtSecret, payload);

describe('hand-made tokens signed with the real secret', () => {
  it('are accepted when issued now and expiring within the session age (the control case)', async () => {
    expect(await sessionStatus(app, handMade({ ...claims, iat: nowS(), exp: nowS() + HOUR_S }))).toBe(200);
  });

  it.each([
    ['without exp', () => ({ ...claims, iat: nowS() })],
    ['without iat', () => ({ ...claims, exp: nowS() + HOUR_S })],
    ['with neither iat nor exp', () => ({ ...claims })],
    ['issued 13 hours ago, still before its exp', () => ({ ...claims, iat: nowS() - 13 * HOUR_S, exp: nowS() + HOUR_S })],
    ['issued now with an exp a year away', () => ({ ...claims, iat: nowS(), exp: nowS() + 365 * 24 * HOUR_S })],
    ['issued in the future', () => ({ ...claims, iat: nowS() + 2 * HOUR_S, exp: nowS() + 3 * HOUR_S })],
    ['with an exp that is not a number', () => ({ ...claims, iat: nowS(), exp: 'nunca' })],
    ['without its token version', () => ({ ...claims, ver: undefined, iat: nowS(), exp: nowS() + HOUR_S })],
  ])('are refused with 401 %s', async (_case, payload) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${handMade(payload())}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
  });
});

describe('tokens the server signs', () => {
  it('carry iat and an exp within the session age', async () => {
    const token = await loginAsDemo(app, 'PARCEIRO');
    const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(typeof iat).toBe('number');
    expect(exp - iat).toBe(8 * HOUR_S);
  });

  it('never outlive a shorter SESSION_MAX_AGE_HOURS', async () => {
    const short = await createTestApp({ seed: true, config: { sessionMaxAgeMs: 1 * HOUR_S * 1000 } });
    try {
      const token = await loginAsDemo(short, 'PARCEIRO');
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(payload.exp - payload.iat).toBe(HOUR_S);
      const twoHoursOld = signByHand(short.config.jwtSecret, { ...payload, iat: nowS() - 2 * HOUR_S, exp: nowS() + HOUR_S });
      expect(await sessionStatus(short, twoHoursOld)).toBe(401);
      expect(await sessionStatus(short, token)).toBe(200);
    } finally {
      await short.close();
    }
  });
});
