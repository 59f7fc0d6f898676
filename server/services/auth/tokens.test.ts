import { createHmac } from 'node:crypto';
import { DEFAULT_SESSION_MAX_AGE_HOURS } from '../../config';
import { createTokenService, TOKEN_LIFETIME_MS, type SessionClaims } from './tokens';

/**
 * The session tokens on their own (tokens.ts): what a token carries back, how long it lives, and the
 * tokens refused although their signature is ours. `tokenLifetime.test.ts` checks the same through
 * the API with the demo data.
 */

const SECRET = 'a-secret-of-at-least-32-characters-for-tokens';
const HOUR_MS = 60 * 60 * 1000;
const nowS = () => Math.floor(Date.now() / 1000);

/** A JWT of exactly these claims, signed with `secret` by the HMAC its `alg` names (HS256 unless told). */
function signByHand(payload: Record<string, unknown>, secret = SECRET, alg = 'HS256'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg] ?? 'sha256';
  return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

const SESSION = '5b1f9c2e-8d4a-4e7b-9f3c-2a6d8e0b1c4f';
const reseller: SessionClaims = { id: 42, type: 'REVENDEDOR', partnerId: 3, branchId: 9, tokenVersion: 2, sessionId: SESSION };
const valid = { sub: '42', typ: 'REVENDEDOR', ver: 2, sid: SESSION };

afterEach(() => jest.useRealTimers());

describe('a token signed here', () => {
  it('gives back the principal it was made for, scope, version and session included', () => {
    const tokens = createTokenService(SECRET);
    expect(tokens.verify(tokens.sign(reseller))).toEqual(reseller);
    const admin: SessionClaims = { id: 1, type: 'ADMINISTRADOR', tokenVersion: 0, sessionId: 'another-session' };
    expect(tokens.verify(tokens.sign(admin))).toEqual({ ...admin, partnerId: undefined, branchId: undefined });
  });

  it('carries the id as text, the type, the scope, the version and the session, and lives 8 hours', () => {
    const claims = claimsOf(createTokenService(SECRET).sign(reseller));
    expect(claims).toMatchObject({ sub: '42', typ: 'REVENDEDOR', pid: 3, bid: 9, ver: 2, sid: SESSION });
    expect(TOKEN_LIFETIME_MS).toBe(8 * HOUR_MS);
    expect((claims.exp as number) - (claims.iat as number)).toBe(8 * 60 * 60);
    expect(Math.abs((claims.iat as number) - nowS())).toBeLessThanOrEqual(1);
  });

  it('lives no longer than the session age, when that is shorter', () => {
    const claims = claimsOf(createTokenService(SECRET, { maxAgeMs: 2 * HOUR_MS }).sign(reseller));
    expect((claims.exp as number) - (claims.iat as number)).toBe(2 * 60 * 60);
    const shorter = claimsOf(createTokenService(SECRET, { lifetimeMs: HOUR_MS, maxAgeMs: 2 * HOUR_MS }).sign(reseller));
    expect((shorter.exp as number) - (shorter.iat as number)).toBe(60 * 60);
  });

  it('is refused by a service of another secret, and once expired', () => {
    const token = createTokenService(SECRET).sign(reseller);
    expect(createTokenService(`${SECRET}!`).verify(token)).toBeNull();
    jest.useFakeTimers({ now: Date.now() + 8 * HOUR_MS + 60_000 });
    expect(createTokenService(SECRET).verify(token)).toBeNull();
  });
});

describe('a token made by hand with our secret', () => {
  const tokens = createTokenService(SECRET);

  it('is taken when it names an account and fits the session age (the control case)', () => {
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600 }))).toEqual({
      id: 42,
      type: 'REVENDEDOR',
      partnerId: undefined,
      branchId: undefined,
      tokenVersion: 2,
      sessionId: SESSION,
    });
  });

  it('is taken when issued up to a minute ahead (clocks of two copies differ a little), not more', () => {
    expect(tokens.verify(signByHand({ ...valid, iat: nowS() + 50, exp: nowS() + 3600 }))).not.toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS() + 120, exp: nowS() + 3600 }))).toBeNull();
    jest.useFakeTimers({ now: Date.UTC(2026, 4, 10, 12, 0, 0) });
    expect(tokens.verify(signByHand({ ...valid, iat: nowS() + 60, exp: nowS() + 3600 }))).not.toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS() + 61, exp: nowS() + 3600 }))).toBeNull();
  });

  it(`lives at most the session age (${DEFAULT_SESSION_MAX_AGE_HOURS} hours by default) from its issue`, () => {
    const age = DEFAULT_SESSION_MAX_AGE_HOURS * 60 * 60;
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + age }))).not.toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + age + 60 }))).toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS() - age - 60, exp: nowS() + 60 }))).toBeNull();
  });

  it.each([
    ['a subject that is not a number', { sub: 'admin' }],
    ['a subject that is not a whole number', { sub: '4.2' }],
    ['no subject', { sub: undefined }],
    ['no type', { typ: undefined }],
    ['no version', { ver: undefined }],
    ['no session (a token from before sessions were named)', { sid: undefined }],
    ['a session that is not text', { sid: 7 }],
    ['no expiry', { exp: undefined }],
    ['no issue time', { iat: undefined }],
    ['an expiry that is not a number', { exp: 'amanhã' }],
  ])('is refused with %s', (_what, change) => {
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600, ...change }))).toBeNull();
  });

  it('is refused when rightly signed with another algorithm (HS512, HS384, none), or not a token at all', () => {
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600 }, SECRET, 'HS512'))).toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600 }, SECRET, 'HS384'))).toBeNull();
    expect(tokens.verify(signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600 }, SECRET, 'none'))).toBeNull();
    for (const garbage of ['', 'abc', 'a.b.c', `${signByHand({ ...valid, iat: nowS(), exp: nowS() + 3600 })}x`]) {
      expect(tokens.verify(garbage)).toBeNull();
    }
  });
});
