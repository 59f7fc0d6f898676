import { createHmac } from 'node:crypto';
import { createLinkSigner, FILE_LINK_TTL_SECONDS, type CurrentSessions, type LinkSession } from './signedLinks';

/**
 * The signed file links (signedLinks.ts), on their own: what a link carries, and every way a link
 * that was not handed out, or no longer should work, is refused.
 */

const SECRET = 'a-secret-long-enough-for-the-test-1234';
const PATH = '/api/professionals/12/files/copia_crm';
const ADMIN = 7;
const NOW_SECONDS = 1_790_000_000;

let nowMs = NOW_SECONDS * 1000;
const signer = createLinkSigner(SECRET, () => nowMs);
const SESSION = 'f3a1c6e2-0b7d-4c59-8e21-6d4b9a7c3e10';
const ISSUED_IN: LinkSession = { accountId: ADMIN, tokenVersion: 3, sessionId: SESSION };
const versions = new Map<number, number>();
const ended: string[] = [];
const asked: number[] = [];
const currentVersion: CurrentSessions = async (accountId) => {
  asked.push(accountId);
  const tokenVersion = versions.get(accountId);
  return tokenVersion === undefined ? undefined : { tokenVersion, endedSessions: [...ended] };
};

beforeEach(() => {
  nowMs = NOW_SECONDS * 1000 + 400;
  versions.clear();
  versions.set(ADMIN, 3);
  ended.length = 0;
  asked.length = 0;
});

/** A link's query as the route receives it. */
const queryOf = (link: string) => Object.fromEntries(new URL(link, 'http://portal').searchParams);
const issued = () => queryOf(signer.sign(PATH, ISSUED_IN));

describe('sign', () => {
  it('names the account, the session and an expiry 30 minutes on, in whole seconds, after the path', () => {
    const link = signer.sign(PATH, ISSUED_IN);
    expect(link.startsWith(`${PATH}?`)).toBe(true);
    expect(queryOf(link)).toEqual({
      expires: String(NOW_SECONDS + FILE_LINK_TTL_SECONDS),
      account: String(ADMIN),
      session: SESSION,
      signature: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(FILE_LINK_TTL_SECONDS).toBe(1800);
  });

  it('signs with a key of its own derived from the secret, so that every copy and the next release verify it', () => {
    const key = createHmac('sha256', SECRET).update('portal-saude:file-links').digest();
    const expires = NOW_SECONDS + FILE_LINK_TTL_SECONDS;
    const expected = createHmac('sha256', key).update(`${PATH}\n${ADMIN}\n${SESSION}\n3\n${expires}`).digest('base64url');
    expect(issued().signature).toBe(expected);
  });

  it('signs the path, the account, the session, the token version and the expiry: each changes the signature', () => {
    const base = issued().signature;
    expect(queryOf(signer.sign(`${PATH}x`, ISSUED_IN)).signature).not.toBe(base);
    expect(queryOf(signer.sign(PATH, { ...ISSUED_IN, accountId: ADMIN + 1 })).signature).not.toBe(base);
    expect(queryOf(signer.sign(PATH, { ...ISSUED_IN, sessionId: `${SESSION}0` })).signature).not.toBe(base);
    expect(queryOf(signer.sign(PATH, { ...ISSUED_IN, tokenVersion: 4 })).signature).not.toBe(base);
    nowMs += 1000;
    expect(queryOf(signer.sign(PATH, ISSUED_IN)).signature).not.toBe(base);
    expect(queryOf(createLinkSigner(`${SECRET}!`, () => nowMs - 1000).sign(PATH, ISSUED_IN)).signature).not.toBe(base);
  });

  it('encodes a session id a query string would misread, and the link it makes still opens', async () => {
    const session = 'a b&account=9+c/d?e=f#g%';
    const link = signer.sign(PATH, { ...ISSUED_IN, sessionId: session });
    expect(link).not.toContain(session);
    expect(queryOf(link)).toEqual({ expires: expect.any(String), account: String(ADMIN), session, signature: expect.any(String) });
    expect(await signer.verify(PATH, queryOf(link), currentVersion)).toEqual({ accountId: ADMIN });
  });
});

describe('verify', () => {
  it('names the administrator of a link it handed out, until the link expires', async () => {
    const query = issued();
    expect(await signer.verify(PATH, query, currentVersion)).toEqual({ accountId: ADMIN });
    expect(asked).toEqual([ADMIN]);
    nowMs = (NOW_SECONDS + FILE_LINK_TTL_SECONDS) * 1000 + 999;
    expect(await signer.verify(PATH, query, currentVersion)).toEqual({ accountId: ADMIN });
    nowMs = (NOW_SECONDS + FILE_LINK_TTL_SECONDS + 1) * 1000;
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it("refuses a link once the administrator's sessions moved on, or when the account may not open links", async () => {
    const query = issued();
    versions.set(ADMIN, 4);
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
    versions.delete(ADMIN);
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it("refuses a link once 'Sair' ended the session it was issued in, not the account's other sessions' links", async () => {
    const query = issued();
    const another = queryOf(signer.sign(PATH, { ...ISSUED_IN, sessionId: 'another-session' }));
    ended.push(SESSION);
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, another, currentVersion)).toEqual({ accountId: ADMIN });
  });

  it('refuses a link for another file, another account, a later expiry or another secret', async () => {
    const query = issued();
    versions.set(ADMIN + 1, 3);
    expect(await signer.verify(`${PATH}x`, query, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, { ...query, account: String(ADMIN + 1) }, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, { ...query, session: 'another-session' }, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, { ...query, expires: String(Number(query.expires) + 3600) }, currentVersion)).toBeUndefined();
    const otherSecret = createLinkSigner(`${SECRET}!`, () => nowMs);
    expect(await otherSecret.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it.each([
    ['no query', undefined],
    ['a null query', null],
    ['no signature', { signature: undefined }],
    ['no session', { session: undefined }],
    ['a session given twice', { session: ['a', 'b'] }],
    ['a signature given twice', { signature: ['a', 'b'] }],
    ['a signature one character short', 'short'],
    ['a signature with one character changed', 'changed'],
    ['an expiry that is not a whole number', { expires: '1790001800.5' }],
    ['an expiry that is not a number', { expires: 'amanhã' }],
    ['an account that is not a whole number', { account: '7.5' }],
    ['an account that is not a number', { account: 'admin' }],
  ])('refuses %s, without asking for any account', async (_what, change) => {
    const query = issued();
    const sent =
      change === 'short'
        ? { ...query, signature: query.signature.slice(0, -1) }
        : change === 'changed'
          ? { ...query, signature: `${query.signature.slice(0, -1)}${query.signature.endsWith('A') ? 'B' : 'A'}` }
          : change && typeof change === 'object'
            ? { ...query, ...change }
            : change;
    expect(await signer.verify(PATH, sent, currentVersion)).toBeUndefined();
    const checksSignature = change === 'short' || change === 'changed';
    expect(asked).toEqual(checksSignature ? [ADMIN] : []);
  });
});
